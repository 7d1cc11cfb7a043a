import { z } from "zod";
import { BYTES_PER_MB } from "./constants";
import { endpoint } from "./contract";
import { EVIDENCE_KIND_LABELS } from "./evidence";
import { HEX_DIGEST_PATTERN } from "./evidence-entry";
import { pagePSchema, pageQuerySchema } from "./paging";
import { defineStateMachine } from "./state-machine";
import { freeText, optionalText, textRule } from "./string-rule";
import { optionalFilterDate } from "./time-range";

/**
 * Recorded evidence (/evidenceTaken screenRecord, procedureRecord, mobileRecord, mobileArray,
 * liveRecord; issue 16): a recording arrives as chunks, each hashed and chained as it arrives,
 * the chain head anchored on the ledger at least every RECORDING_ANCHOR_INTERVAL_MS of recording
 * and at the end (src/schema/recording-anchor-entry.ts, isomorphic/recording/chunk-chain.ts).
 * Sealing packages every recording of the evidence (src/schema/recording-package.ts) and stores
 * the package as one evidence record with one certificate.
 *
 * Shared by the recording module (server/modules/recording), the recorders that feed it (the
 * browser's screen recorder, the cloud browser, devices, the live-stream recorder) and the pages.
 */

// ---- kinds ----

export const RECORDING_KINDS = ["screenRecord", "procedureRecord", "mobileRecord", "mobileArray", "liveRecord"] as const;
export const RecordingKindSchema = z.enum(RECORDING_KINDS);
export type RecordingKind = (typeof RECORDING_KINDS)[number];
/** Each kind is an evidence kind of the same name, labelled where evidence kinds are. */
export const RECORDING_KIND_LABELS: Record<RecordingKind, string> = Object.fromEntries(RECORDING_KINDS.map((kind) => [kind, EVIDENCE_KIND_LABELS[kind]])) as Record<RecordingKind, string>;

/** Who produces the chunks: the holder's browser, the platform's cloud browser, a bound device, the platform's stream recorder. */
export const RECORDING_SOURCES = ["browser", "cloudBrowser", "device", "liveStream"] as const;
export type RecordingSource = (typeof RECORDING_SOURCES)[number];
export const RECORDING_SOURCE_LABELS: Record<RecordingSource, string> = {
  browser: "用户浏览器录制",
  cloudBrowser: "平台云端浏览器录制（用户不接触被录制的计算机）",
  device: "绑定的取证设备录制",
  liveStream: "平台服务器录制直播流",
};

// ---- the recording's life ----

/**
 * recording: chunks are arriving (a unit of package 30002 is reserved for it);
 * sealing: no more chunks are taken (stopped by its recorder, or interrupted: silent for
 *   RECORDING_IDLE_TIMEOUT_MS, or the server restarted under it); the package is being built and stored;
 * sealed: the package is evidence on the ledger (the unit is spent);
 * failed: nothing to seal (no chunk arrived) or discarded by the holder (the unit is back). A sealing that
 *   cannot finish (the ledger not answering, storage full) stays in sealing and is tried again.
 */
export const RECORDING_STATES = ["recording", "sealing", "sealed", "failed"] as const;
export type RecordingState = (typeof RECORDING_STATES)[number];
export const RECORDING_STATE_LABELS: Record<RecordingState, string> = { recording: "录制中", sealing: "封存中", sealed: "已存证", failed: "取证失败" };
export const RECORDING_STATE_COLORS: Record<RecordingState, string> = { recording: "processing", sealing: "processing", sealed: "success", failed: "error" };

export const RECORDING_TRANSITIONS = {
  /** Its recorder says it is done (the holder's stop button, the device's finish call, the live recorder's duration). */
  stop: { from: ["recording"], to: "sealing", by: "recorder" },
  /**
   * Housekeeping or start-up: no chunk for RECORDING_IDLE_TIMEOUT_MS, or the process that recorded
   * it is gone; or its recorder reports it was cut off (the cloud browser's page lost, ffmpeg
   * failing, a time limit). Sealed as interrupted.
   */
  interrupt: { from: ["recording"], to: "sealing", by: "recovery" },
  seal: { from: ["sealing"], to: "sealed", by: "worker" },
  /** Nothing to seal: no chunk arrived (for a group: in none of its parts). */
  fail: { from: ["sealing"], to: "failed", by: "worker" },
  /** The holder throws away a recording still in progress: nothing is sealed, the unit is back. */
  discard: { from: ["recording"], to: "failed", by: "holder" },
} as const satisfies Record<string, { from: readonly RecordingState[]; to: RecordingState; by: "recorder" | "recovery" | "worker" | "holder" }>;
export type RecordingAction = keyof typeof RECORDING_TRANSITIONS;

