import { Card, Space, Table, Typography } from "antd";
import { Link } from "react-router";
import { useAppLinks } from "../../providers/app-links-context";
import type { AppLinkName } from "../../resources/app-links";
import type { ContentLink, ContentSection, ContentTable } from "./content-section";

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
    <Card id={section.anchor} title={<h2 style={{ margin: 0, fontSize: 20 }}>{section.heading}</h2>}>
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
      {section.table && <ContentTableView table={section.table} />}
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
    </Card>
  );
}

function ContentTableView({ table }: { table: ContentTable }) {
  const columns = table.columns.map((title, index) => ({ title, dataIndex: String(index), key: String(index) }));
  const rows = table.rows.map((cells, rowIndex) => ({ key: rowIndex, ...Object.fromEntries(cells.map((cell, index) => [String(index), cell])) }));
  return <Table size="small" bordered pagination={false} columns={columns} dataSource={rows} style={{ marginBottom: 16 }} scroll={{ x: true }} />;
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
