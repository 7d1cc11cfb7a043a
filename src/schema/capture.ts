import { z } from "zod";
import { endpoint } from "./contract";
import { RightsBaseFieldsSchema } from "./evidence";
import { pagePSchema, pageQuerySchema } from "./paging";
import { defineStateMachine } from "./state-machine";
import { freeText, optionalText, textRule } from "./string-rule";
import { splitTextAreaLines } from "./text";
import { optionalFilterDate } from "./time-range";

/**
 * Web evidence capture (/evidenceTaken/snapshotRecord, issue 15): the capture's life, what the
 * package records (provenance, QA), the forms and the calls. Shared by the capture module, the
 * capture engine (server/capture) and the pages. The calls (CAPTURE_ENDPOINTS) are at the end.
 */

// ---- the capture's life ----

/**
 * queued: waiting for a browser (a unit of a package or bundle is reserved for it);
 * running: a browser is on it (`stage` says where);
 * needsReview: the package is built but QA found something; the holder accepts it or retries;
 * sealed: the package is stored and on the ledger as evidence (the unit is spent);
 * failed: it could not be captured, was refused, discarded or left unreviewed (the unit is back).
 */
export const CAPTURE_STATES = ["queued", "running", "needsReview", "sealed", "failed"] as const;
export type CaptureState = (typeof CAPTURE_STATES)[number];
export const CAPTURE_STATE_LABELS: Record<CaptureState, string> = {
  queued: "排队中",
  running: "取证中",
  needsReview: "待复核",
  sealed: "已存证",
  failed: "取证失败",
};
export const CAPTURE_STATE_COLORS: Record<CaptureState, string> = {
  queued: "default",
  running: "processing",
  needsReview: "warning",
  sealed: "success",
  failed: "error",
};

/** Where a running capture is, in the order they happen (the progress the holder watches). */
export const CAPTURE_STAGES = ["queued", "opening", "scrolling", "recording", "checking", "sealing"] as const;
export type CaptureStage = (typeof CAPTURE_STAGES)[number];
export const CAPTURE_STAGE_LABELS: Record<CaptureStage, string> = {
  queued: "排队等待",
  opening: "打开网页",
  scrolling: "滚动加载",
  recording: "录制页面",
  checking: "质量检查",
  sealing: "封存上链",
};

/**
 * The legal moves, as data (DESIGN.md §8). `by`: the capture worker, the holder, or the server's
 * start-up recovery and housekeeping. A retry starts a new attempt under the same reservation.
 */
export const CAPTURE_TRANSITIONS = {
  start: { from: ["queued"], to: "running", by: "worker" },
  seal: { from: ["running"], to: "sealed", by: "worker" },
  flag: { from: ["running"], to: "needsReview", by: "worker" },
  fail: { from: ["running"], to: "failed", by: "worker" },
  accept: { from: ["needsReview"], to: "sealed", by: "holder" },
  discard: { from: ["needsReview"], to: "failed", by: "holder" },
  retry: { from: ["failed", "needsReview"], to: "queued", by: "holder" },
  /** Start-up: a capture a crash interrupted goes back to the queue while it has attempts left … */
  resume: { from: ["running"], to: "queued", by: "recovery" },
  /** … and fails when it has none. */
  abandon: { from: ["running"], to: "failed", by: "recovery" },
  /** Housekeeping: a capture left unreviewed past its reservation's expiry. */
  expire: { from: ["needsReview"], to: "failed", by: "recovery" },
} as const satisfies Record<string, { from: readonly CaptureState[]; to: CaptureState; by: "worker" | "holder" | "recovery" }>;
export type CaptureAction = keyof typeof CAPTURE_TRANSITIONS;

export const CAPTURE_LIFECYCLE = defineStateMachine("capture", CAPTURE_TRANSITIONS, {
  refusal: (state) => `当前状态（${CAPTURE_STATE_LABELS[state]}）不能进行此操作`,
});
export const CaptureStateError = CAPTURE_LIFECYCLE.Error;

