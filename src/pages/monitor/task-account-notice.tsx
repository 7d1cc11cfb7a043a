import { Alert, Space, Typography } from "antd";
import { Link } from "react-router";
import { useAppLinks } from "../../providers/app-links-context";
import { AccountLimitCode, formatBalanceYuan } from "../../schema/billing";
import { MATCH_TYPE_LABELS, type MonitorAccount, type MatchType } from "../../schema/monitor";

/**
 * What the monitoring account allows before anything is sent: the balance, the limits code that
 * blocks a new task (spec §4) with the way out of it, and matchers this server cannot run.
 */
export function TaskAccountNotice({ account, matchers }: { account: MonitorAccount; matchers: readonly MatchType[] }) {
  const links = useAppLinks();
  const missing = account.unavailable.filter((tool) => matchers.includes(tool.matcher));
  return (
    <Space direction="vertical" style={{ width: "100%", marginBottom: 16 }}>
      <Typography.Text>
        账户余额：<Typography.Text strong>{formatBalanceYuan(account.balanceFen)} 元</Typography.Text>
        {"　"}
        <Link to={links.onlineCharge}>充值</Link>
      </Typography.Text>
      {account.limitsCode !== null && (
        <Alert
          type="warning"
          showIcon
          message={account.limitsMessage ?? "账户暂不能新建监测"}
          action={<LimitAction code={account.limitsCode} />}
        />
      )}
      {missing.map((tool) => (
        <Alert key={tool.matcher} type="error" showIcon message={`本服务器暂不能进行${MATCH_TYPE_LABELS[tool.matcher]}比对`} description={tool.reason} />
      ))}
    </Space>
  );
}

/** The page that lifts a limit: recharge for 301, real-name verification for 304. */
function LimitAction({ code }: { code: number }) {
  const links = useAppLinks();
  if (code === AccountLimitCode.balanceInsufficient) return <Link to={links.onlineCharge}>去充值</Link>;
  if (code === AccountLimitCode.identityUnverified) return <Link to={links.authentication}>去实名认证</Link>;
  return null;
}
