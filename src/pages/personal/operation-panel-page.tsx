import { Alert, Card, Space, Typography } from "antd";
import { APP_PATHS } from "../../app/path-rules";
import { RouterLinkButton } from "../../components/router-link-button";
import { useUserSession } from "../../providers/session-context";
import { resolveDisplayName } from "../../providers/session-rules";

/** The logged-in landing (spec §2 "Operation panel"); the personal shell around it has the logout and the session check. */
export function OperationPanelPage() {
  const user = useUserSession();

  return (
    <div style={{ maxWidth: 960, margin: "32px auto", padding: "0 16px" }}>
      <Card title={<Typography.Title level={3} style={{ margin: 0 }}>您好，{resolveDisplayName(user)}</Typography.Title>}>
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Alert type="info" showIcon message="账户余额将在计费功能上线后显示。" />
          <Space wrap>
            <RouterLinkButton type="primary" to={APP_PATHS.onlineCharge}>
              充值
            </RouterLinkButton>
            <RouterLinkButton to={APP_PATHS.newTextMonitor}>新建信息监测</RouterLinkButton>
            <RouterLinkButton to={APP_PATHS.textMonitorList}>证书列表</RouterLinkButton>
          </Space>
        </Space>
      </Card>
    </div>
  );
}
