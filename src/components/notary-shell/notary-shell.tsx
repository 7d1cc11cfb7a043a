import { BankOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { Button, Divider, Layout, Menu, Space, Typography } from "antd";
import { createElement, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { useNotaryServices } from "../../providers/notary-context";
import { activeSideNav, sideNavigation } from "../../resources/derive";
import { NOTARY_BASE, NOTARY_REGISTRY } from "../../resources/notary";
import type { Registry } from "../../resources/types";
import { BrandLogo } from "../brand-logo";
import { useNotaryInfo } from "./use-notary-info";

export const NOTARY_SHELL_TITLE = "公证处工作台";

/**
 * The notary console's frame (/info/notaryRequests/*): who is signed in for which office and
 * 退出登录 in the header, the console's pages from its registry in the side menu. The navigation
 * guard has made sure a notary session exists; loading the staff member's details also checks it.
 */
export function NotaryShell({ registry = NOTARY_REGISTRY, children }: { registry?: Registry; children: ReactNode }) {
  const { auth } = useNotaryServices();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const info = useNotaryInfo();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const entries = registry.flatMap((main) => sideNavigation(main, {}, NOTARY_BASE));
  const active = activeSideNav(entries, pathname);

  async function logout() {
    setLoggingOut(true);
    const isDone = await auth.logout().finally(() => setLoggingOut(false));
    // Spec §2: notary logout goes to the notary login; a failure has shown its message already.
    if (isDone) navigate(APP_PATHS.notaryLogin, { replace: true });
  }

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Header style={{ display: "flex", alignItems: "center", gap: 16, background: "#fff", boxShadow: "0 1px 4px rgba(0, 21, 41, 0.08)", padding: "0 24px", position: "sticky", top: 0, zIndex: 10 }}>
        <BrandLogo linkHome />
        <Divider type="vertical" style={{ height: 24 }} />
        <Typography.Text strong style={{ fontSize: 16 }}>
          {NOTARY_SHELL_TITLE}
        </Typography.Text>
        <span style={{ flex: 1 }} />
        <Space size={16}>
          <span aria-label="公证处">
            <BankOutlined /> {info.officeName}
          </span>
          <span aria-label="工作人员">
            <UserOutlined /> {info.name}
          </span>
          <Button icon={<LogoutOutlined />} onClick={logout} loading={isLoggingOut}>
            退出登录
          </Button>
        </Space>
      </Layout.Header>
      <Layout>
        <Layout.Sider theme="light" width={200} style={{ borderRight: "1px solid #f0f0f0" }}>
          <nav aria-label="公证处工作台导航">
            <Menu
              mode="inline"
              selectedKeys={active.selected ? [active.selected] : []}
              style={{ borderInlineEnd: "none", paddingTop: 8 }}
              items={entries.map((entry) => ({ key: entry.key, icon: entry.icon && createElement(entry.icon), label: <Link to={entry.to}>{entry.label}</Link> }))}
            />
          </nav>
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
