import { List, Tag, Typography } from "antd";
import type { CertificateCheck } from "./certificate-check";

const STATUS_TAG: Record<CertificateCheck["status"], { color: string; text: string }> = {
  pass: { color: "success", text: "通过" },
  fail: { color: "error", text: "不通过" },
  skip: { color: "default", text: "未检查" },
};

/** A check as the list shows it: a certificate's, or another proof's (an audit record's place in the ledger). */
export type ShownCheck = Omit<CertificateCheck, "id"> & { id: string };

/** Each check on its own line with its verdict and reason, never one blanket answer. */
export function CheckList({ checks }: { checks: readonly ShownCheck[] }) {
  return (
    <List
      size="small"
      bordered
      dataSource={[...checks]}
      renderItem={(item) => (
        <List.Item data-check={item.id} data-status={item.status}>
          <div style={{ display: "flex", gap: 12, alignItems: "baseline", width: "100%" }}>
            <Tag color={STATUS_TAG[item.status].color} style={{ minWidth: 56, textAlign: "center" }}>
              {STATUS_TAG[item.status].text}
            </Tag>
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong>{item.name}</Typography.Text>
              <div style={{ color: "#595959", wordBreak: "break-all" }}>{item.reason}</div>
            </div>
          </div>
        </List.Item>
      )}
    />
  );
}
