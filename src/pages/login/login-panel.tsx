import { lazy, Suspense, useState, type CSSProperties, type ReactNode } from "react";
import { Link } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { LightCard } from "../../components/light/light-card";
import { LightTabs } from "../../components/light/light-tabs";
import { LOGIN_MODE } from "../../schema/credentials";
import { AGREEMENT_TEXT } from "./agreement-field";
import { CodeLoginForm } from "./code-login-form";
import { LOGIN_TEXT } from "./login-text";
import { PasswordLoginForm } from "./password-login-form";
import "./login-panel.css";

// Scan login (its QR frame and outcomes) loads when its tab is first opened.
const ScanLoginTab = lazy(() => import("./scan-login-tab").then((module) => ({ default: module.ScanLoginTab })));

type LoginModeValue = (typeof LOGIN_MODE)[keyof typeof LOGIN_MODE];

const TABS: { mode: LoginModeValue; label: string; render: () => ReactNode }[] = [
  { mode: LOGIN_MODE.password, label: LOGIN_TEXT.tabs.password, render: () => <PasswordLoginForm /> },
  { mode: LOGIN_MODE.code, label: LOGIN_TEXT.tabs.code, render: () => <CodeLoginForm /> },
  {
    mode: LOGIN_MODE.scan,
    label: LOGIN_TEXT.tabs.scan,
    render: () => (
      <Suspense fallback={null}>
        <ScanLoginTab />
      </Suspense>
    ),
  },
];

/**
 * The login panel of spec §2, used on the home page and at /login: three modes by tab, and the
 * ways to an account's other screens. Inactive tabs are not rendered until opened, so the captcha
 * is only fetched for password login. Drawn with the light kit: the home page shows it (issue 20).
 */
export function LoginPanel({ initialMode = LOGIN_MODE.password, style }: { initialMode?: LoginModeValue; style?: CSSProperties }) {
  const [mode, setMode] = useState<LoginModeValue>(initialMode);

  return (
    <LightCard style={{ width: "100%", maxWidth: 380, ...style }} bodyStyle={{ paddingTop: 8 }}>
      <LightTabs
        activeKey={String(mode)}
        onChange={(key) => setMode(Number(key) as LoginModeValue)}
        items={TABS.map((tab) => ({ key: String(tab.mode), label: tab.label, children: tab.render() }))}
      />
      <div className="hz-login-links">
        <Link to={APP_PATHS.resetPassword}>{LOGIN_TEXT.forgotPassword}</Link>
        <Link to={APP_PATHS.register}>{LOGIN_TEXT.register}</Link>
      </div>
      {/* Code login has its own agreement checkbox (spec §2); password login is for accounts that agreed on registering. */}
      {mode === LOGIN_MODE.password && (
        <p className="hz-login-note">
          登录即表示您已阅读并同意
          <Link to={APP_PATHS.agreement}>{AGREEMENT_TEXT.agreement}</Link>
          和
          <Link to={APP_PATHS.privacyAgreement}>
            {AGREEMENT_TEXT.privacy}
          </Link>
        </p>
      )}
    </LightCard>
  );
}
