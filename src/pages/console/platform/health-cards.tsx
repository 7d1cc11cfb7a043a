import { Card, Col, Descriptions, Row, Statistic, Typography, theme } from "antd";
import type { ReactNode } from "react";
import {
  BlobStoreHealthSchema,
  DatabaseHealthSchema,
  isCheckpointStale,
  LedgerHealthSchema,
  ProcessHealthSchema,
  SessionCountSchema,
  STALE_CHECKPOINT_SECONDS,
  type PlatformHealth,
} from "../../../schema/console/platform-health";
import { formatDuration } from "../../../schema/format";
import { figureOf, labelOf } from "./health-fields";

/** The health page's figures as antd Statistic cards: ledger, storage, database, process, sessions. */

function Figures({ children }: { children: ReactNode[] }) {
  return (
    <Row gutter={[24, 16]}>
      {children.map((child, index) => (
        <Col key={index} xs={12} md={6}>
          {child}
        </Col>
      ))}
    </Row>
  );
}

export function LedgerCard({ ledger }: { ledger: PlatformHealth["ledger"] }) {
  const { token } = theme.useToken();
  const isStale = isCheckpointStale(ledger);
  const age = ledger.checkpointAgeSeconds === null ? "尚无检查点" : formatDuration(ledger.checkpointAgeSeconds);
  return (
    <Card size="small" title="账本">
      <Figures>
        {[
          <Statistic key="size" title={labelOf(LedgerHealthSchema, "treeSize")} value={ledger.treeSize} />,
          <Statistic key="height" title={labelOf(LedgerHealthSchema, "blockHeight")} value={ledger.blockHeight} />,
          <Statistic
            key="age"
            title={labelOf(LedgerHealthSchema, "checkpointAgeSeconds")}
            value={age}
            valueStyle={isStale ? { color: token.colorError } : undefined}
            suffix={isStale ? <Typography.Text type="danger">（已停滞）</Typography.Text> : undefined}
          />,
          <Statistic key="pending" title={labelOf(LedgerHealthSchema, "pendingEntries")} value={ledger.pendingEntries} />,
        ]}
      </Figures>
      {isStale && (
        <Typography.Paragraph type="danger" style={{ marginTop: 12, marginBottom: 0 }}>
          有条目等待写入，但已超过{formatDuration(STALE_CHECKPOINT_SECONDS)}没有新的检查点：账本可能已停止出块，请查看服务日志。
        </Typography.Paragraph>
      )}
      <Descriptions
        size="small"
        style={{ marginTop: 16 }}
        column={{ xs: 1, md: 3 }}
        items={[
          { key: "origin", label: labelOf(LedgerHealthSchema, "origin"), children: <Typography.Text copyable>{ledger.origin}</Typography.Text> },
          { key: "key", label: labelOf(LedgerHealthSchema, "signerKeyId"), children: <Typography.Text code>{ledger.signerKeyId}</Typography.Text> },
          { key: "at", label: labelOf(LedgerHealthSchema, "lastCheckpointAt"), children: figureOf(LedgerHealthSchema, "lastCheckpointAt", ledger.lastCheckpointAt, "尚无检查点") },
        ]}
      />
    </Card>
  );
}

export function StorageCard({ blobStore, database }: Pick<PlatformHealth, "blobStore" | "database">) {
  const disk = (name: "freeBytes" | "totalBytes") => figureOf(BlobStoreHealthSchema, name, blobStore[name]);
  return (
    <Card size="small" title="存储">
      <Figures>
        {[
          <Statistic key="used" title={`证据文件${labelOf(BlobStoreHealthSchema, "bytesUsed")}`} value={figureOf(BlobStoreHealthSchema, "bytesUsed", blobStore.bytesUsed)} />,
          <Statistic key="files" title={labelOf(BlobStoreHealthSchema, "fileCount")} value={blobStore.fileCount} />,
          <Statistic key="free" title={labelOf(BlobStoreHealthSchema, "freeBytes")} value={disk("freeBytes")} suffix={blobStore.totalBytes === null ? undefined : `/ ${disk("totalBytes")}`} />,
          <Statistic
            key="database"
            title={`${figureOf(DatabaseHealthSchema, "dialect", database.dialect)} ${labelOf(DatabaseHealthSchema, "sizeBytes")}`}
            value={figureOf(DatabaseHealthSchema, "sizeBytes", database.sizeBytes)}
          />,
        ]}
      </Figures>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        文件用量{labelOf(BlobStoreHealthSchema, "measuredAt")}：{figureOf(BlobStoreHealthSchema, "measuredAt", blobStore.measuredAt)}（逐个统计文件，至多每分钟一次）
      </Typography.Paragraph>
    </Card>
  );
}

export function ProcessCard({ process: figures }: Pick<PlatformHealth, "process">) {
  const bytes = (name: "rssBytes" | "heapUsedBytes" | "heapTotalBytes") => figureOf(ProcessHealthSchema, name, figures[name]);
  return (
    <Card size="small" title="服务进程">
      <Figures>
        {[
          <Statistic key="uptime" title={labelOf(ProcessHealthSchema, "uptimeSeconds")} value={formatDuration(figures.uptimeSeconds)} />,
          <Statistic key="rss" title={labelOf(ProcessHealthSchema, "rssBytes")} value={bytes("rssBytes")} />,
          <Statistic key="heap" title={labelOf(ProcessHealthSchema, "heapUsedBytes")} value={bytes("heapUsedBytes")} suffix={`/ ${bytes("heapTotalBytes")}`} />,
          <Statistic key="node" title={labelOf(ProcessHealthSchema, "nodeVersion")} value={figures.nodeVersion} />,
        ]}
      </Figures>
    </Card>
  );
}

export function SessionsCard({ sessions }: Pick<PlatformHealth, "sessions">) {
  return (
    <Card size="small" title={labelOf(SessionCountSchema, "live")}>
      <Figures>
        {sessions.map(({ kind, live }) => (
          <Statistic key={kind} title={figureOf(SessionCountSchema, "kind", kind)} value={live} />
        ))}
      </Figures>
    </Card>
  );
}