/** Attempts in all (the first plus retries after a crash); a holder's retry starts the count again. */
export const CAPTURE_MAX_ATTEMPTS = 3;
/** How long a needs-review capture keeps its unit before housekeeping hands it back. */
export const CAPTURE_REVIEW_DAYS = 7;

// ---- why a capture failed ----

/**
 * Each failure the engine or the service reports, with what the holder reads. `detail` (the
 * address refused, the status code …) is shown after the message where there is one.
 */
export const CAPTURE_FAILURES = {
  addressRefused: "该网址指向内网、本机或保留地址，出于安全原因不能取证",
  portRefused: "只能取证 80、443 端口的网页",
  dnsFailed: "无法解析该网址的域名",
  connectionFailed: "无法连接到该网站",
  tlsInvalid: "网站的 HTTPS 证书无效，不能作为可信来源取证",
  timeout: "网页在规定时间内未能完成加载",
  tooLarge: "网页内容超过取证大小上限",
  tooManyRequests: "网页发起的请求数量超过上限",
  tooManyRedirects: "网页重定向次数过多",
  notHtml: "该网址返回的不是网页（例如文件下载），不能进行网页快照取证",
  browserFailed: "取证浏览器异常退出",
  interrupted: "服务重启导致取证中断，且已达到重试次数上限",
  discarded: "已放弃该取证",
  reviewExpired: `待复核取证超过 ${CAPTURE_REVIEW_DAYS} 天未处理，已自动放弃`,
  sealFailed: "证据封存失败，请重试",
} as const;
export type CaptureFailureCode = keyof typeof CAPTURE_FAILURES;
export const CaptureFailureCodeSchema = z.enum(Object.keys(CAPTURE_FAILURES) as [CaptureFailureCode, ...CaptureFailureCode[]]);

// ---- capture QA (gates certification) ----

export const CAPTURE_QA_FINDINGS = {
  blank: "页面渲染结果为空白或接近空白",
  errorStatus: "网页主文档返回了错误状态码",
  botWall: "页面疑似为人机验证或访问拦截页",
  cookieBanner: "页面内容被 Cookie 提示或弹层遮挡",
  failedResources: "页面较多资源加载失败",
} as const;
export type CaptureQaCode = keyof typeof CAPTURE_QA_FINDINGS;
export const CaptureQaCodeSchema = z.enum(Object.keys(CAPTURE_QA_FINDINGS) as [CaptureQaCode, ...CaptureQaCode[]]);

export const CaptureQaFindingSchema = z.object({
  code: CaptureQaCodeSchema,
  /** CAPTURE_QA_FINDINGS[code]. */
  message: z.string(),
  /** What was measured, in Chinese (状态码 503; 42 个请求中 17 个失败). */
  detail: z.string(),
});
export type CaptureQaFinding = z.infer<typeof CaptureQaFindingSchema>;

/** qa.json of the package: the findings and the measurements they came from. */
export const CaptureQaSchema = z.object({
  passed: z.boolean(),
  findings: z.array(CaptureQaFindingSchema),
  metrics: z.object({
    mainStatus: z.number().int().nullable(),
    /** Share of the screenshot's pixels differing from its dominant colour, 0..1. */
    inkRatio: z.number(),
    textLength: z.number().int(),
    requests: z.number().int(),
    failedRequests: z.number().int(),
    pageHeight: z.number().int(),
  }),
});
export type CaptureQa = z.infer<typeof CaptureQaSchema>;

// ---- provenance (provenance.json of the package) ----

export const PROVENANCE_FORMAT = "hengzheng-capture-provenance/1";

