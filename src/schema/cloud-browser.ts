import { z } from "zod";
import { CaptureUrlSchema } from "./capture";
import { CLOUD_BROWSER_PAGE_PATH } from "./cloud-browser-path";
import { endpoint } from "./contract";
import { RecordingIdSchema, RecordingNameSchema, RecordingPurposeSchema, RecordingRecordSchema, RECORDING_MAX_DURATION_MS } from "./recording";
import { defineStateMachine } from "./state-machine";

/**
 * Procedure recording in the platform's cloud browser (issue 16, spec §2 "/precord"): the server
 * runs an isolated Chromium context (the web capture's pool and network rules), streams its screen
 * to the recorder page over a websocket and takes the holder's mouse and keyboard back; the video,
 * the network log (WARC) and every navigation and input event are recorded server-side and sealed
 * as a procedureRecord recording (source cloudBrowser).
 */

// ---- where ----

export { CLOUD_BROWSER_PAGE_PATH } from "./cloud-browser-path";
/** The recorder's websocket (outside /webapi, like the chain's live socket). */
export const CLOUD_BROWSER_SOCKET_PATH = "/ws/precord";

/**
 * The recorder page's query: which session, the viewport it shows (ifrmobile frames the mobile
 * one), and the certificate page to link once sealed (the registry's path, handed over by the page
 * that started the session: the recorder lives outside the app's router).
 */
export const CLOUD_BROWSER_PAGE_QUERY = { session: "session", viewport: "viewport", certificate: "certificate" } as const;

export function cloudBrowserPageHref(sessionId: number, viewport: CloudBrowserViewport, certificateHref: string | null): string {
  const query = new URLSearchParams({ [CLOUD_BROWSER_PAGE_QUERY.session]: String(sessionId), [CLOUD_BROWSER_PAGE_QUERY.viewport]: viewport });
  if (certificateHref) query.set(CLOUD_BROWSER_PAGE_QUERY.certificate, certificateHref);
  return `${CLOUD_BROWSER_PAGE_PATH}?${query}`;
}

/** The recorder page's query read back; a certificate link that is not a path of this site is dropped. */
export function readCloudBrowserPageQuery(search: string): { sessionId: number | null; viewport: CloudBrowserViewport; certificateHref: string | null } {
  const query = new URLSearchParams(search);
  const id = Number(query.get(CLOUD_BROWSER_PAGE_QUERY.session));
  const certificate = query.get(CLOUD_BROWSER_PAGE_QUERY.certificate);
  return {
    sessionId: Number.isInteger(id) && id > 0 ? id : null,
    viewport: query.get(CLOUD_BROWSER_PAGE_QUERY.viewport) === "mobile" ? "mobile" : "desktop",
    certificateHref: certificate && certificate.startsWith("/") && !certificate.startsWith("//") && !certificate.includes("\\") ? certificate : null,
  };
}

// ---- viewports ----

export const CLOUD_BROWSER_VIEWPORTS = ["desktop", "mobile"] as const;
export type CloudBrowserViewport = (typeof CLOUD_BROWSER_VIEWPORTS)[number];
export const CLOUD_BROWSER_VIEWPORT_LABELS: Record<CloudBrowserViewport, string> = { desktop: "电脑网页", mobile: "手机网页" };