export const RECORDING_LIFECYCLE = defineStateMachine("recording", RECORDING_TRANSITIONS, {
  refusal: (state) => `当前状态（${RECORDING_STATE_LABELS[state]}）不能进行此操作`,
});
export const RecordingStateError = RECORDING_LIFECYCLE.Error;

/** How a sealed recording ended: its recorder stopped it, or it was cut off and sealed up to its last chunk. */
export const RECORDING_ENDINGS = ["stopped", "interrupted"] as const;
export type RecordingEnding = (typeof RECORDING_ENDINGS)[number];
export const RECORDING_ENDING_LABELS: Record<RecordingEnding, string> = { stopped: "正常结束", interrupted: "录制中断（已封存中断前收到的全部内容）" };

// ---- constants ----

/** The chain head is anchored at least this often, in recording time (issue 16: 30 seconds). */
export const RECORDING_ANCHOR_INTERVAL_MS = 30_000;
/** A recording that receives nothing for this long is interrupted and sealed as it is. */
export const RECORDING_IDLE_TIMEOUT_MS = 10 * 60_000;
/** The browser's MediaRecorder timeslice: one chunk every this many ms. */
export const RECORDING_TIMESLICE_MS = 2_000;
/** The largest chunk taken; recorders cut longer stretches into several. */
export const RECORDING_CHUNK_MAX_BYTES = 16 * BYTES_PER_MB;
/** The longest recording taken, in recording time. */
export const RECORDING_MAX_DURATION_MS = 4 * 60 * 60_000;
/** A live recording's chosen duration, in minutes. */
export const LIVE_RECORDING_MAX_MINUTES = 120;
/** Devices of one mobile array. */
export const MOBILE_ARRAY_MAX_DEVICES = 9;
/** The package whose count every recording spends (spec §9: 录屏保全). */
export const RECORDING_PACKAGE_CODE = "30002";

// ---- messages and codes ----

export const RECORDING_MESSAGES = {
  noUnits: "您没有可用的录屏保全次数，请先购买录屏保全套餐",
  notFound: "录制记录不存在",
  notRecording: "该录制已结束，不能再上传内容",
  chunkOutOfOrder: "分片顺序不正确，请从服务器已收到的位置继续上传",
  chunkConflict: "该分片已收到且内容不同，不能覆盖已收到的内容",
  chunkDigestMismatch: "分片内容与其摘要不符，请重新上传该分片",
  chunkTooLarge: `单个分片不能超过 ${RECORDING_CHUNK_MAX_BYTES / BYTES_PER_MB} MB`,
  chunkEmpty: "分片内容为空",
  tooLong: `录制时长不能超过 ${RECORDING_MAX_DURATION_MS / 3_600_000} 小时`,
  recordedBackwards: "分片的录制时间不能早于上一分片",
  tooManyParts: `一个手机阵列最多 ${MOBILE_ARRAY_MAX_DEVICES} 台设备`,
  nameRequired: "请输入取证名称",
  browserUnsupported: "当前浏览器不支持屏幕录制，请使用最新版 Chrome、Edge 或 Firefox",
  permissionDenied: "您没有授权共享屏幕，录制未开始",
  engineUnavailable: "云端浏览器暂不可用，请联系平台管理员",
  ffmpegUnavailable: "服务器未安装 ffmpeg，暂不能进行此类录制",
} as const;

/** The business codes of the recording calls (33xx), each with its message above. */
export const RecordingCode = {
  noUnits: 3300,
  notRecording: 3301,
  chunkOutOfOrder: 3302,
  chunkConflict: 3303,
  chunkDigestMismatch: 3304,
  /** Chromium or ffmpeg is missing on this server. */
  engineUnavailable: 3305,
} as const;

