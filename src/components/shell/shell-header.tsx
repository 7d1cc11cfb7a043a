import { AppstoreOutlined } from "@ant-design/icons";
import { Button, Layout, Space } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useAppLinks } from "../../providers/app-links-context";
import { useUserSession } from "../../providers/session-context";
import { useSessionCheck } from "../../providers/use-session-check";
import { BrandLogo } from "../brand-logo";
import type { Registry } from "../../resources/types";
import { headerShortcuts } from "./header-shortcuts";
import { MainNav } from "./main-nav";
import { RELATED_APPS_TEXT, RelatedAppsDrawer } from "./related-apps-drawer";
import { TestAccountTag } from "./test-account-notice";
import { UserMenu } from "./user-menu";

export const SHELL_HEADER_HEIGHT = 64;

/**
 * The logged-in header (spec §2 shell): the related-applications drawer, logo home, the main
 * navigation, the shortcuts of the account type, the test-account mark, the user menu.
 */
export function ShellHeader({ registry }: { registry: Registry }) {
  const user = useUserSession();
  const links = useAppLinks();
  const [isAppsOpen, setAppsOpen] = useState(false);
  // Spec §4: "a session check on header load" — a session the server has ended is noticed at once.
  useSessionCheck();

  return (
    <Layout.Header
      style={{
        display: "flex",
        alignItems: "center",
        gap: 24,
        height: SHELL_HEADER_HEIGHT,
        padding: "0 24px",
        background: "#fff",
        boxShadow: "0 1px 4px rgba(0, 21, 41, 0.08)",
        position: "sticky",
        top: 0,
        zIndex: 10,
      }}
    >
      <Button type="text" icon={<AppstoreOutlined aria-hidden />} aria-haspopup="dialog" onClick={() => setAppsOpen(true)} style={{ flex: "none" }}>
        {RELATED_APPS_TEXT.title}
      </Button>
      <RelatedAppsDrawer open={isAppsOpen} onClose={() => setAppsOpen(false)} />
      <BrandLogo linkHome />
      <MainNav registry={registry} />
      <span style={{ flex: 1 }} />
      <nav aria-label="快捷入口">
        <Space size={20}>
          {headerShortcuts(user, links).map((shortcut) => (
            <Link key={shortcut.to} to={shortcut.to}>
              {shortcut.label}
            </Link>
          ))}
        </Space>
      </nav>
      <TestAccountTag />
      <UserMenu user={user} />
    </Layout.Header>
  );
}
