import { SafetyCertificateOutlined } from "@ant-design/icons";
import { Card, Typography } from "antd";
import type { ReactNode } from "react";

/** The console's sign-in frame: dark, with the console's name, unlike the customers' account pages. */
export function ConsoleLoginFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ minHeight: "100vh", display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", padding: "40px 16px", background: "linear-gradient(160deg, #001529 0%, #0b2a4a 60%, #123a66 100%)" }}>
      <div style={{ display: "flex", alignItems: "center", gap: 10, color: "#fff", marginBottom: 24 }}>
        <SafetyCertificateOutlined style={{ fontSize: 32, color: "#4096ff" }} />
        <span style={{ fontSize: 24, fontWeight: 600, letterSpacing: 2 }}>衡证运营后台</span>
      </div>
      <Card style={{ width: "100%", maxWidth: 440 }}>
        <Typography.Title level={3} style={{ marginTop: 0, textAlign: "center" }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
      <Typography.Text style={{ color: "rgba(255, 255, 255, 0.45)", marginTop: 24 }}>仅限平台工作人员使用，所有操作均记入审计日志</Typography.Text>
    </div>
  );
}