// ---- what a recording notes about where it was made ----

/** environment.json of a recording: what the recorder reports about itself; null fields were not reported. */
export const RecordingEnvironmentSchema = z.object({
  source: z.enum(RECORDING_SOURCES),
  userAgent: z.string().max(1000).nullable(),
  /** e.g. "Windows 10", "Android 14", as the recorder reports it. */
  os: z.string().max(200).nullable(),
  screen: z.object({ width: z.number().int(), height: z.number().int(), pixelRatio: z.number() }).nullable(),
  /** What was recorded: a monitor, a window, a tab, a cloud-browser viewport, a stream URL. */
  surface: z.string().max(200).nullable(),
  mimeType: z.string().max(200),
  timeZone: z.string().max(100).nullable(),
  /** The recorder's clock minus the server's (ms), measured when the recording started. */
  clockOffsetMs: z.number().int().nullable(),
  /** The device's id and name, for device recordings. */
  device: z.object({ id: z.number().int(), name: z.string(), publicKey: z.string() }).nullable(),
});
export type RecordingEnvironment = z.infer<typeof RecordingEnvironmentSchema>;

// ---- records ----

export const RecordingAnchorViewSchema = z.object({
  seq: z.number().int(),
  /** Chunks covered (the first `chunks` of the recording). */
  chunks: z.number().int(),
  /** Recording time covered. */
  durationMs: z.number().int(),
  time: z.number().int(),
  ledgerIndex: z.number().int().nullable(),
  sha256: z.string(),
});
export type RecordingAnchorView = z.infer<typeof RecordingAnchorViewSchema>;

/** One recording as the holder's lists show it. `evidenceId` and `certificateNo` appear once sealed. */
export const RecordingRecordSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  kind: RecordingKindSchema.meta({ title: "取证类型", labels: RECORDING_KIND_LABELS }),
  source: z.enum(RECORDING_SOURCES).meta({ title: "录制方式", labels: RECORDING_SOURCE_LABELS, row: "ifPresent" }),
  name: z.string().meta({ title: "取证名称", ellipsis: true }),
  /** The page, stream or target recorded, where there is one. */
  target: z.string().nullable().meta({ title: "录制对象", ellipsis: true, row: "ifPresent" }),
  purpose: z.string().nullable().meta({ title: "取证用途", row: "ifPresent" }),
  state: z.enum(RECORDING_STATES).meta({ title: "状态", labels: RECORDING_STATE_LABELS, colors: RECORDING_STATE_COLORS }),
  ending: z.enum(RECORDING_ENDINGS).nullable().meta({ title: "结束方式", labels: RECORDING_ENDING_LABELS, row: "ifPresent" }),
  durationMs: z.number().int().meta({ title: "录制时长", format: "durationMs" }),
  chunks: z.number().int().meta({ title: "分片数", row: "never" }),
  bytes: z.number().int().meta({ title: "大小", format: "bytes" }),
  anchors: z.number().int().meta({ title: "上链锚定次数" }),
  createTime: z.number().int().meta({ title: "开始时间", format: "datetime" }),
  endTime: z.number().int().nullable().meta({ title: "结束时间", format: "datetime", row: "ifPresent" }),
  failure: z.string().nullable().meta({ title: "失败原因", row: "ifPresent" }),
  evidenceId: z.number().int().nullable().meta({ title: "存证编号", row: "never" }),
  certificateNo: z.string().nullable().meta({ title: "证书编号", copyable: true, mono: true }),
});
export type RecordingRecord = z.infer<typeof RecordingRecordSchema>;

/** The detail adds each anchor, the environment and the parts (one per device of a mobile array). */
export const RecordingDetailSchema = RecordingRecordSchema.extend({
  anchorList: z.array(RecordingAnchorViewSchema).meta({ title: "上链锚定", row: "never" }),
  environment: RecordingEnvironmentSchema.nullable().meta({ title: "录制环境", row: "never" }),
  parts: z
    .array(z.object({ id: z.number().int(), name: z.string(), state: z.enum(RECORDING_STATES), durationMs: z.number().int(), chunks: z.number().int(), anchors: z.number().int(), ending: z.enum(RECORDING_ENDINGS).nullable() }))
    .meta({ title: "各设备录制", row: "never" }),
});
export type RecordingDetail = z.infer<typeof RecordingDetailSchema>;

