import { Card, Space, Typography } from "antd";
import { APP_PATHS } from "../../app/path-rules";
import { RouterLinkButton } from "../../components/router-link-button";
import { useAppLinks } from "../../providers/app-links-context";
import type { UserSession } from "../../providers/session-store";
import { resolveDisplayName } from "../../providers/session-rules";

/** What /login shows to someone already signed in (for example after a login that did not redirect). */
export function SignedInCard({ user }: { user: UserSession }) {
  const links = useAppLinks();
  return (
    <Card style={{ maxWidth: 380, margin: "0 auto" }}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Text>您已登录：{resolveDisplayName(user)}</Typography.Text>
        <RouterLinkButton type="primary" block to={links.operationPanel}>
          进入工作台
        </RouterLinkButton>
        {user.hasPassword === false && (
          <RouterLinkButton block to={APP_PATHS.setPassword}>
            设置登录密码
          </RouterLinkButton>
        )}
      </Space>
    </Card>
  );
}
