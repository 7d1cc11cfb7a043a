import { Card, Empty, Space, Table, Tag } from "antd";
import { FactList } from "../../components/fact-list";
import { FileButtons } from "../../components/file-buttons";
import { labelOf } from "../../resources/field-meta";
import type { ListRecord, PageSlots } from "../../resources/types";
import { formatDateTime, formatDuration, formatFileSize } from "../../schema/format";
import {
  RECORDING_ENDING_LABELS,
  RECORDING_FILES,
  RECORDING_SOURCE_LABELS,
  RECORDING_STATE_COLORS,
  RECORDING_STATE_LABELS,
  RecordingRecordSchema,
  type RecordingAnchorView,
  type RecordingDetail,
  type RecordingEnvironment,
} from "../../schema/recording";
import { useRecordingFiles } from "./recording-files";

const duration = (ms: number) => formatDuration(ms / 1000);
/** What the recording lists call a field (the schema's metadata). */
const label = (name: keyof typeof RecordingRecordSchema.shape) => labelOf(RecordingRecordSchema, name);

/**
 * Below a sealed recording's certificate: its package to download, how long it ran and how it
 * ended, where it was recorded, every anchor of its chunk chain on the ledger and, for a mobile
 * array, each device's recording.
 */
function RecordingCertificatePanel({ record }: { record?: ListRecord }) {
  const files = useRecordingFiles();
  if (!record) return null;
  const recording = record as unknown as RecordingDetail;
  // A mobile array's media are its parts' folders inside the package: there is no single media file.
  const only = recording.parts.length > 0 ? (["package"] as const) : undefined;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%", marginTop: 16 }}>
      <Card title="取证包下载" size="small">
        <FileButtons id={recording.id} name={recording.name} kinds={RECORDING_FILES} only={only} files={files} />
      </Card>
      <Card title="录制概况" size="small">
        <FactList
          items={[
            { key: "source", label: label("source"), children: RECORDING_SOURCE_LABELS[recording.source] },
            { key: "time", label: "录制时间", children: `${formatDateTime(recording.createTime)}${recording.endTime ? ` 至 ${formatDateTime(recording.endTime)}` : ""}` },
            { key: "duration", label: label("durationMs"), children: duration(recording.durationMs) },
            { key: "ending", label: label("ending"), children: recording.ending ? RECORDING_ENDING_LABELS[recording.ending] : "—" },
            { key: "size", label: "分片与大小", children: `${recording.chunks} 个分片，共 ${formatFileSize(recording.bytes)}` },
            { key: "anchors", label: label("anchors"), children: `${recording.anchors} 次` },
          ]}
        />
      </Card>
      <Card title="录制环境" size="small">
        {recording.environment ? <EnvironmentSummary environment={recording.environment} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="录制方未报告录制环境" />}
      </Card>
      <Card title="哈希链上链锚定" size="small">
        <Table<RecordingAnchorView>
          aria-label="哈希链上链锚定"
          size="small"
          rowKey="seq"
          pagination={false}
          dataSource={recording.anchorList}
          scroll={{ x: "max-content" }}
          columns={[
            { key: "seq", title: "次序", render: (_, anchor) => `第 ${anchor.seq} 次` },
            { key: "time", title: "锚定时间", render: (_, anchor) => formatDateTime(anchor.time) },
            { key: "chunks", title: "覆盖分片", render: (_, anchor) => `前 ${anchor.chunks} 个` },
            { key: "duration", title: "覆盖录制时长", render: (_, anchor) => duration(anchor.durationMs) },
            { key: "ledger", title: "账本序号", render: (_, anchor) => anchor.ledgerIndex ?? "待上链" },
            { key: "sha256", title: "链头 SHA-256", render: (_, anchor) => <code style={{ wordBreak: "break-all" }}>{anchor.sha256}</code> },
          ]}
        />
      </Card>
      {recording.parts.length > 0 && (
        <Card title="各设备录制" size="small">
          <Table
            aria-label="各设备录制"
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={recording.parts}
            columns={[
              { key: "name", title: "设备", dataIndex: "name" },
              { key: "state", title: "状态", render: (_, part) => <Tag color={RECORDING_STATE_COLORS[part.state]}>{RECORDING_STATE_LABELS[part.state]}</Tag> },
              { key: "duration", title: label("durationMs"), render: (_, part) => duration(part.durationMs) },
              { key: "chunks", title: label("chunks"), dataIndex: "chunks" },
              { key: "anchors", title: "锚定次数", dataIndex: "anchors" },
              { key: "ending", title: label("ending"), render: (_, part) => (part.ending ? RECORDING_ENDING_LABELS[part.ending] : "—") },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}

function EnvironmentSummary({ environment }: { environment: RecordingEnvironment }) {
  const { screen, device } = environment;
  const offset = environment.clockOffsetMs;
  return (
    <FactList
      items={[
        { key: "source", label: "录制来源", children: RECORDING_SOURCE_LABELS[environment.source] },
        ...(device ? [{ key: "device", label: "设备", children: `${device.name}（编号 ${device.id}）` }] : []),
        { key: "os", label: "操作系统", children: environment.os ?? "未报告" },
        { key: "ua", label: "浏览器标识", children: environment.userAgent ?? "未报告" },
        { key: "screen", label: "屏幕", children: screen ? `${screen.width}×${screen.height}，像素比 ${screen.pixelRatio}` : "未报告" },
        { key: "surface", label: "录制对象", children: environment.surface ?? "未报告" },
        { key: "mime", label: "录像格式", children: environment.mimeType },
        { key: "tz", label: "时区", children: environment.timeZone ?? "未报告" },
        { key: "offset", label: "与服务器时钟之差", children: offset === null ? "未测量" : `${offset >= 0 ? "快" : "慢"} ${Math.abs(offset)} 毫秒` },
      ]}
    />
  );
}

const slots: PageSlots = { panel: RecordingCertificatePanel };
export default slots;
