import { z } from "zod";
import type { CertificateRecording } from "../../../src/schema/certificate.js";
import { CloudBrowserProcedureSchema } from "../../../src/schema/cloud-browser.js";
import { RECORDING_ENDING_LABELS, RECORDING_KINDS, RECORDING_SOURCE_LABELS, RecordingEnvironmentSchema, type RecordingEnvironment } from "../../../src/schema/recording.js";
import { RecordingPackageFileSchema } from "../../../src/schema/recording-package.js";
import type { EvidenceRecord } from "../evidence/evidence.types.js";

const AnchorSchema = z.object({ seq: z.number().int(), chunks: z.number().int(), durationMs: z.number().int(), time: z.number().int(), ledgerIndex: z.number().int() });
const PartSchema = z.object({
  name: z.string(),
  durationMs: z.number().int(),
  chunks: z.number().int(),
  ending: z.enum(["stopped", "interrupted"]).nullable(),
  startedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
  environment: RecordingEnvironmentSchema,
  anchors: z.array(AnchorSchema),
});

/** What a recording's evidence record keeps (server/modules/recording, RecordingSealer.evidenceDetails). */
const RecordingDetailsSchema = z.object({
  source: z.enum(["browser", "cloudBrowser", "device", "liveStream"]),
  ending: z.enum(["stopped", "interrupted"]),
  durationMs: z.number().int(),
  chunks: z.number().int(),
  target: z.string().nullable(),
  /** One per recording: a single one, or each device of a mobile array. */
  parts: z.array(PartSchema),
  packageFiles: z.array(RecordingPackageFileSchema),
  procedure: CloudBrowserProcedureSchema.nullable().optional(),
});

/** The second page's facts of recorded evidence, from its evidence record; undefined for every other record. */
export function recordingFactsOf(record: EvidenceRecord): CertificateRecording | undefined {
  if (!(RECORDING_KINDS as readonly string[]).includes(record.kind)) return undefined;
  const parsed = RecordingDetailsSchema.safeParse(record.details);
  if (!parsed.success) return undefined;
  const details = parsed.data;
  return {
    source: RECORDING_SOURCE_LABELS[details.source],
    isRemote: details.source === "cloudBrowser",
    ending: RECORDING_ENDING_LABELS[details.ending],
    durationMs: details.durationMs,
    chunks: details.chunks,
    target: details.target,
    parts: details.parts.map((part) => ({
      name: part.name,
      startedAt: part.startedAt,
      endedAt: part.endedAt,
      durationMs: part.durationMs,
      chunks: part.chunks,
      ending: RECORDING_ENDING_LABELS[part.ending ?? "interrupted"],
      environment: describeEnvironment(part.environment),
      anchors: part.anchors,
    })),
    files: details.packageFiles.map(({ path, bytes, sha256 }) => ({ path, bytes, sha256 })),
    procedure: details.procedure ?? null,
  };
}

/** The environment in one readable line per fact reported (nothing invented for what was not). */
export function describeEnvironment(environment: RecordingEnvironment): string {
  const lines = [
    environment.device ? `设备：${environment.device.name}（编号 ${environment.device.id}）` : null,
    environment.os ? `操作系统：${environment.os}` : null,
    environment.userAgent ? `浏览器：${environment.userAgent}` : null,
    environment.screen ? `屏幕：${environment.screen.width}×${environment.screen.height}，像素比 ${environment.screen.pixelRatio}` : null,
    environment.surface ? `录制画面：${environment.surface}` : null,
    `媒体格式：${environment.mimeType}`,
    environment.timeZone ? `时区：${environment.timeZone}` : null,
    environment.clockOffsetMs === null ? null : `录制端时钟与平台时钟相差：${environment.clockOffsetMs} 毫秒`,
  ];
  return lines.filter(Boolean).join("\n");
}