/** Why a request was not let through (the engine's own refusals, never the site's). */
export const BLOCKED_REQUEST_REASONS = {
  addressRefused: "目标地址为内网、本机或保留地址",
  portRefused: "端口不在允许范围",
  schemeRefused: "协议不被支持",
  dnsFailed: "域名解析失败",
  tlsInvalid: "HTTPS 证书无效",
  tooLarge: "超过大小上限",
  tooManyRequests: "超过请求数上限",
  connectionFailed: "连接失败",
  timeout: "请求超时",
  popup: "弹出窗口已阻止",
  download: "文件下载已阻止",
  websocket: "WebSocket 连接已阻止",
} as const;
export type BlockedRequestReason = keyof typeof BLOCKED_REQUEST_REASONS;

export const CaptureOriginSchema = z.object({
  /** scheme://host[:port] */
  origin: z.string(),
  /** The addresses the connection was made to (after the policy check). */
  addresses: z.array(z.string()),
  /** The DNS answers as received (empty for an address literal). */
  dns: z.array(z.object({ type: z.enum(["A", "AAAA", "CNAME"]), value: z.string(), ttl: z.number().int().nullable() })),
  tls: z
    .object({
      protocol: z.string(),
      cipher: z.string(),
      /** Whether the chain verified against the capture's trusted roots. */
      authorized: z.boolean(),
      authorizationError: z.string().nullable(),
      /** The chain as served, leaf first, PEM. */
      certificates: z.array(z.object({ subject: z.string(), issuer: z.string(), validFrom: z.string(), validTo: z.string(), fingerprint256: z.string(), pem: z.string() })),
    })
    .nullable(),
});
export type CaptureOrigin = z.infer<typeof CaptureOriginSchema>;

export const CaptureOptionsSchema = z.object({
  viewport: z.object({ width: z.number().int(), height: z.number().int() }),
  userAgent: z.string(),
  timeoutMs: z.number().int(),
  maxBytes: z.number().int(),
  maxRequests: z.number().int(),
  maxPageHeight: z.number().int(),
  networkIdleMs: z.number().int(),
  maxScrollSteps: z.number().int(),
});
export type CaptureOptions = z.infer<typeof CaptureOptionsSchema>;

export const CaptureProvenanceSchema = z.object({
  format: z.literal(PROVENANCE_FORMAT),
  requestedUrl: z.string(),
  finalUrl: z.string(),
  title: z.string(),
  /** ISO 8601 UTC. */
  startedAt: z.string(),
  endedAt: z.string(),
  software: z.object({ platform: z.string(), version: z.string(), chromium: z.string(), automation: z.string(), node: z.string() }),
  node: z.object({
    /** The local addresses outgoing connections used. */
    localAddresses: z.array(z.string()),
    /** What the operator declared as the capture node's public address (CAPTURE_PUBLIC_ADDRESS), or null. */
    publicAddress: z.string().nullable(),
    hostname: z.string(),
  }),
  options: CaptureOptionsSchema,
  origins: z.array(CaptureOriginSchema),
  redirects: z.array(z.object({ from: z.string(), to: z.string(), status: z.number().int() })),
  blocked: z.array(z.object({ url: z.string(), reason: z.enum(Object.keys(BLOCKED_REQUEST_REASONS) as [BlockedRequestReason, ...BlockedRequestReason[]]), detail: z.string() })),
  resources: z.object({ requests: z.number().int(), failed: z.number().int(), bytes: z.number().int() }),
});
export type CaptureProvenance = z.infer<typeof CaptureProvenanceSchema>;

/**
 * What each part of the provenance is called wherever it is shown: the capture's pages, the
 * summary page inside the package and the certificate PDF's second page.
 */
export const PROVENANCE_LABELS = {
  heading: "取证环境与过程",
  requestedUrl: "取证网址",
  finalUrl: "最终地址",
  title: "网页标题",
  time: "取证时间",
  startedAt: "取证开始",
  endedAt: "取证结束",
  software: "取证软件",
  node: "取证节点",
  options: "取证参数",
  resources: "网络请求",
  origins: "访问的站点",
  redirects: "重定向",
  blocked: "已阻止的请求",
  qa: "质量检查",
} as const;

