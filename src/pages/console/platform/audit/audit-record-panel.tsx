import { Card, Space, Table, Tag, Typography } from "antd";
import { entryLocation } from "../../../../../isomorphic/ledger/tile-paths";
import { sha256Hex } from "../../../../providers/browser-digest";
import type { ListSlotProps, ListRecord, PageSlots } from "../../../../resources/types";
import type { AuditRecordDetail } from "../../../../schema/console/audit";
import { LEDGER_TILES_PREFIX } from "../../../../schema/ledger";
import { CheckList } from "../../../../verification/check-list";
import { checkAuditCommitment } from "./audit-commitment-check";
import { describeStateField } from "./audited-states";
import { diffRecords, type DiffRow, type FieldChange } from "./record-diff";

/** Below an audit record's fields (/console/platform/audit/dataList/auditInfo): what changed, and the record's place in the public log, checked. */

const CHANGE_TAGS: Record<FieldChange, { color: string; text: string } | null> = {
  added: { color: "green", text: "新增" },
  removed: { color: "red", text: "删除" },
  changed: { color: "orange", text: "修改" },
  same: null,
};

function ChangeTable({ record }: { record: AuditRecordDetail }) {
  const rows = diffRecords(record.before, record.after);
  if (rows.length === 0) return <Typography.Text type="secondary">该操作未记录对象的前后状态</Typography.Text>;
  const field = (row: DiffRow) => describeStateField(record.targetType, row.path);
  return (
    <Table<DiffRow>
      size="small"
      rowKey="path"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: "field", title: "字段", render: (_, row) => field(row).label },
        { key: "before", title: "操作前", render: (_, row) => <Value text={field(row).format(row.before)} isStruck={row.change === "changed" || row.change === "removed"} /> },
        { key: "after", title: "操作后", render: (_, row) => <Value text={field(row).format(row.after)} isStrong={row.change !== "same"} /> },
        { key: "change", title: "变化", render: (_, row) => CHANGE_TAGS[row.change] && <Tag color={CHANGE_TAGS[row.change]!.color}>{CHANGE_TAGS[row.change]!.text}</Tag> },
      ]}
    />
  );
}

function Value({ text, isStruck = false, isStrong = false }: { text: string; isStruck?: boolean; isStrong?: boolean }) {
  return (
    <Typography.Text delete={isStruck} strong={isStrong} type={isStruck ? "secondary" : undefined}>
      {text}
    </Typography.Text>
  );
}

function LedgerPlace({ record }: { record: AuditRecordDetail }) {
  const { ledgerIndex, ledgerBlock, inclusion } = record;
  if (ledgerIndex === null) return <Typography.Text type="secondary">写入账本中：操作已记录，账本条目稍后写入（命令行的操作在服务运行后十分钟内写入）。</Typography.Text>;
  const place = inclusion.treeSize !== null && ledgerIndex < inclusion.treeSize ? entryLocation(ledgerIndex, inclusion.treeSize) : null;
  return (
    <Space direction="vertical" size={4}>
      <span>
        账本序号 <Typography.Text code>{ledgerIndex}</Typography.Text>
        {ledgerBlock !== null && <>，区块 {ledgerBlock}</>}
      </span>
      {place && (
        <Typography.Link href={`${LEDGER_TILES_PREFIX}/${place.path}`} target="_blank" rel="noreferrer">
          在公开账本中查看：条目包 {place.path} 中的第 {place.position + 1} 条（C2SP tlog-tiles）
        </Typography.Link>
      )}
    </Space>
  );
}

const INCLUSION_TAGS = { verified: { color: "success", text: "已在账本中验证" }, pending: { color: "processing", text: "写入中" }, failed: { color: "error", text: "验证未通过" } } as const;

function AuditRecordPanel({ record }: ListSlotProps & { record?: ListRecord }) {
  if (!record) return null;
  const detail = record as unknown as AuditRecordDetail;
  const checks = detail.ledgerIndex === null ? [] : [checkAuditCommitment(detail, sha256Hex), ...detail.inclusion.checks];
  const inclusionTag = INCLUSION_TAGS[detail.inclusion.status];
  return (
    <Space direction="vertical" size={16} style={{ width: "100%", marginTop: 16 }}>
      <Card size="small" title="操作前后">
        <ChangeTable record={detail} />
      </Card>
      <Card size="small" title="透明账本" extra={<Tag color={inclusionTag.color}>{inclusionTag.text}</Tag>}>
        <Space direction="vertical" size={12} style={{ width: "100%" }}>
          <LedgerPlace record={detail} />
          <div>
            <Typography.Text type="secondary">账本条目</Typography.Text>
            <Typography.Paragraph code copyable style={{ wordBreak: "break-all", marginBottom: 0 }}>
              {detail.ledgerEntry}
            </Typography.Paragraph>
          </div>
          {checks.length > 0 && <CheckList checks={checks} />}
          {detail.inclusion.treeSize !== null && <Typography.Text type="secondary">包含证明按树大小为 {detail.inclusion.treeSize} 的最新签名检查点当场验证。</Typography.Text>}
        </Space>
      </Card>
    </Space>
  );
}

const slots: PageSlots = { panel: AuditRecordPanel };
export default slots;
