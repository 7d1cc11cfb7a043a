import { Alert, Card, Space, Statistic, Typography } from "antd";
import { NewMonitorButton } from "../../components/billing/new-monitor-button";
import { RechargeButton } from "../../components/billing/recharge-button";
import { RouterLinkButton } from "../../components/router-link-button";
import { useAppLinks } from "../../providers/app-links-context";
import { useUserSession } from "../../providers/session-context";
import { resolveDisplayName } from "../../providers/session-rules";
import { useBalance } from "../../providers/use-account-billing";
import { formatBalanceYuan, TEXT_MONITORING_PRODUCT_CODE } from "../../schema/billing";

/**
 * The logged-in landing (spec §2 "Operation panel"): the balance from getBalance, recharge, new
 * information monitoring and its certificate list. The personal shell around it has the logout
 * and the session check.
 */
export function OperationPanelPage() {
  const links = useAppLinks();
  const user = useUserSession();
  const balance = useBalance();

  return (
    <div style={{ maxWidth: 960, margin: "32px auto", padding: "0 16px" }}>
      <Card title={<Typography.Title level={3} style={{ margin: 0 }}>运营面板</Typography.Title>}>
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Typography.Text strong style={{ fontSize: 16 }}>您好，{resolveDisplayName(user)}</Typography.Text>
          {balance.errorMessage ? (
            <Alert type="warning" showIcon message={`账户余额暂时无法读取：${balance.errorMessage}`} />
          ) : (
            <Statistic
              title="账户余额（元）"
              loading={balance.isLoading}
              value={balance.balanceFen ?? 0}
              formatter={() => (balance.balanceFen === null ? "—" : formatBalanceYuan(balance.balanceFen))}
              valueStyle={balance.balanceFen !== null && balance.balanceFen < 0 ? { color: "#cf1322" } : undefined}
            />
          )}
          <Space wrap>
            <RechargeButton type="primary" />
            <NewMonitorButton to={links.newTextMonitor} productCode={TEXT_MONITORING_PRODUCT_CODE}>
              新建信息监测
            </NewMonitorButton>
            <RouterLinkButton to={links.textMonitorList}>证书列表</RouterLinkButton>
          </Space>
        </Space>
      </Card>
    </div>
  );
}
