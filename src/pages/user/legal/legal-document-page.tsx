import { Divider, Space, Table, Typography } from "antd";
import { Link } from "react-router";
import { AccountPageLayout } from "../../../components/account-page-layout";
import type { LegalDocument, LegalSection, LegalTable } from "./legal-document";
import { LEGAL_DOCUMENTS } from "./legal-documents";

/** Every legal text of /user (spec §2) through one page: title, dates, sections, the related texts. */
export function LegalDocumentPage({ document }: { document: LegalDocument }) {
  return (
    <AccountPageLayout title={document.title} width="document">
      <Typography.Paragraph type="secondary">
        更新日期：{document.updatedOn}　生效日期：{document.effectiveOn}
      </Typography.Paragraph>
      {document.preamble.map((paragraph) => (
        <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
      ))}
      {document.sections.map((section) => (
        <LegalSectionView key={section.heading} section={section} />
      ))}
      <Divider />
      <Space wrap size="large">
        {LEGAL_DOCUMENTS.filter((entry) => entry.title !== document.title).map((entry) => (
          <Link key={entry.path} to={entry.path}>
            {entry.title}
          </Link>
        ))}
      </Space>
    </AccountPageLayout>
  );
}

function LegalSectionView({ section }: { section: LegalSection }) {
  return (
    <section>
      <Typography.Title level={4}>{section.heading}</Typography.Title>
      {section.paragraphs?.map((paragraph) => (
        <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
      ))}
      {section.items && (
        <Typography.Paragraph>
          <ul>
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Typography.Paragraph>
      )}
      {section.table && <LegalTableView table={section.table} />}
      {section.closing?.map((paragraph) => (
        <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
      ))}
    </section>
  );
}

function LegalTableView({ table }: { table: LegalTable }) {
  const columns = table.columns.map((title, index) => ({ title, dataIndex: String(index), key: String(index) }));
  const rows = table.rows.map((cells, rowIndex) => ({ key: rowIndex, ...Object.fromEntries(cells.map((cell, index) => [String(index), cell])) }));
  return <Table size="small" bordered pagination={false} columns={columns} dataSource={rows} style={{ marginBottom: 16 }} scroll={{ x: true }} />;
}
