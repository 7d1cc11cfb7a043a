import { Menu } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { APP_PATHS } from "../../../app/path-rules";
import { PersonalPage } from "../personal-page";
import { TwoStepSwitch } from "./two-step-switch";

/** The security centre's pages (spec §2 securityCenter); bindWechat is its own page, listed here so it can be reached. */
export const SECURITY_CENTER_TABS = [
  { key: "authentication", label: "实名认证", to: APP_PATHS.authentication },
  { key: "enterpriseProve", label: "企业认证", to: APP_PATHS.enterpriseProve },
  { key: "bindMobile", label: "绑定手机", to: APP_PATHS.bindMobile },
  { key: "bindEmail", label: "绑定邮箱", to: APP_PATHS.bindEmail },
  { key: "changePassword", label: "修改密码", to: APP_PATHS.changePassword },
  { key: "bindWechat", label: "绑定微信", to: APP_PATHS.bindWechat },
  { key: "cancellation", label: "注销账号", to: APP_PATHS.cancellation },
] as const;

export type SecurityCenterTab = (typeof SECURITY_CENTER_TABS)[number]["key"];

/** The frame of every security-centre page: the open tab's title, the two-step login switch, the tabs, the page's content. */
export function SecurityCenterPage({ active, children }: { active: SecurityCenterTab; children: ReactNode }) {
  return (
    <PersonalPage title={SECURITY_CENTER_TABS.find((tab) => tab.key === active)?.label ?? "安全中心"}>
      <TwoStepSwitch />
      <Menu
        mode="horizontal"
        selectedKeys={[active]}
        items={SECURITY_CENTER_TABS.map((tab) => ({ key: tab.key, label: <Link to={tab.to}>{tab.label}</Link> }))}
        style={{ marginBottom: 24 }}
      />
      {children}
    </PersonalPage>
  );
}
