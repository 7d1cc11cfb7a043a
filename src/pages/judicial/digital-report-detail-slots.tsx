import { Alert, Card, Space, Table, Tag, Typography } from "antd";
import { FactList } from "../../components/fact-list";
import type { ListRecord, PageSlots } from "../../resources/types";
import {
  DIGITAL_REPORT_CHECK_GROUP_LABELS,
  DIGITAL_REPORT_CHECK_STATUS_COLORS,
  DIGITAL_REPORT_CHECK_STATUS_LABELS,
  DIGITAL_REPORT_VERDICT_COLORS,
  DIGITAL_REPORT_VERDICT_LABELS,
  type DigitalReportCheck,
  type DigitalReportDetail,
  type DigitalReportItem,
} from "../../schema/digital-report";
import { EVIDENCE_KIND_LABELS } from "../../schema/evidence";
import { formatDateTime, formatFileSize } from "../../schema/format";

/** Below a report's fields: every evidence it checked, its facts and each check with its result and why. */

function ItemCard({ item, index }: { item: DigitalReportItem; index: number }) {
  const failed = item.checks.filter((check) => check.status === "fail").length;
  return (
    <Card
      size="small"
      data-evidence={item.certificateNo}
      title={
        <Space wrap>
          <span>
            （{index + 1}）{item.name}
          </span>
          <Tag>{EVIDENCE_KIND_LABELS[item.kind]}</Tag>
          <Tag color={DIGITAL_REPORT_VERDICT_COLORS[item.verdict]}>{item.verdict === "pass" ? "通过" : `不通过（${failed} 项）`}</Tag>
        </Space>
      }
    >
      <FactList
        items={[
          { key: "certificateNo", label: "证书编号", children: <Typography.Text copyable>{item.certificateNo}</Typography.Text> },
          { key: "createTime", label: "存证时间", children: formatDateTime(item.createTime) },
          { key: "size", label: "数据大小", children: formatFileSize(item.size) },
          { key: "sha256", label: "SHA-256", children: <Typography.Text style={{ fontFamily: "monospace", wordBreak: "break-all" }}>{item.sha256}</Typography.Text> },
          { key: "ledger", label: "账本序号 / 区块高度", children: `${item.ledgerIndex} / ${item.blockHeight}` },
          ...item.facts.map((fact, factIndex) => ({ key: `fact-${factIndex}`, label: fact.label, children: fact.value })),
        ]}
      />
      <Table<DigitalReportCheck>
        style={{ marginTop: 12 }}
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={item.checks}
        columns={[
          { title: "类别", dataIndex: "group", width: 120, render: (group: DigitalReportCheck["group"]) => DIGITAL_REPORT_CHECK_GROUP_LABELS[group] },
          { title: "检查项", dataIndex: "name", width: 260 },
          {
            title: "结果",
            dataIndex: "status",
            width: 80,
            render: (status: DigitalReportCheck["status"]) => <Tag color={DIGITAL_REPORT_CHECK_STATUS_COLORS[status]}>{DIGITAL_REPORT_CHECK_STATUS_LABELS[status]}</Tag>,
          },
          {
            title: "说明",
            dataIndex: "reason",
            render: (reason: string, check) => (
              <div style={{ wordBreak: "break-all" }}>
                {reason}
                {check.detail && (
                  <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0", fontSize: 12, whiteSpace: "pre-line" }}>
                    {check.detail}
                  </Typography.Paragraph>
                )}
              </div>
            ),
          },
        ]}
      />
    </Card>
  );
}

function ReportChecks({ record }: { record?: ListRecord }) {
  const report = record as unknown as DigitalReportDetail | undefined;
  if (!report?.items) return null;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%", marginTop: 16 }}>
      <Alert
        showIcon
        type={report.verdict === "pass" ? "success" : "error"}
        message={`检验结论：${DIGITAL_REPORT_VERDICT_LABELS[report.verdict]}`}
        description={
          report.verdict === "pass"
            ? `共检验 ${report.evidenceCount} 条证据，每条证据的每项检查均通过（“不适用”的项目说明了原因）。`
            : `共检验 ${report.evidenceCount} 条证据，其中 ${report.failedCount} 条存在不通过的检查项，见下方标红的项目。`
        }
      />
      {report.items.map((item, index) => (
        <ItemCard key={item.certificateNo} item={item} index={index} />
      ))}
    </Space>
  );
}

const slots: PageSlots = { panel: ReportChecks };
export default slots;
