import { Table } from "antd";
import type { ContentTable } from "./content-section";

/** A text section's table, loaded on its own (content-sections.tsx). */
export default function ContentTableView({ table }: { table: ContentTable }) {
  const columns = table.columns.map((title, index) => ({ title, dataIndex: String(index), key: String(index) }));
  const rows = table.rows.map((cells, rowIndex) => ({ key: rowIndex, ...Object.fromEntries(cells.map((cell, index) => [String(index), cell])) }));
  return <Table size="small" bordered pagination={false} columns={columns} dataSource={rows} style={{ marginBottom: 16 }} scroll={{ x: true }} />;
}
