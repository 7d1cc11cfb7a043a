import { BankOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { Button, Divider, Layout, Space, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { BrandLogo } from "../../components/brand-logo";
import { useNotaryServices } from "../../providers/notary-context";
import { useNotaryInfo } from "./use-notary-info";

/** The notary console's frame (/info/notaryRequests/*): who is signed in for which office, and 退出登录. */
export function NotaryConsoleLayout({ children }: { children: ReactNode }) {
  const { auth } = useNotaryServices();
  const navigate = useNavigate();
  const info = useNotaryInfo();
  const [isLoggingOut, setLoggingOut] = useState(false);

  async function logout() {
    setLoggingOut(true);
    const isDone = await auth.logout().finally(() => setLoggingOut(false));
    // Spec §2: notary logout goes to the notary login; a failure has shown its message already.
    if (isDone) navigate(APP_PATHS.notaryLogin, { replace: true });
  }

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Header style={{ display: "flex", alignItems: "center", gap: 16, background: "#fff", boxShadow: "0 1px 4px rgba(0, 21, 41, 0.08)", padding: "0 24px" }}>
        <BrandLogo linkHome />
        <Divider type="vertical" style={{ height: 24 }} />
        <Typography.Text strong style={{ fontSize: 16 }}>
          公证处工作台
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
      <Layout.Content style={{ padding: 24 }}>{children}</Layout.Content>
    </Layout>
  );
}