/** One file of the package as the certificate lists it. */
export const CapturePackageFileSchema = z.object({ path: z.string(), bytes: z.number().int(), sha256: z.string(), sm3: z.string() });

// ---- the form ----

/** One snapshot covers one web page (spec §5); one request may name this many. */
export const CAPTURE_MAX_URLS = 10;
export const CAPTURE_URL_MAX_LENGTH = 2000;

export const CAPTURE_MESSAGES = {
  urlsRequired: "请输入要取证的网址",
  urlInvalid: "请输入以 http:// 或 https:// 开头的完整网址",
  urlCredentials: "网址中不能包含用户名或密码",
  urlTooLong: `网址不能超过${CAPTURE_URL_MAX_LENGTH}个字符`,
  tooManyUrls: `一次最多取证${CAPTURE_MAX_URLS}个网址，每个网址一条快照`,
  noUnits: "您没有可用的快照保全次数，请先购买快照保全套餐或公证套餐",
  engineUnavailable: "取证浏览器暂不可用，请联系平台管理员",
  notFound: "取证记录不存在",
} as const;

/** The business codes of the capture calls (32xx), each with its message above. */
export const CaptureCode = {
  /** No package 30001 count and no usable bundle snapshot left. */
  noUnits: 3200,
  /** The URL leads somewhere the capture browser may not go (address policy, port, DNS). */
  urlRefused: 3201,
  /** Chromium is missing or the engine is not set up on this server. */
  engineUnavailable: 3202,
} as const;

/** A URL as the capture browser will open it: http(s), a host, no credentials; the WHATWG spelling. */
export function parseCaptureUrl(value: string): { ok: true; url: string } | { ok: false; message: string } {
  if (value.length > CAPTURE_URL_MAX_LENGTH) return { ok: false, message: CAPTURE_MESSAGES.urlTooLong };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: CAPTURE_MESSAGES.urlInvalid };
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") return { ok: false, message: CAPTURE_MESSAGES.urlInvalid };
  if (url.username !== "" || url.password !== "") return { ok: false, message: CAPTURE_MESSAGES.urlCredentials };
  return { ok: true, url: url.href };
}

/** The text area: one URL a line, blank lines ignored, duplicates kept once. */
export const CaptureUrlsSchema = z
  .string({ error: CAPTURE_MESSAGES.urlsRequired })
  .transform(splitTextAreaLines)
  .superRefine((lines, context) => {
    if (lines.length === 0) context.addIssue({ code: "custom", message: CAPTURE_MESSAGES.urlsRequired });
    if (lines.length > CAPTURE_MAX_URLS) context.addIssue({ code: "custom", message: CAPTURE_MESSAGES.tooManyUrls });
    for (const line of lines) {
      const parsed = parseCaptureUrl(line);
      if (!parsed.ok) {
        context.addIssue({ code: "custom", message: `${line.slice(0, 80)}：${parsed.message}` });
        return;
      }
    }
  })
  .transform((lines) => [...new Set(lines.map((line) => (parseCaptureUrl(line) as { url: string }).url))])
  .meta({ title: "网页地址", widget: "textarea", placeholder: "每行一个网址，例如 https://www.example.com/page" });

export const CAPTURE_NAME_MAX = 100;
export const CapturePurposeSchema = optionalText(freeText(200, "取证用途不能超过200个字符", { multiline: true })).meta({ title: "取证用途", widget: "textarea" });

export const SnapshotFormSchema = z.object({
  name: textRule({ required: "请输入取证名称" }).pipe(z.string().max(CAPTURE_NAME_MAX, `取证名称不能超过${CAPTURE_NAME_MAX}个字符`)).meta({ title: "取证名称" }),
  urls: CaptureUrlsSchema,
  purpose: CapturePurposeSchema,
});
export type SnapshotForm = z.infer<typeof SnapshotFormSchema>;

