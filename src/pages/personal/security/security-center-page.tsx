import { Menu } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { pagePath, type SectionPageProps } from "../../../resources/derive";
import { PersonalPage } from "../personal-page";
import { TwoStepSwitch } from "./two-step-switch";

/**
 * The frame of every security-centre page (spec §2 securityCenter): the open page's title, the
 * two-step login switch, the section's pages as tabs (bindWechat is its own page, listed so it can
 * be reached), the page's content.
 */
export function SecurityCenterPage({ route, children }: SectionPageProps & { children: ReactNode }) {
  const { section, page } = route;
  return (
    <PersonalPage title={page.title}>
      <TwoStepSwitch />
      <Menu
        mode="horizontal"
        selectedKeys={[page.path]}
        items={section.pages.map((tab) => ({ key: tab.path, label: <Link to={pagePath(route, tab)}>{tab.title}</Link> }))}
        style={{ marginBottom: 24 }}
      />
      {children}
    </PersonalPage>
  );
}
