import { Layout } from "antd";
import { useState, type ReactNode } from "react";
import { ShellHeader } from "./shell-header";
import { SideNav } from "./side-nav";

/**
 * The logged-in shell of spec §2 around every /personal page: header, collapsible side navigation,
 * content. Pages inside render only their content. It is a layout route, so moving between pages
 * keeps it mounted: the side navigation stays as the user left it, and the header's session check
 * runs once per page load.
 */
export function PersonalShell({ children }: { children: ReactNode }) {
  const [isCollapsed, setCollapsed] = useState(false);
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <ShellHeader />
      <Layout hasSider>
        <SideNav collapsed={isCollapsed} onCollapse={setCollapsed} />
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