/**
 * /rights/web/new with the platform capturing the page: the work's facts as the rights form asks
 * them (src/schema/evidence.ts rightsBase) and one URL.
 */
/** One URL the platform's browser opens (parseCaptureUrl's rules), in its WHATWG spelling. */
export const CaptureUrlSchema = z
  .string({ error: CAPTURE_MESSAGES.urlsRequired })
  .trim()
  .min(1, CAPTURE_MESSAGES.urlsRequired)
  .transform((value, context) => {
    const parsed = parseCaptureUrl(value);
    if (parsed.ok) return parsed.url;
    context.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });

export const RightsWebCaptureFormSchema = z.object({
  ...RightsBaseFieldsSchema.shape,
  url: CaptureUrlSchema.meta({ title: "网页地址" }),
});

// ---- records ----

/**
 * What the capture was made for: a snapshot of /evidenceTaken, the page of a web rights record
 * (/rights/web), or the page a monitoring task found a copy on (/monitor, issue 18).
 */
export const CAPTURE_TARGETS = ["snapshot", "rightsWeb", "monitor"] as const;
export type CaptureTarget = (typeof CAPTURE_TARGETS)[number];
export const CAPTURE_TARGET_LABELS: Record<CaptureTarget, string> = { snapshot: "网页快照取证", rightsWeb: "网页确权", monitor: "全网监测取证" };

/**
 * Which allowance pays for it: package 30001, the snapshots of a notarisation bundle, or nothing
 * per capture (monitoring is paid by the site and week, so its captures hold no unit).
 */
export const CAPTURE_CHARGE_SOURCES = ["package", "bundle", "monitoring"] as const;
export type CaptureChargeSource = (typeof CAPTURE_CHARGE_SOURCES)[number];
/** The package whose count a capture spends when no bundle has snapshots left (spec §9). */
export const SNAPSHOT_PACKAGE_CODE = "30001";
export const CAPTURE_CHARGE_SOURCE_LABELS: Record<CaptureChargeSource, string> = { package: "快照保全套餐", bundle: "公证套餐快照额度", monitoring: "全网监测（按周计费）" };

/**
 * One capture as the holder's pages show it. `evidenceId` and `certificateNo` appear once it is
 * sealed (the certificate is the evidence record's); `files` lists the package's files then.
 */
export const CaptureRecordSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  kind: z.literal("snapshot").meta({ title: "取证类型", labels: { snapshot: "网页快照取证" } }),
  target: z.enum(CAPTURE_TARGETS).meta({ title: "用途", labels: CAPTURE_TARGET_LABELS, row: "never" }),
  name: z.string().meta({ title: "取证名称", ellipsis: true }),
  url: z.string().meta({ title: "网页地址", ellipsis: true, copyable: true }),
  finalUrl: z.string().nullable().meta({ title: "最终地址", row: "ifPresent", ellipsis: true }),
  title: z.string().nullable().meta({ title: "网页标题", ellipsis: true }),
  purpose: z.string().nullable().meta({ title: "取证用途", row: "ifPresent" }),
  state: z.enum(CAPTURE_STATES).meta({ title: "状态", labels: CAPTURE_STATE_LABELS, colors: CAPTURE_STATE_COLORS }),
  stage: z.enum(CAPTURE_STAGES).meta({ title: "进度", labels: CAPTURE_STAGE_LABELS, row: "never" }),
  failure: z.object({ code: CaptureFailureCodeSchema, message: z.string() }).nullable().meta({ title: "失败原因", row: "ifPresent" }),
  qaFindings: z.array(CaptureQaFindingSchema).meta({ title: "质量检查发现", row: "ifPresent" }),
  /** The holder accepted the QA findings; the certificate states them. */
  qaAccepted: z.boolean().meta({ title: "已确认质量检查发现", row: "never" }),
  attempts: z.number().int().meta({ title: "尝试次数", row: "never" }),
  chargedTo: z.enum(CAPTURE_CHARGE_SOURCES).meta({ title: "扣减", labels: CAPTURE_CHARGE_SOURCE_LABELS }),
  createTime: z.number().int().meta({ title: "提交时间", format: "datetime" }),
  startTime: z.number().int().nullable().meta({ title: "开始时间", format: "datetime", row: "ifPresent" }),
  endTime: z.number().int().nullable().meta({ title: "完成时间", format: "datetime", row: "ifPresent" }),
  evidenceId: z.number().int().nullable().meta({ title: "存证编号", row: "never" }),
  certificateNo: z.string().nullable().meta({ title: "证书编号", copyable: true, mono: true }),
  /** The package's files (WACZ contents), once built. */
  files: z.array(CapturePackageFileSchema).meta({ title: "取证包文件", row: "never" }),
});
export type CaptureRecord = z.infer<typeof CaptureRecordSchema>;

