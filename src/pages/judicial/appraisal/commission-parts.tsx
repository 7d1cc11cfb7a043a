import { CloudDownloadOutlined } from "@ant-design/icons";
import { Button, Card, Empty, Space, Tag, Timeline, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { FactList } from "../../../components/fact-list";
import type { PackageCalls, PartUrl } from "../../../providers/evidence-library-client";
import { describeFields, recordRows } from "../../../resources/field-meta";
import type { ListRecord } from "../../../resources/types";
import { PACKAGE_MAX_ITEMS } from "../../../schema/evidence-library";
import { formatDateTime } from "../../../schema/format";
import {
  AppraisalOpinionSchema,
  COMMISSION_EVENT_LABELS,
  COMMISSION_STATE_COLORS,
  COMMISSION_STATE_LABELS,
  CommissionDetailSchema,
  type CommissionDetail,
  type CommissionEvent,
  type CommissionState,
} from "../../../schema/judicial-expert";
import { usePackageDownload } from "../../evidences/use-package-download";
import { extractedEvidenceColumns } from "../../info/extraction/extracted-evidence-columns";
import { RecordTable } from "../../kinds/record-table";

/** The parts of a commission both sides look at: its state, facts, evidence, opinion and timeline. */

export function CommissionStateTag({ state }: { state: CommissionState }) {
  return <Tag color={COMMISSION_STATE_COLORS[state]}>{COMMISSION_STATE_LABELS[state]}</Tag>;
}

const DETAIL_FIELDS = describeFields(CommissionDetailSchema);

/** Every fact of the commission the record's schema shows as a row, labelled by its metadata. */
export function CommissionFacts({ commission }: { commission: CommissionDetail }) {
  const rows = recordRows(DETAIL_FIELDS, commission as unknown as ListRecord);
  return <FactList items={rows.map((row) => ({ key: row.name, label: row.label, children: <span style={{ whiteSpace: "pre-line" }}>{row.value}</span> }))} />;
}

export function CommissionTimeline({ events }: { events: readonly CommissionEvent[] }) {
  return (
    <Timeline
      aria-label="办理进度"
      items={events.map((event) => ({
        key: event.id,
        color: event.toState === "declined" ? "red" : event.toState === "completed" ? "green" : "blue",
        children: (
          <div>
            <Space wrap>
              <Typography.Text strong>{COMMISSION_EVENT_LABELS[event.action]}</Typography.Text>
              <CommissionStateTag state={event.toState} />
            </Space>
            <div>
              <Typography.Text type="secondary">
                {formatDateTime(event.time)} · {event.actorName}
              </Typography.Text>
            </div>
            {event.note && <div style={{ whiteSpace: "pre-line" }}>{event.note}</div>}
          </div>
        ),
      }))}
    />
  );
}

/**
 * The commissioned evidence with its certificate numbers, digests and downloads (original,
 * attachments, certificate PDF, ledger proof); with `packages`, chosen items are packed into one ZIP.
 */
export function CommissionEvidence({ evidence, urlOf, packages }: { evidence: CommissionDetail["evidence"]; urlOf: PartUrl; packages?: PackageCalls }) {
  const [selected, setSelected] = useState<number[]>([]);
  return (
    <Card
      size="small"
      title={`委托证据（${evidence.length} 条）`}
      extra={packages && <PackButton packages={packages} selected={selected} />}
      styles={{ body: { padding: 0 } }}
    >
      <RecordTable
        rowKey="id"
        columns={extractedEvidenceColumns(urlOf)}
        records={evidence.map((item) => (item.isDeleted ? { ...item, name: `${item.name}（委托方已删除）` } : item)) as unknown as ListRecord[]}
        tableLayout="fixed"
        {...(packages ? { selection: { selected, onSelect: setSelected, columnWidth: 40 } } : {})}
      />
    </Card>
  );
}

function PackButton({ packages, selected }: { packages: PackageCalls; selected: readonly number[] }) {
  const { download, isPackaging } = usePackageDownload(packages);
  return (
    <Button icon={<CloudDownloadOutlined />} disabled={selected.length === 0 || selected.length > PACKAGE_MAX_ITEMS} loading={isPackaging} onClick={() => void download(selected)}>
      打包下载（含证书与账本证明，{selected.length}）
    </Button>
  );
}

const OPINION_FIELDS = describeFields(AppraisalOpinionSchema);

/** The appraisal opinion once issued: its evidence facts and the download; `extra` adds a side's own link. */
export function OpinionCard({ opinion, downloadUrl, extra }: { opinion: CommissionDetail["opinion"]; downloadUrl: () => string; extra?: ReactNode }) {
  if (!opinion) return <Card size="small" title="鉴定意见书"><Empty description="鉴定意见书尚未出具" /></Card>;
  const rows = recordRows(OPINION_FIELDS, opinion as unknown as ListRecord);
  return (
    <Card
      size="small"
      title="鉴定意见书"
      extra={
        <Space>
          <a href={downloadUrl()} download onClick={(event) => (event.currentTarget.href = downloadUrl())}>
            下载鉴定意见书
          </a>
          {extra}
        </Space>
      }
    >
      <FactList items={rows.map((row) => ({ key: row.name, label: row.label, children: <span style={{ wordBreak: "break-all" }}>{row.value}</span> }))} />
    </Card>
  );
}
