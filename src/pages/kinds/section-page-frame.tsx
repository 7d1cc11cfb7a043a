import { Breadcrumb, Card, Menu, Typography } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { sectionLabel, sectionTabs } from "../../resources/derive";
import type { SectionPageProps } from "../../resources/derive";

/**
 * The frame of a generic page: where it is (main section / section), its title, and for sections
 * whose side-navigation entry is a single link (the personal centre) the section's pages as tabs.
 */
export function SectionPageFrame({ route, extra, children }: SectionPageProps & { extra?: ReactNode; children: ReactNode }) {
  const { main, section, page } = route;
  const tabs = main.sideNav === "links" ? sectionTabs(route) : [];
  const label = sectionLabel(section);
  return (
    <div style={{ maxWidth: 1200 }}>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[{ title: main.title }, { title: label }, ...(page.title !== label ? [{ title: page.title }] : [])]}
      />
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {page.title}
          </Typography.Title>
        }
        extra={extra}
      >
        {tabs.length > 1 && (
          <Menu
            mode="horizontal"
            aria-label={`${label}页面`}
            selectedKeys={tabs.filter((tab) => tab.to === route.path).map((tab) => tab.key)}
            items={tabs.map((tab) => ({ key: tab.key, label: <Link to={tab.to}>{tab.label}</Link> }))}
            style={{ marginBottom: 24 }}
          />
        )}
        {children}
      </Card>
    </div>
  );
}