/** The detail adds the provenance and the QA measurements (null until the package exists). */
export const CaptureDetailSchema = CaptureRecordSchema.extend({
  provenance: CaptureProvenanceSchema.nullable().meta({ title: "取证环境与过程", row: "never" }),
  qa: CaptureQaSchema.nullable().meta({ title: "质量检查", row: "never" }),
});
export type CaptureDetail = z.infer<typeof CaptureDetailSchema>;

export const CaptureListQuerySchema = pageQuerySchema().extend({
  keyName: optionalText(z.string().trim().max(CAPTURE_NAME_MAX)).meta({ title: "取证名称" }),
  state: optionalText(z.enum(CAPTURE_STATES, { error: "状态不正确" })).meta({ title: "状态", labels: CAPTURE_STATE_LABELS }),
  startTime: optionalFilterDate("提交时间"),
  endTime: optionalFilterDate(),
});
export type CaptureListQuery = z.infer<typeof CaptureListQuerySchema>;

export const CaptureIdSchema = z.object({ id: z.coerce.number({ error: CAPTURE_MESSAGES.notFound }).int().positive(CAPTURE_MESSAGES.notFound) });

/** Live progress of the captures a page is watching: `ids` comma-separated, at most 50. */
export const CaptureProgressQuerySchema = z.object({
  ids: z
    .string({ error: CAPTURE_MESSAGES.notFound })
    // Nine digits at most: ids are 32-bit integers in the database.
    .regex(/^\d{1,9}(,\d{1,9}){0,49}$/, CAPTURE_MESSAGES.notFound)
    .transform((value) => value.split(",").map(Number)),
});

/**
 * What the new page needs before a capture: whether this server can capture at all (Chromium
 * installed; `reason` says what to install when not), and what a new capture would be charged to:
 * the package's count and each usable bundle's snapshots left.
 */
export const CaptureAllowanceSchema = z.object({
  engine: z.object({ available: z.boolean(), reason: z.string().nullable() }),
  packageRemaining: z.number().int(),
  bundles: z.array(z.object({ id: z.number().int(), name: z.string(), remaining: z.number().int(), expiresAt: z.number().int() })),
  total: z.number().int(),
});
export type CaptureAllowance = z.infer<typeof CaptureAllowanceSchema>;

/** The package's files a holder downloads. */
export const CAPTURE_FILES = {
  wacz: { label: "取证包（WACZ）", extension: "wacz", contentType: "application/wacz" },
  screenshot: { label: "整页截图", extension: "png", contentType: "image/png" },
  pdf: { label: "网页打印版（PDF）", extension: "pdf", contentType: "application/pdf" },
  html: { label: "渲染后的网页源码", extension: "html", contentType: "text/html; charset=utf-8" },
  provenance: { label: "取证环境与过程记录", extension: "json", contentType: "application/json" },
} as const;
export type CaptureFileKind = keyof typeof CAPTURE_FILES;
export const CaptureFileQuerySchema = CaptureIdSchema.extend({ file: z.enum(Object.keys(CAPTURE_FILES) as [CaptureFileKind, ...CaptureFileKind[]], { error: "文件类型不正确" }) });

