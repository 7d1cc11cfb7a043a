import ArrowLeftOutlined from "@ant-design/icons-svg/es/asn/ArrowLeftOutlined";
import type { CSSProperties } from "react";
import { LightButton } from "../../components/light/light-button";
import { LightCard } from "../../components/light/light-card";
import { LightIcon } from "../../components/light/light-icon";
import { LightTabs } from "../../components/light/light-tabs";
import { BIND_MODE } from "../../schema/credentials";
import { BindCodeForm } from "./bind-code-form";
import { BindPasswordForm } from "./bind-password-form";
import { BIND_PANEL_TEXT } from "./scan-login-text";
import "./login-panel.css";

/**
 * The bind-account panel of spec §2, shown instead of the login panel after a scan answered 5025:
 * bind an existing account (tab 0) or bind by verification code (tab 1); the arrow goes back.
 * Light kit, like the login panel it replaces on the home page (issue 20).
 */
export function BindAccountPanel({ oauthUserId, onBack, style }: { oauthUserId: string; onBack: () => void; style?: CSSProperties }) {
  return (
    <LightCard style={{ width: "100%", maxWidth: 380, ...style }} bodyStyle={{ paddingTop: 12 }}>
      <div className="hz-bind-panel__head">
        <LightButton type="text" icon={<LightIcon icon={ArrowLeftOutlined} />} onClick={onBack} aria-label={BIND_PANEL_TEXT.back} title={BIND_PANEL_TEXT.back} />
        <h4>{BIND_PANEL_TEXT.title}</h4>
      </div>
      <p className="hz-bind-panel__intro">{BIND_PANEL_TEXT.intro}</p>
      <LightTabs
        defaultActiveKey={String(BIND_MODE.account)}
        items={[
          { key: String(BIND_MODE.account), label: BIND_PANEL_TEXT.tabs.account, children: <BindPasswordForm oauthUserId={oauthUserId} /> },
          { key: String(BIND_MODE.code), label: BIND_PANEL_TEXT.tabs.code, children: <BindCodeForm oauthUserId={oauthUserId} /> },
        ]}
      />
    </LightCard>
  );
}