export const RECORDING_NAME_MAX = 100;
export const RecordingNameSchema = textRule({ required: RECORDING_MESSAGES.nameRequired })
  .pipe(z.string().max(RECORDING_NAME_MAX, `取证名称不能超过${RECORDING_NAME_MAX}个字符`))
  .meta({ title: "取证名称" });
export const RecordingPurposeSchema = optionalText(freeText(200, "取证用途不能超过200个字符", { multiline: true })).meta({ title: "取证用途", widget: "textarea" });

export const RecordingListQuerySchema = pageQuerySchema().extend({
  keyName: optionalText(z.string().trim().max(RECORDING_NAME_MAX)).meta({ title: "取证名称" }),
  state: optionalText(z.enum(RECORDING_STATES, { error: "状态不正确" })).meta({ title: "状态", labels: RECORDING_STATE_LABELS }),
  startTime: optionalFilterDate("开始时间"),
  endTime: optionalFilterDate(),
});
export type RecordingListQuery = z.infer<typeof RecordingListQuerySchema>;

export const RecordingIdSchema = z.object({ id: z.coerce.number({ error: RECORDING_MESSAGES.notFound }).int().positive(RECORDING_MESSAGES.notFound) });

// ---- the browser's screen recording ----

/** What the browser reports when it starts a screen recording (screenRecord/new). */
export const ScreenRecordStartSchema = z.object({
  name: RecordingNameSchema,
  purpose: RecordingPurposeSchema,
  environment: RecordingEnvironmentSchema.omit({ source: true, device: true, clockOffsetMs: true }),
  /** The browser's clock when it asked (ms since the epoch), for the clock offset. */
  clientTime: z.number().int(),
});
export type ScreenRecordStart = z.infer<typeof ScreenRecordStartSchema>;

/**
 * One chunk (multipart: these fields, then the file `chunk`). `index` counts from 0; the server
 * takes only the next index (or an index it already has with the same digest, answered as before),
 * so a client resumes by asking uploadState and sending from `received`.
 */
export const RecordingChunkFieldsSchema = RecordingIdSchema.extend({
  index: z.coerce.number().int().nonnegative(),
  /** SHA-256 of the chunk as the recorder computed it: a chunk damaged on the way is refused. */
  sha256: z.string().regex(HEX_DIGEST_PATTERN, RECORDING_MESSAGES.chunkDigestMismatch),
  /** Recording time at the end of this chunk, ms since the recording started. */
  recordedMs: z.coerce.number().int().nonnegative(),
});
export type RecordingChunkFields = z.infer<typeof RecordingChunkFieldsSchema>;

export const RecordingChunkReceiptSchema = z.object({
  index: z.number().int(),
  /** Chunks the server holds now (the next index it takes). */
  received: z.number().int(),
  /** This chunk's size. */
  bytes: z.number().int(),
  /** The chain head after this chunk. */
  chainSha256: z.string(),
  anchors: z.number().int(),
});
export type RecordingChunkReceipt = z.infer<typeof RecordingChunkReceiptSchema>;

export const RecordingUploadStateSchema = z.object({
  id: z.number().int(),
  state: z.enum(RECORDING_STATES),
  received: z.number().int(),
  bytes: z.number().int(),
  durationMs: z.number().int(),
  anchors: z.number().int(),
  /** The digest of each chunk held, in order, so a client can tell what it still has to send. */
  chunkSha256: z.array(z.string()),
});
export type RecordingUploadState = z.infer<typeof RecordingUploadStateSchema>;

export const RecordingAllowanceSchema = z.object({
  packageRemaining: z.number().int(),
  /** Whether this server can make each kind of recording (Chromium, ffmpeg), and why not. */
  engines: z.object({ cloudBrowser: z.object({ available: z.boolean(), reason: z.string().nullable() }), ffmpeg: z.object({ available: z.boolean(), reason: z.string().nullable() }) }),
});
export type RecordingAllowance = z.infer<typeof RecordingAllowanceSchema>;

