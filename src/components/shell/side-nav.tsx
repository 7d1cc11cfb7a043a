import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Layout, Menu } from "antd";
import type { ItemType } from "antd/es/menu/interface";
import { createElement, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useUserSession } from "../../providers/session-context";
import { isSubAccount } from "../../providers/session-rules";
import { activeSideNav, isSideNavGroup, sideNavigation, type SideNavEntry } from "../../resources/derive";
import type { MainSectionDefinition } from "../../resources/types";
import { IdentityPanel } from "./identity-panel";
import { SHELL_HEADER_HEIGHT } from "./shell-header";
import { usePermittedItems } from "./use-permitted-items";

export const SIDE_NAV_WIDTH = 220;

/**
 * The collapsible side navigation of a main section (spec §2 shell), from the registry; the
 * access-control provider hides what the user may not use (spec §6 sub-account rules).
 */
export function SideNav({ main, collapsed, onCollapse }: { main: MainSectionDefinition; collapsed: boolean; onCollapse: (collapsed: boolean) => void }) {
  const user = useUserSession();
  const entries = usePermittedItems(sideNavigation(main, { isSubAccount: isSubAccount(user) }));
  const { pathname } = useLocation();
  const active = activeSideNav(entries, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(active.open ? [active.open] : []);
  // Arriving in another group (a link elsewhere on the page) opens it, and so does expanding the
  // navigation again (collapsing closes every group); groups the user opened stay open.
  useEffect(() => {
    if (active.open && !collapsed) setOpenKeys((keys) => (keys.includes(active.open!) ? keys : [...keys, active.open!]));
  }, [active.open, collapsed]);

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
      // Stays in view below the sticky header and scrolls on its own when its groups are longer than the window.
      style={{ borderRight: "1px solid #f0f0f0", position: "sticky", top: SHELL_HEADER_HEIGHT, height: `calc(100vh - ${SHELL_HEADER_HEIGHT}px)`, overflowY: "auto" }}
    >
      {!collapsed && <IdentityPanel user={user} />}
      <nav aria-label={`${main.title}导航`}>
        <Menu
          mode="inline"
          selectedKeys={active.selected ? [active.selected] : []}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          style={{ borderInlineEnd: "none" }}
          items={entries.map(toMenuItem)}
        />
      </nav>
    </Layout.Sider>
  );
}

function toMenuItem(entry: SideNavEntry): ItemType {
  const icon = entry.icon && createElement(entry.icon);
  if (isSideNavGroup(entry)) {
    return { key: entry.key, icon, label: entry.label, children: entry.children.map((link) => ({ key: link.key, label: <Link to={link.to}>{link.label}</Link> })) };
  }
  // A real link, so it also opens in a new tab; a plain click stays in the app.
  return { key: entry.key, icon, label: <Link to={entry.to}>{entry.label}</Link> };
}
