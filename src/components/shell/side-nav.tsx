import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Layout, Menu } from "antd";
import { Link, useLocation } from "react-router";
import { useUserSession } from "../../providers/session-context";
import { IdentityPanel } from "./identity-panel";
import { activeNavResource, personalNavItems } from "./personal-nav";
import { usePermittedItems } from "./use-permitted-items";

export const SIDE_NAV_WIDTH = 220;

/** The collapsible side navigation of the personal centre (spec §2 shell, §6 sub-account rules). */
export function SideNav({ collapsed, onCollapse }: { collapsed: boolean; onCollapse: (collapsed: boolean) => void }) {
  const user = useUserSession();
  const items = usePermittedItems(personalNavItems(user));
  const { pathname } = useLocation();
  const active = activeNavResource(items, pathname);

  return (
    <Layout.Sider
      theme="light"
      width={SIDE_NAV_WIDTH}
      collapsible
      collapsed={collapsed}
      onCollapse={onCollapse}
      // antd's own trigger is an unnamed icon; this one tells screen readers what it does.
      trigger={
        <span role="button" aria-label={collapsed ? "展开导航" : "收起导航"}>
          {collapsed ? <RightOutlined /> : <LeftOutlined />}
        </span>
      }
      style={{ borderRight: "1px solid #f0f0f0" }}
    >
      {!collapsed && <IdentityPanel user={user} />}
      <nav aria-label="个人中心导航">
        <Menu
          mode="inline"
          selectedKeys={active ? [active] : []}
          style={{ borderInlineEnd: "none" }}
          items={items.map((item) => ({
            key: item.resource,
            icon: item.icon,
            // A real link, so it also opens in a new tab; a plain click stays in the app.
            label: <Link to={item.to}>{item.label}</Link>,
          }))}
        />
      </nav>
    </Layout.Sider>
  );
}