/** The emulated screens: a common laptop, and a 390x844 phone with touch (the mobile UA is set server-side from Chromium's version). */
export const CLOUD_BROWSER_SCREENS: Record<CloudBrowserViewport, { width: number; height: number; deviceScaleFactor: number; isMobile: boolean; hasTouch: boolean }> = {
  desktop: { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  mobile: { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
};

// ---- bounds ----

/** A session whose page has been gone this long is stopped and sealed (issue 16 brief: 60 s). */
export const CLOUD_BROWSER_DETACHED_LIMIT_MS = 60_000;
/** The longest session unless the operator sets CLOUD_BROWSER_MAX_MS; never beyond a recording's limit. */
export const CLOUD_BROWSER_DEFAULT_MAX_MS = 60 * 60_000;
export const CLOUD_BROWSER_MAX_MS_LIMIT = RECORDING_MAX_DURATION_MS;
/** Typed text longer than this in one message is refused (a paste is one insertText). */
export const CLOUD_BROWSER_TEXT_MAX = 2000;
/** What events.jsonl says instead of the characters typed into a password field. */
export const PASSWORD_INPUT_MARK = "[密码输入]";

export const CLOUD_BROWSER_MESSAGES = {
  sessionNotFound: "云端浏览器会话不存在或已结束",
  heldElsewhere: "该云端浏览器会话已在另一个窗口中打开，请关闭另一窗口后重试",
  sessionEnded: "云端浏览器会话已结束",
  tooLong: "已达到单次过程取证的最长时间，录制已自动结束",
  detached: "录制页面已断开超过 60 秒，录制已自动结束并封存",
  badMessage: "无法识别的操作",
  navigateFailed: "页面打开失败",
  boundsReached: "本次取证的网络请求或流量已达到上限，录制已自动结束",
  browserFailed: "云端浏览器意外退出，录制已结束并封存已录内容",
} as const;

// ---- the session's life (in memory, beside its recording) ----

/**
 * opening: the context, screencast and encoder are starting; live: frames flow and input is taken;
 * stopping: no input, the encoder is flushed and the files attached; ended: handed to the recording
 * module to seal; failed: it never went live (nothing was recorded but the refusal).
 */
export const CLOUD_SESSION_TRANSITIONS = {
  open: { from: ["opening"], to: "live", by: "engine" },
  /** The holder's 结束取证, the time limit, the lost page, a bound, a crashed browser. */
  stop: { from: ["live"], to: "stopping", by: "engine" },
  finish: { from: ["stopping"], to: "ended", by: "engine" },
  fail: { from: ["opening", "stopping"], to: "failed", by: "engine" },
} as const;
export const CLOUD_SESSION_LIFECYCLE = defineStateMachine("cloud browser session", CLOUD_SESSION_TRANSITIONS);
export type CloudSessionState = (typeof CLOUD_SESSION_TRANSITIONS)[keyof typeof CLOUD_SESSION_TRANSITIONS]["to"] | "opening";
export const CLOUD_SESSION_STATES = ["opening", "live", "stopping", "ended", "failed"] as const satisfies readonly CloudSessionState[];
export const CLOUD_SESSION_STATE_LABELS: Record<CloudSessionState, string> = { opening: "正在启动", live: "录制中", stopping: "正在结束", ended: "已结束", failed: "启动失败" };

// ---- the calls ----

const StartUrlSchema = CaptureUrlSchema.meta({ title: "起始网址", placeholder: "例如 https://www.example.com/" });

export const CloudBrowserStartSchema = z.object({
  name: RecordingNameSchema,
  url: StartUrlSchema,
  purpose: RecordingPurposeSchema,
  viewport: z.enum(CLOUD_BROWSER_VIEWPORTS, { error: "请选择浏览器类型" }).default("desktop").meta({ title: "浏览器类型", labels: CLOUD_BROWSER_VIEWPORT_LABELS }),
});
export type CloudBrowserStart = z.infer<typeof CloudBrowserStartSchema>;

/** The session's figures, as the start and state calls answer them and the socket pushes them. */
export const CloudBrowserStatusSchema = z.object({
  /** The session's id is its recording's id. */
  id: z.number().int(),
  state: z.enum(CLOUD_SESSION_STATES),
  viewport: z.enum(CLOUD_BROWSER_VIEWPORTS),
  startUrl: z.string(),
  url: z.string(),
  title: z.string(),
  elapsedMs: z.number().int(),
  maxMs: z.number().int(),
  chunks: z.number().int(),
  anchors: z.number().int(),
  /** Why it ended early (a bound, the lost page), null otherwise. */
  endReason: z.string().nullable(),
});
export type CloudBrowserStatus = z.infer<typeof CloudBrowserStatusSchema>;

/** State: the live session if there is one, and the recording (sealing, sealed) either way. */
export const CloudBrowserStateSchema = z.object({ session: CloudBrowserStatusSchema.nullable(), recording: RecordingRecordSchema });
export type CloudBrowserState = z.infer<typeof CloudBrowserStateSchema>;

const TAG = "电子取证";
export const CLOUD_BROWSER_ENDPOINTS = {
  start: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/startCloudBrowser",
    input: CloudBrowserStartSchema,
    datas: CloudBrowserStatusSchema,
    session: "user",
    tag: TAG,
    summary: "开始过程取证：预扣一次录屏保全次数，在平台云端浏览器中打开起始网址并开始录制（录像、网络日志、操作记录）",
  }),
  stop: endpoint({ method: "POST", path: "/evidenceTaken/v2/stopCloudBrowser", input: RecordingIdSchema, datas: RecordingRecordSchema, session: "user", tag: TAG, summary: "结束过程取证：停止录制，附上网络日志与操作记录后封存上链" }),
  state: endpoint({ method: "GET", path: "/evidenceTaken/v2/getCloudBrowserState", input: RecordingIdSchema, datas: CloudBrowserStateSchema, session: "user", tag: TAG, summary: "过程取证会话与录制的当前状态" }),
};

// ---- the socket ----

/** `?token=&session=`: the holder's session token (as the session plugin checks it) and the session id. */
export const CloudBrowserSocketQuerySchema = z.object({ token: z.string().min(1), session: z.coerce.number().int().positive() });

