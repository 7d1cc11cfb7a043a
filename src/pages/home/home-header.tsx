import { Layout, Space, Typography } from "antd";
import { APP_PATHS } from "../../app/path-rules";
import { RouterLinkButton } from "../../components/router-link-button";
import { useUserSession } from "../../providers/session-context";
import { useServerClock } from "./use-server-clock";

export const BRAND_LOGO_URL = "/assets/images/brand/logo.svg";
export const PLATFORM_NAME = "衡证电子证据平台";

export function HomeHeader() {
  const user = useUserSession();
  const clock = useServerClock();

  return (
    <Layout.Header style={{ display: "flex", alignItems: "center", justifyContent: "space-between", background: "#fff" }}>
      <img src={BRAND_LOGO_URL} alt={PLATFORM_NAME} height={36} />
      <Space size="large">
        <Typography.Text aria-label="北京时间" style={{ fontVariantNumeric: "tabular-nums" }}>
          北京时间 {clock}
        </Typography.Text>
        {user ? (
          <RouterLinkButton type="primary" to={APP_PATHS.operationPanel}>
            进入工作台
          </RouterLinkButton>
        ) : (
          <Typography.Text type="secondary">账号登录将在账号模块上线后开放</Typography.Text>
        )}
      </Space>
    </Layout.Header>
  );
}
