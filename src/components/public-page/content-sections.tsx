import { Space, Typography } from "antd";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useAppLinks } from "../../providers/app-links-context";
import type { AppLinkName } from "../../resources/app-links";
import { SectionCard } from "../section-card";
import type { ContentLink, ContentSection } from "./content-section";

// antd's Table is heavy and few sections have a table: it loads with the first that does (issue 20).
const ContentTableView = lazy(() => import("./content-table"));

/** The text sections of a public page, one card each. */
export function ContentSections({ sections }: { sections: readonly ContentSection[] }) {
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      {sections.map((section) => (
        <ContentSectionCard key={section.heading} section={section} />
      ))}
    </Space>
  );
}

export function ContentSectionCard({ section }: { section: ContentSection }) {
  return (
    <SectionCard id={section.anchor} title={<h2 style={{ margin: 0, fontSize: 20 }}>{section.heading}</h2>}>
      {section.paragraphs?.map((paragraph) => (
        <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
      ))}
      {section.items && (
        <ul style={{ paddingLeft: 20, lineHeight: 1.9 }}>
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {section.steps && (
        <ol style={{ paddingLeft: 20, lineHeight: 1.9 }}>
          {section.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
      {section.table && (
        <Suspense fallback={null}>
          <ContentTableView table={section.table} />
        </Suspense>
      )}
      {section.closing?.map((paragraph) => (
        <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
      ))}
      {section.links && (
        <Space wrap size="large">
          {section.links.map((link) => (
            <ContentLinkView key={link.label} link={link} />
          ))}
        </Space>
      )}
    </SectionCard>
  );
}

/** Server pages (/opendocs) need a full page load; app pages navigate in place. */
export function ContentLinkView({ link }: { link: ContentLink }) {
  if ("appLink" in link) return <NamedAppLink name={link.appLink} label={link.label} />;
  return link.isServerPage ? <a href={link.to}>{link.label}</a> : <Link to={link.to}>{link.label}</Link>;
}

/** A link to a registry page: only such links wait for the registry's links to load. */
function NamedAppLink({ name, label }: { name: AppLinkName; label: string }) {
  const links = useAppLinks();
  return <Link to={links[name]}>{label}</Link>;
}
