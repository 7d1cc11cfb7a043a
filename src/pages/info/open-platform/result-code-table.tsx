import { Table } from "antd";
import { ResultMessage } from "../../../schema/envelope";

const ROWS = Object.entries(ResultMessage).map(([code, message]) => ({ key: code, code, message }));

/** The common result codes, read from src/schema/envelope.ts so the table is the code's own list. */
export function ResultCodeTable() {
  return (
    <Table
      size="small"
      bordered
      pagination={false}
      dataSource={ROWS}
      columns={[
        { title: "code", dataIndex: "code", width: 120 },
        { title: "说明", dataIndex: "message" },
      ]}
    />
  );
}