/** The package and its parts a holder downloads. */
export const RECORDING_FILES = {
  package: { label: "录像取证包（ZIP）", extension: "zip", contentType: "application/zip" },
  media: { label: "录像文件", extension: "webm", contentType: "video/webm" },
} as const;
export type RecordingFileKind = keyof typeof RECORDING_FILES;
export const RecordingFileQuerySchema = RecordingIdSchema.extend({
  file: z.enum(Object.keys(RECORDING_FILES) as [RecordingFileKind, ...RecordingFileKind[]], { error: "文件类型不正确" }),
});

// ---- the calls ----

const TAG = "电子取证";
const RecordingPageSchema = pagePSchema(RecordingRecordSchema);

/** One list call per kind (getScreenRecordList …), so each section's generic list needs no fixed parameter. */
function listEndpointOf(kind: RecordingKind) {
  const verb = `get${kind[0].toUpperCase()}${kind.slice(1)}List`;
  return endpoint({ method: "GET", path: `/evidenceTaken/v2/${verb}`, input: RecordingListQuerySchema, datas: RecordingPageSchema, session: "user", tag: TAG, summary: `${RECORDING_KIND_LABELS[kind]}列表（本人）` });
}
export const RECORDING_LIST_ENDPOINTS = Object.fromEntries(RECORDING_KINDS.map((kind) => [kind, listEndpointOf(kind)])) as Record<RecordingKind, ReturnType<typeof listEndpointOf>>;

/**
 * The holder's recording calls. Recorders that are not the holder's browser have their own:
 * devices (src/schema/device.ts), the cloud browser (src/schema/cloud-browser.ts), live
 * recording (startLive below).
 */
export const RECORDING_ENDPOINTS = {
  allowance: endpoint({ method: "GET", path: "/evidenceTaken/v2/getRecordingAllowance", input: z.object({}), datas: RecordingAllowanceSchema, session: "user", tag: TAG, summary: "可用的录屏保全次数（套餐 30002）与本服务器能进行的录制" }),
  startScreen: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/startScreenRecord",
    input: ScreenRecordStartSchema,
    datas: RecordingRecordSchema,
    session: "user",
    tag: TAG,
    summary: "开始录屏取证：预扣一次录屏保全次数，记录录制环境与时钟偏差",
  }),
  uploadChunk: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/uploadRecordingChunk",
    input: RecordingChunkFieldsSchema,
    datas: RecordingChunkReceiptSchema,
    session: "user",
    multipart: true,
    tag: TAG,
    summary: "上传录制分片（文件字段 chunk）：按序号续传，已收到的同一分片重复上传返回原结果；收到即计算哈希链，至少每 30 秒录制时间上链锚定一次",
  }),
  uploadState: endpoint({ method: "GET", path: "/evidenceTaken/v2/getRecordingUploadState", input: RecordingIdSchema, datas: RecordingUploadStateSchema, session: "user", tag: TAG, summary: "录制的续传位置：已收到的分片及其摘要" }),
  stop: endpoint({ method: "POST", path: "/evidenceTaken/v2/stopRecording", input: RecordingIdSchema, datas: RecordingRecordSchema, session: "user", tag: TAG, summary: "结束录制：不再接收分片，最后一次锚定后封存上链" }),
  discard: endpoint({ method: "POST", path: "/evidenceTaken/v2/discardRecording", input: RecordingIdSchema, datas: RecordingRecordSchema, session: "user", tag: TAG, summary: "放弃进行中的录制：不封存，退回预扣的次数" }),
  one: endpoint({ method: "GET", path: "/evidenceTaken/v2/getRecordingDetail", input: RecordingIdSchema, datas: RecordingDetailSchema, session: "user", tag: TAG, summary: "录制取证详情：锚定记录、录制环境、各设备录制" }),
  file: endpoint({ method: "GET", path: "/evidenceTaken/v2/downloadRecordingFile", input: RecordingFileQuerySchema, datas: z.null(), session: "user", file: true, tag: TAG, summary: "下载录像取证包或录像文件" }),
};
