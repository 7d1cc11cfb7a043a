import { ProLayout } from "@ant-design/pro-components";
import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useEffect, useMemo, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { useOperatorServices } from "../../providers/operator-context";
import { useOperatorSession } from "../../providers/session-context";
import { CONSOLE_REGISTRY } from "../../resources/console/registry";
import type { Registry } from "../../resources/types";
import { LoadingOverlay } from "../loading-overlay";
import { consoleMenu, selectedConsoleMenuKeys, type ConsoleMenuItem } from "./console-menu";
import { OperatorHeader } from "./operator-header";

export const CONSOLE_TITLE = "衡证运营后台";

/** Dark header and side menu, so nobody takes the console for the customers' light shell. */
const CONSOLE_LAYOUT_TOKEN = {
  header: {
    colorBgHeader: "#0b1f33",
    colorHeaderTitle: "#ffffff",
    colorTextRightActionsItem: "rgba(255, 255, 255, 0.85)",
    heightLayoutHeader: 56,
  },
  sider: {
    colorMenuBackground: "#001529",
    colorMenuItemDivider: "rgba(255, 255, 255, 0.15)",
    colorTextMenu: "rgba(255, 255, 255, 0.75)",
    colorTextMenuSecondary: "rgba(255, 255, 255, 0.65)",
    colorTextMenuTitle: "rgba(255, 255, 255, 0.95)",
    colorTextMenuItemHover: "#ffffff",
    colorTextMenuActive: "#ffffff",
    colorTextMenuSelected: "#ffffff",
    colorBgMenuItemHover: "rgba(255, 255, 255, 0.08)",
    colorBgMenuItemSelected: "#1677ff",
    colorTextCollapsedButton: "rgba(255, 255, 255, 0.85)",
    colorBgCollapsedButton: "#001529",
  },
  pageContainer: { paddingBlockPageContainerContent: 24, paddingInlinePageContainerContent: 24 },
};

/**
 * The operator console's shell around its home and every page of its registry: ProLayout with the
 * side menu derived from CONSOLE_REGISTRY and filtered by the operator's permissions, and a header
 * with the operator, their roles and 退出登录. The navigation guard has made sure somebody is
 * signed in; the profile is read again once per page load, since an administrator may have
 * changed the roles since the sign-in.
 */
export function ConsoleShell({ registry = CONSOLE_REGISTRY, children }: { registry?: Registry; children: ReactNode }) {
  const session = useOperatorSession();
  const { auth } = useOperatorServices();
  const { pathname } = useLocation();
  const permissions = session?.operator.permissions ?? [];
  const menu = useMemo(() => consoleMenu(registry, permissions), [registry, permissions]);

  useEffect(() => {
    void auth.refreshProfile();
  }, [auth]);

  if (!session) return null;
  return (
    <ProLayout
      title={CONSOLE_TITLE}
      logo={<SafetyCertificateOutlined style={{ fontSize: 24, color: "#4096ff" }} />}
      layout="mix"
      siderMenuType="sub"
      // Few sections per main section: all open, so every allowed page is one click away.
      menu={{ defaultOpenAll: true }}
      // antd's dark menu has classes of its own: a light menu on the page (a section's page tabs)
      // injects light-menu styles that would otherwise win over the layout's tokens.
      menuProps={{ theme: "dark" }}
      fixSiderbar
      fixedHeader
      splitMenus={false}
      token={CONSOLE_LAYOUT_TOKEN}
      location={{ pathname }}
      route={{ path: APP_PATHS.console, children: menu }}
      selectedKeys={selectedConsoleMenuKeys(registry, permissions, pathname)}
      menuItemRender={(item, dom) => {
        const to = (item as ConsoleMenuItem).to;
        return to ? <Link to={to}>{dom}</Link> : dom;
      }}
      headerTitleRender={(logo, title) => (
        <Link to={APP_PATHS.console} style={{ display: "flex", alignItems: "center", gap: 8 }}>
          {logo}
          {title}
        </Link>
      )}
      actionsRender={() => [<OperatorHeader key="operator" operator={session.operator} />]}
      menuFooterRender={(props) => !props?.collapsed && <div style={{ color: "rgba(255,255,255,0.45)", fontSize: 12, padding: "8px 16px" }}>仅限平台工作人员使用</div>}
      contentStyle={{ padding: 24 }}
    >
      <LoadingOverlay>{children}</LoadingOverlay>
    </ProLayout>
  );
}