const ModifiersSchema = z.object({ alt: z.boolean(), ctrl: z.boolean(), meta: z.boolean(), shift: z.boolean() }).partial();
export type InputModifiers = z.infer<typeof ModifiersSchema>;
const coordinate = z.number().finite().min(-10_000).max(100_000);

/** What the page sends: mouse and keys in frame coordinates, navigation, stop. */
export const CloudBrowserClientMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("mouse"),
    action: z.enum(["move", "down", "up", "wheel"]),
    x: coordinate,
    y: coordinate,
    button: z.enum(["none", "left", "middle", "right"]).default("none"),
    clickCount: z.number().int().min(0).max(3).default(0),
    deltaX: z.number().finite().min(-10_000).max(10_000).default(0),
    deltaY: z.number().finite().min(-10_000).max(10_000).default(0),
    modifiers: ModifiersSchema.default({}),
  }),
  z.object({
    type: z.literal("key"),
    action: z.enum(["down", "up", "char"]),
    key: z.string().max(40).default(""),
    code: z.string().max(40).default(""),
    /** The text a `char` (or a paste) inserts. */
    text: z.string().max(CLOUD_BROWSER_TEXT_MAX).default(""),
    modifiers: ModifiersSchema.default({}),
  }),
  z.object({ type: z.literal("navigate"), action: z.enum(["go", "back", "forward", "reload"]), url: z.string().max(4096).optional() }),
  z.object({ type: z.literal("stop") }),
]);
export type CloudBrowserClientMessage = z.infer<typeof CloudBrowserClientMessageSchema>;
export type CloudBrowserClientMessageInput = z.input<typeof CloudBrowserClientMessageSchema>;

/** What the server pushes. Frames travel as JSON with base64 JPEG (one message each, acked by Chromium only after sending). */
export const CloudBrowserServerMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("frame"),
    seq: z.number().int(),
    jpeg: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /** When Chromium painted it (ms since the epoch, CDP metadata.timestamp). */
    timestamp: z.number(),
  }),
  z.object({ type: z.literal("page"), url: z.string(), title: z.string(), canGoBack: z.boolean(), canGoForward: z.boolean(), loading: z.boolean() }),
  z.object({ type: z.literal("status"), status: CloudBrowserStatusSchema }),
  z.object({ type: z.literal("error"), message: z.string(), fatal: z.boolean() }),
]);
export type CloudBrowserServerMessage = z.infer<typeof CloudBrowserServerMessageSchema>;

/** Close codes of the socket: the session is held by another page, or unknown / not the caller's. */
export const CLOUD_BROWSER_CLOSE_CODES = { heldElsewhere: 4409, notFound: 4404, unauthorized: 4401 } as const;

// ---- what the certificate states ----

/** The certificate's words for a cloud-browser recording (issue 16 brief). */
export const CLOUD_BROWSER_CERTIFICATE_STATEMENT = "本取证由平台云端浏览器完成，用户通过网页远程操作，不接触被录制的计算机";

/**
 * procedure.json beside the media (attached like the WARC and events.jsonl): the facts the
 * certificate shows for a cloud-browser recording.
 */
export const CloudBrowserProcedureSchema = z.object({
  statement: z.literal(CLOUD_BROWSER_CERTIFICATE_STATEMENT),
  startUrl: z.string(),
  finalUrl: z.string(),
  viewport: z.enum(CLOUD_BROWSER_VIEWPORTS),
  screen: z.object({ width: z.number().int(), height: z.number().int() }),
  navigations: z.number().int(),
  inputs: z.number().int(),
  warcRecords: z.number().int(),
  chromium: z.string(),
  userAgent: z.string(),
  /** Why it ended early, null when the holder stopped it. */
  endReason: z.string().nullable(),
});
export type CloudBrowserProcedure = z.infer<typeof CloudBrowserProcedureSchema>;
export const CLOUD_BROWSER_PROCEDURE_FILE = "procedure.json";

/** One line of events.jsonl: times in ms since the recording started. */
export const CloudBrowserEventSchema = z.discriminatedUnion("type", [
  z.object({ t: z.number().int(), type: z.literal("navigation"), url: z.string(), title: z.string() }),
  z.object({ t: z.number().int(), type: z.literal("mouse"), action: z.string(), x: z.number(), y: z.number(), button: z.string() }),
  z.object({ t: z.number().int(), type: z.literal("key"), action: z.string(), key: z.string(), code: z.string(), text: z.string() }),
  z.object({ t: z.number().int(), type: z.literal("command"), action: z.string(), url: z.string().optional() }),
  z.object({ t: z.number().int(), type: z.literal("end"), reason: z.string() }),
]);
export type CloudBrowserEvent = z.infer<typeof CloudBrowserEventSchema>;
