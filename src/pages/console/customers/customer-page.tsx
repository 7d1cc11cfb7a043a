import { Alert, Result, Skeleton, Space, Tabs, Tag, Typography } from "antd";
import { Link, useSearchParams } from "react-router";
import { pagePath, type SectionPageProps } from "../../../resources/derive";
import { FINANCE_PERMISSION } from "../../../schema/console/finance";
import { ACCOUNT_DISABLERS, CUSTOMER_ENDPOINTS, CUSTOMER_STATUS_LABELS, type CustomerDetail } from "../../../schema/console/customers";
import { useEndpointQuery } from "../../../providers/use-endpoint";
import { useOperatorPermission } from "../../../providers/use-operator-permission";
import { listPageAbove, RECORD_ID_PARAM } from "../../kinds/record-links";
import { SectionPageFrame } from "../../kinds/section-page-frame";
import { CustomerStatusActions } from "./customer-actions";
import { LawyerTab } from "./customer-lawyer-tab";
import { MoneyTab } from "./customer-money-tab";
import { ChildrenTab, EvidenceTab, LoginsTab, ProfileTab, SessionsTab, VerificationTab } from "./customer-tabs";

const STATUS_COLORS = { active: "success", disabled: "error", cancelled: "default" } as const;

/**
 * One customer for the console (/console/customers/lookup/dataList/customerInfo?id=): who they are,
 * their verification, sub-accounts, sessions, evidence and logins, with the actions an operator
 * holding customers.manage may take (ending sessions, disabling and enabling the account).
 */
export function CustomerPage({ route }: SectionPageProps) {
  const [params] = useSearchParams();
  const id = Number(params.get(RECORD_ID_PARAM) ?? "");
  const isNamed = Number.isInteger(id) && id > 0;
  const { datas, query } = useEndpointQuery(CUSTOMER_ENDPOINTS.detail, { id }, { enabled: isNamed });
  const customer = query.isSuccess ? datas : undefined;
  const canManage = useOperatorPermission("customers.manage");
  const isFinance = useOperatorPermission(FINANCE_PERMISSION);
  const list = listPageAbove(route);
  const back = list && <Link to={pagePath(route, list)}>返回{list.title}</Link>;
  const refresh = () => void query.refetch();

  const body = !isNamed ? (
    <Result status="warning" title="未指定要查看的客户" extra={back} />
  ) : query.isError ? (
    <Alert type="error" showIcon message={query.error.message} action={back} />
  ) : !customer ? (
    <Skeleton active />
  ) : (
    <CustomerView route={route} customer={customer} canManage={canManage} isFinance={isFinance} refresh={refresh} />
  );
  return (
    <SectionPageFrame route={route} extra={customer && canManage && <CustomerStatusActions customer={customer} refresh={refresh} />}>
      {body}
      {back && <p style={{ marginTop: 16 }}>{back}</p>}
    </SectionPageFrame>
  );
}

function CustomerView({ route, customer, canManage, isFinance, refresh }: SectionPageProps & { customer: CustomerDetail; canManage: boolean; isFinance: boolean; refresh: () => void }) {
  const { profile } = customer;
  const tabs = [
    { key: "profile", label: "资料", children: <ProfileTab customer={customer} /> },
    { key: "verification", label: "认证", children: <VerificationTab customer={customer} /> },
    { key: "children", label: `子账号（${customer.children.total}）`, children: <ChildrenTab route={route} customer={customer} /> },
    { key: "sessions", label: `会话（${customer.sessions.length}）`, children: <SessionsTab customer={customer} canManage={canManage} refresh={refresh} /> },
    { key: "evidence", label: "存证统计", children: <EvidenceTab customer={customer} /> },
    { key: "logins", label: "登录记录", children: <LoginsTab customer={customer} /> },
    { key: "lawyer", label: "律师", children: <LawyerTab customerId={customer.profile.id} /> },
    // Money is finance's business: the tab and its call need finance.manage.
    ...(isFinance ? [{ key: "money", label: "资金", children: <MoneyTab customerId={customer.profile.id} /> }] : []),
  ];
  return (
    <>
      <Space size="middle" wrap style={{ marginBottom: 16 }} aria-label="客户概要">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {profile.displayName}
        </Typography.Title>
        <Typography.Text type="secondary">{profile.loginAccount}</Typography.Text>
        <Tag color={STATUS_COLORS[profile.status]}>{CUSTOMER_STATUS_LABELS[profile.status]}</Tag>
        {profile.disabledBy.length > 0 && (
          <Typography.Text type="secondary">停用方：{profile.disabledBy.map((by) => ACCOUNT_DISABLERS[by]).join("、")}</Typography.Text>
        )}
      </Space>
      <Tabs items={tabs} />
    </>
  );
}
