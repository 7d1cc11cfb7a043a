import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Card, Tabs, Typography } from "antd";
import type { CSSProperties } from "react";
import { BIND_MODE } from "../../schema/credentials";
import { BindCodeForm } from "./bind-code-form";
import { BindPasswordForm } from "./bind-password-form";
import { BIND_PANEL_TEXT } from "./scan-login-text";

/**
 * The bind-account panel of spec §2, shown instead of the login panel after a scan answered 5025:
 * bind an existing account (tab 0) or bind by verification code (tab 1); the arrow goes back.
 */
export function BindAccountPanel({ oauthUserId, onBack, style }: { oauthUserId: string; onBack: () => void; style?: CSSProperties }) {
  return (
    <Card style={{ width: "100%", maxWidth: 380, ...style }} styles={{ body: { paddingTop: 12 } }}>
      <div style={{ display: "flex", alignItems: "center", gap: 4 }}>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={BIND_PANEL_TEXT.back} title={BIND_PANEL_TEXT.back} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {BIND_PANEL_TEXT.title}
        </Typography.Title>
      </div>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: "8px 0 0" }}>
        {BIND_PANEL_TEXT.intro}
      </Typography.Paragraph>
      <Tabs
        defaultActiveKey={String(BIND_MODE.account)}
        centered
        items={[
          { key: String(BIND_MODE.account), label: BIND_PANEL_TEXT.tabs.account, children: <BindPasswordForm oauthUserId={oauthUserId} /> },
          { key: String(BIND_MODE.code), label: BIND_PANEL_TEXT.tabs.code, children: <BindCodeForm oauthUserId={oauthUserId} /> },
        ]}
      />
    </Card>
  );
}
