import { Layout } from "antd";
import { useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { REGISTRY } from "../../resources/registry";
import { findMainSection } from "../../resources/derive";
import type { Registry } from "../../resources/types";
import { LoadingOverlay } from "../loading-overlay";
import { ShellHeader } from "./shell-header";
import { SideNav } from "./side-nav";
import { TestAccountBanner } from "./test-account-notice";

/**
 * The logged-in shell of spec §2 around every page of the eight main sections: header with the
 * main navigation, the collapsible side navigation of the current main section, content under the
 * loading overlay (and, for a test account, a banner saying its data is test data). Pages
 * inside render only their content. It is a layout route, so moving between pages keeps it
 * mounted: the side navigation stays as the user left it, and the header's session check runs
 * once per page load.
 */
export function AppShell({ registry = REGISTRY, children }: { registry?: Registry; children: ReactNode }) {
  const [isCollapsed, setCollapsed] = useState(false);
  const main = findMainSection(registry, useLocation().pathname);
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <ShellHeader registry={registry} />
      <Layout hasSider>
        {main && <SideNav main={main} collapsed={isCollapsed} onCollapse={setCollapsed} />}
        <Layout.Content style={{ minWidth: 0 }}>
          <TestAccountBanner />
          <div style={{ padding: 24 }}>
            <LoadingOverlay>{children}</LoadingOverlay>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
