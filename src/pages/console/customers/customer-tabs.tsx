import { ProDescriptions } from "@ant-design/pro-components";
import { Alert, Space, Typography } from "antd";
import type { ReactNode } from "react";
import type { z } from "zod";
import { Link } from "react-router";
import type { SectionPageProps } from "../../../resources/derive";
import { describeFields, formatFieldValue, recordRows } from "../../../resources/field-meta";
import type { ListRecord } from "../../../resources/types";
import {
  CUSTOMER_LOGINS_SHOWN,
  CustomerChildSchema,
  CustomerEvidenceStatsSchema,
  CustomerLoginSchema,
  CustomerProfileSchema,
  CustomerSessionSchema,
  CustomerVerificationSchema,
  type CustomerDetail,
} from "../../../schema/console/customers";
import { LOGIN_HISTORY_RETENTION_MS } from "../../../schema/login-history";
import { fieldColumns } from "../../kinds/field-cell";
import { withRecordId } from "../../kinds/record-links";
import { RecordTable } from "../../kinds/record-table";
import { EndSessionButton, EndAllSessionsButton } from "./customer-actions";

/** The tabs of the customer page: each draws one part of the customer's detail from its schema's labels. */

const LOGIN_HISTORY_RETENTION_DAYS = LOGIN_HISTORY_RETENTION_MS / (24 * 60 * 60 * 1000);

type TabProps = { customer: CustomerDetail };

/** A record's fields as the generic record page shows them, labelled by its schema. */
export function FieldList({ schema, record, title }: { schema: z.ZodObject; record: object; title?: string }) {
  const rows = recordRows(describeFields(schema), record as Record<string, unknown>);
  return <ProDescriptions title={title} bordered column={1} columns={rows.map((row) => ({ key: row.name, title: row.label, render: () => row.value || "—" }))} />;
}

/** A list of the customer's detail as a table, with the fields of its schema as columns. */
export function FieldTable({ schema, records, rowKey, emptyText, actions }: { schema: z.ZodObject; records: readonly object[]; rowKey: string; emptyText: string; actions?: (record: ListRecord) => ReactNode }) {
  const columns = fieldColumns(describeFields(schema));
  const withActions = actions ? [...columns, { key: "actions", title: "操作", render: (_: unknown, record: ListRecord) => actions(record) }] : columns;
  return <RecordTable columns={withActions} records={records as ListRecord[]} rowKey={rowKey} emptyText={emptyText} />;
}

export function ProfileTab({ customer }: TabProps) {
  return <FieldList schema={CustomerProfileSchema} record={customer.profile} />;
}

export function VerificationTab({ customer }: TabProps) {
  const { realName, enterprise } = customer.verification;
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <FieldList title="实名认证" schema={CustomerVerificationSchema.shape.realName} record={realName} />
      <FieldList title="企业认证" schema={CustomerVerificationSchema.shape.enterprise} record={enterprise} />
    </Space>
  );
}

/** A sub-account names its main account; a main account lists its sub-accounts, each linked to its own page. */
export function ChildrenTab({ route, customer }: SectionPageProps & TabProps) {
  const { parent, children } = customer;
  const linkTo = (id: number) => withRecordId(route.path, id);
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {parent && (
        <Alert
          type="info"
          showIcon
          message={
            <>
              这是 <Link to={linkTo(parent.id)}>{parent.displayName}（{parent.loginAccount}）</Link> 的子账号{parent.childName ? `，名称为“${parent.childName}”` : ""}
            </>
          }
        />
      )}
      <FieldTable
        schema={CustomerChildSchema}
        records={children.list}
        rowKey="id"
        emptyText="暂无子账号"
        actions={(record) => <Link to={linkTo(Number(record.id))}>查看客户详情</Link>}
      />
      {children.total > children.list.length && <Typography.Text type="secondary">共 {children.total} 个子账号，仅列出最近创建的 {children.list.length} 个</Typography.Text>}
    </Space>
  );
}

export function SessionsTab({ customer, canManage, refresh }: TabProps & { canManage: boolean; refresh: () => void }) {
  const { profile, sessions } = customer;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {canManage && sessions.length > 0 && <EndAllSessionsButton customerId={profile.id} refresh={refresh} />}
      <FieldTable
        schema={CustomerSessionSchema}
        records={sessions}
        rowKey="ref"
        emptyText="当前没有在线会话"
        actions={canManage ? (record) => <EndSessionButton customerId={profile.id} sessionRef={String(record.ref)} refresh={refresh} /> : undefined}
      />
    </Space>
  );
}

export function EvidenceTab({ customer }: TabProps) {
  const { kinds, totalCount, totalBytes } = customer.evidence;
  const bytes = formatFieldValue({ format: "bytes" }, totalBytes);
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Text aria-label="存证合计">
        共 {totalCount} 条存证，合计 {bytes}
      </Typography.Text>
      <FieldTable schema={CustomerEvidenceStatsSchema.shape.kinds.element} records={kinds} rowKey="kind" emptyText="暂无存证" />
    </Space>
  );
}

export function LoginsTab({ customer }: TabProps) {
  // Two logins can share a time; their order in the answer (newest first) is their key.
  const records = customer.logins.map((login, order) => ({ ...login, order }));
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Text type="secondary">
        最近 {CUSTOMER_LOGINS_SHOWN} 次登录与密码错误；登录记录保留 {LOGIN_HISTORY_RETENTION_DAYS} 天
      </Typography.Text>
      <FieldTable schema={CustomerLoginSchema} records={records} rowKey="order" emptyText="暂无登录记录" />
    </Space>
  );
}
