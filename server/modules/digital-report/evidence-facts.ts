import { PROVENANCE_LABELS } from "../../../src/schema/capture.js";
import type { DigitalReportFact } from "../../../src/schema/digital-report.js";
import { formatDateTime, formatDuration } from "../../../src/schema/format.js";
import { captureFactsOf } from "../certificate/capture-facts.js";
import { recordingFactsOf } from "../certificate/recording-facts.js";
import type { EvidenceRecord } from "../evidence/evidence.types.js";

const utc = (iso: string) => `${formatDateTime(Date.parse(iso))}（北京时间）`;

/**
 * What a report prints beside an evidence's checks where the kind has more to say than its digests:
 * how a captured page was captured, how a recording was made, that a hash evidence holds no
 * original. The same facts the certificate's second page prints (certificate/capture-facts.ts,
 * recording-facts.ts), shortened to what a reader needs beside the checks.
 */
export function evidenceFacts(record: EvidenceRecord): DigitalReportFact[] {
  const facts: DigitalReportFact[] = [];
  if (!record.blobSha256) facts.push({ label: "保存方式", value: "仅保存摘要（平台未保存原文件），原文件由持有人保管" });
  const capture = captureFactsOf(record);
  if (capture) {
    facts.push(
      { label: PROVENANCE_LABELS.requestedUrl, value: capture.url },
      { label: PROVENANCE_LABELS.finalUrl, value: capture.finalUrl },
      { label: PROVENANCE_LABELS.time, value: `${utc(capture.startedAt)} 至 ${utc(capture.endedAt)}` },
      { label: PROVENANCE_LABELS.node, value: `出口地址 ${capture.nodeAddresses.join("、") || "未知"}；公网地址 ${capture.publicAddress ?? "运营方未声明"}` },
      { label: PROVENANCE_LABELS.software, value: `${capture.software}；Chromium ${capture.chromium}` },
    );
  }
  const recording = recordingFactsOf(record);
  if (recording) {
    facts.push(
      { label: "录制方式", value: `${recording.source}${recording.target ? `，录制对象 ${recording.target}` : ""}` },
      { label: "录制时长", value: `${formatDuration(recording.durationMs / 1000) || "0秒"}，共 ${recording.chunks} 个分片，${recording.ending}` },
      { label: "上链锚定", value: recording.parts.map((part) => `${part.name}：${part.anchors.length} 次`).join("；") },
    );
  }
  return facts;
}