// ---- the calls ----

const TAG = "电子取证";
const CapturePageSchema = pagePSchema(CaptureRecordSchema);

export const CAPTURE_ENDPOINTS = {
  create: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/createSnapshot",
    input: SnapshotFormSchema,
    datas: z.array(CaptureRecordSchema),
    session: "user",
    tag: TAG,
    summary: `网页快照取证：每个网址一条取证（最多${CAPTURE_MAX_URLS}个），各预扣一次快照保全次数；被拒绝的网址不扣次数、不建记录`,
  }),
  allowance: endpoint({ method: "GET", path: "/evidenceTaken/v2/getSnapshotAllowance", input: z.object({}), datas: CaptureAllowanceSchema, session: "user", tag: TAG, summary: "可用的快照保全次数（套餐 30001 与公证套餐快照额度）" }),
  list: endpoint({ method: "GET", path: "/evidenceTaken/v2/getSnapshotList", input: CaptureListQuerySchema, datas: CapturePageSchema, session: "user", tag: TAG, summary: "网页快照取证列表（本人）" }),
  totalList: endpoint({ method: "GET", path: "/evidenceTaken/v2/getTotalEvidenceTakenList", input: CaptureListQuerySchema, datas: CapturePageSchema, session: "user", tag: TAG, summary: "全部取证列表（各类取证，本人）" }),
  one: endpoint({ method: "GET", path: "/evidenceTaken/v2/getSnapshotDetail", input: CaptureIdSchema, datas: CaptureDetailSchema, session: "user", tag: TAG, summary: "网页快照取证详情，含取证环境与过程记录和质量检查" }),
  progress: endpoint({ method: "GET", path: "/evidenceTaken/v2/getSnapshotProgress", input: CaptureProgressQuerySchema, datas: z.array(CaptureRecordSchema), session: "user", tag: TAG, summary: "正在进行的取证的实时进度（ids 逗号分隔，最多 50 个；不属于本人的编号不返回）" }),
  retry: endpoint({ method: "POST", path: "/evidenceTaken/v2/retrySnapshot", input: CaptureIdSchema, datas: CaptureRecordSchema, session: "user", tag: TAG, summary: "重新取证：失败或待复核的取证重新排队（失败的取证重新预扣次数）" }),
  accept: endpoint({ method: "POST", path: "/evidenceTaken/v2/acceptSnapshot", input: CaptureIdSchema, datas: CaptureRecordSchema, session: "user", tag: TAG, summary: "确认待复核的取证：按现状封存上链，证书载明质量检查发现" }),
  discard: endpoint({ method: "POST", path: "/evidenceTaken/v2/discardSnapshot", input: CaptureIdSchema, datas: CaptureRecordSchema, session: "user", tag: TAG, summary: "放弃待复核的取证：退回预扣的次数" }),
  /** /rights/web/new when the platform captures the page: the rights fields plus the URL; sealed as a web rights record. */
  createRightsWeb: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/createRightsWebCapture",
    input: RightsWebCaptureFormSchema,
    datas: CaptureRecordSchema,
    session: "user",
    tag: TAG,
    summary: "网页确权（由平台抓取网页）：与网页快照取证相同的取证流程与扣减，封存为网页确权记录",
  }),
  file: endpoint({ method: "GET", path: "/evidenceTaken/v2/downloadSnapshotFile", input: CaptureFileQuerySchema, datas: z.null(), session: "user", file: true, tag: TAG, summary: "下载取证包或其中的文件（截图、PDF、网页源码、取证环境与过程记录）" }),
};
