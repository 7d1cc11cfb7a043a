import { Layout, Space, Typography } from "antd";
import { APP_PATHS } from "../../app/path-rules";
import { BrandLogo } from "../../components/brand-logo";
import { RouterLinkButton } from "../../components/router-link-button";
import { useUserSession } from "../../providers/session-context";
import { hasSignedInAccount, resolveDisplayName } from "../../providers/session-rules";
import { useServerClock } from "./use-server-clock";

/** The header of /index: clock, and for a signed-in user the way into the workspace. */
export function HomeHeader() {
  const user = useUserSession();
  const clock = useServerClock();

  return (
    <Layout.Header style={{ display: "flex", alignItems: "center", justifyContent: "space-between", background: "#fff" }}>
      <BrandLogo />
      <Space size="large">
        <Typography.Text aria-label="北京时间" style={{ fontVariantNumeric: "tabular-nums" }}>
          北京时间 {clock}
        </Typography.Text>
        {hasSignedInAccount(user) ? (
          <>
            <Typography.Text strong>{resolveDisplayName(user)}</Typography.Text>
            <RouterLinkButton type="primary" to={APP_PATHS.operationPanel}>
              进入工作台
            </RouterLinkButton>
          </>
        ) : null /* spec §2: the login link is hidden on /index for visitors; the panel is right there */}
      </Space>
    </Layout.Header>
  );
}
