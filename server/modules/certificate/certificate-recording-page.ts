import type { CertificateRecording } from "../../../src/schema/certificate.js";
import { CLOUD_BROWSER_VIEWPORT_LABELS, type CloudBrowserProcedure } from "../../../src/schema/cloud-browser.js";
import { formatDateTime, formatDuration } from "../../../src/schema/format.js";
import { drawFactPages, type PageTools } from "./certificate-capture-page.js";

const HEADING = "录制环境与过程";

/** 录制环境与过程: how the recording was made and ended, and each anchor of its chunk chain on the ledger. */
export function drawRecordingPages(doc: PDFKit.PDFDocument, recording: CertificateRecording, tools: PageTools): void {
  drawFactPages(doc, HEADING, recordingRows(recording), tools);
}

const duration = (ms: number) => formatDuration(ms / 1000) || "0秒";
const time = (ms: number) => `${formatDateTime(ms)}（北京时间）`;

/** A cloud-browser procedure: where it began and ended, what was done, what the network log holds, the browser. */
function procedureRows(procedure: CloudBrowserProcedure): [string, string][] {
  return [
    ["起止网址", `起始：${procedure.startUrl}\n结束：${procedure.finalUrl}`],
    [
      "操作过程",
      `页面跳转 ${procedure.navigations} 次，鼠标与键盘操作 ${procedure.inputs} 次（逐条记录于 events.jsonl，密码输入不记录内容）；网络日志 network.warc.gz 共 ${procedure.warcRecords} 条记录${procedure.endReason ? `\n提前结束：${procedure.endReason}` : ""}`,
    ],
    ["云端浏览器", `${procedure.chromium}，${CLOUD_BROWSER_VIEWPORT_LABELS[procedure.viewport]}视口 ${procedure.screen.width}×${procedure.screen.height}\n${procedure.userAgent}`],
  ];
}

export function recordingRows(recording: CertificateRecording): [string, string][] {
  const isArray = recording.parts.length > 1;
  const rows: [string, string][] = [
    ["录制方式", recording.procedure ? `${recording.source}。${recording.procedure.statement}` : recording.isRemote ? `${recording.source}。录制在平台服务器上进行，用户不接触被录制的计算机` : recording.source],
    ...(recording.target ? ([["录制对象", recording.target]] as [string, string][]) : []),
    ...(recording.procedure ? procedureRows(recording.procedure) : []),
    ["结束方式", recording.ending],
    ["录制时长", `${duration(recording.durationMs)}（共 ${recording.chunks} 个分片）`],
    [
      "防截断说明",
      "每个分片到达时即计算 SHA-256 与 SM3 并与前一分片的结果链接成哈希链；链头至少每 30 秒录制时间及结束时写入存证账本。删除、替换或调换任一分片都会使其后的链头与账本记录不符；录制被截断时，最后一次锚定之前的内容仍可完整验证。",
    ],
  ];
  for (const [position, part] of recording.parts.entries()) {
    const prefix = isArray ? `设备${position + 1}（${part.name}）` : "";
    rows.push(
      [`${prefix}录制时间`, `${time(part.startedAt)} 至 ${part.endedAt === null ? "未记录" : time(part.endedAt)}\n时长 ${duration(part.durationMs)}，${part.chunks} 个分片，${part.ending}`],
      [`${prefix}录制环境`, part.environment],
      [
        `${prefix}上链锚定（${part.anchors.length} 次）`,
        part.anchors.map((anchor) => `第 ${anchor.seq} 次：${time(anchor.time)}，覆盖前 ${anchor.chunks} 个分片（录制时间 ${duration(anchor.durationMs)}），账本序号 ${anchor.ledgerIndex}`).join("\n") || "无",
      ],
    );
  }
  rows.push(["录像取证包文件", recording.files.map((file) => `${file.path}（${file.bytes.toLocaleString("en-US")} 字节）\nSHA-256 ${file.sha256}`).join("\n")]);
  return rows;
}
