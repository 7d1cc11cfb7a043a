import { z } from "zod";
import { ChartDataSchema } from "./chart";
import { MONITOR_BLOCKING_LIMITS_CODES } from "./constants";
import { endpoint } from "./contract";
import { MONITOR_SITE_KINDS, type MonitorSiteKind } from "./monitor-pricing";
import { pagePSchema, pageQuerySchema } from "./paging";
import { defineStateMachine } from "./state-machine";
import { freeText, optionalText, textRule } from "./string-rule";
import { optionalFilterDate } from "./time-range";
import { RIGHT_TYPES, type UploadRule } from "./upload";
import { isUrlWithScheme } from "./web-address";
import { RequestKeySchema } from "./lawyer-service";

/**
 * Whole-network monitoring (/monitor, spec §1, §2, §4, §6, §9; issue 18). A rights holder registers
 * works (texts, pictures, audio, video, logos, rights records already stored with us, or keywords),
 * names the sites to watch and for how many weeks; the platform crawls the sites on a schedule,
 * matches what it finds against the works, captures every hit as web evidence and lists it with
 * why it matched. Billing is per site and week (spec §9), through the billing reservation call.
 */

// ---- channels: which matcher a page family uses ----

/** How a found item is compared with a work. */
export const MATCH_TYPES = ["text", "image", "audio", "video", "logo", "keyword"] as const;
export type MatchType = (typeof MATCH_TYPES)[number];
export const MATCH_TYPE_LABELS: Record<MatchType, string> = {
  text: "文字相似",
  image: "图片相似",
  audio: "音频指纹",
  video: "视频关键帧",
  logo: "标识图形",
  keyword: "关键词",
};

/**
 * A channel is one family of /monitor pages: a section of the registry, with or without a prefix
 * (spec §2: text has ystw/logo/wx variants, audio fm, video dsp). Each task belongs to one channel
 * and each channel decides what may be protected and how it is matched.
 * - `works`: the kinds of work the task protects (`keyword` = the task carries keywords instead).
 * - `matchers`: how a page found on a site is compared (a rights channel follows its records' kinds).
 */
export const MONITOR_CHANNELS = {
  text: { section: "text", prefix: "", label: "文字监测", works: ["text"], matchers: ["text"] },
  ystw: { section: "text", prefix: "ystw", label: "信息监测", works: ["text"], matchers: ["text"] },
  logo: { section: "text", prefix: "logo", label: "标识监测", works: ["logo"], matchers: ["logo"] },
  wx: { section: "text", prefix: "wx", label: "文学监测", works: ["text"], matchers: ["text"] },
  picture: { section: "picture", prefix: "", label: "图片监测", works: ["image"], matchers: ["image"] },
  audio: { section: "audio", prefix: "", label: "音乐监测", works: ["audio"], matchers: ["audio"] },
  fm: { section: "audio", prefix: "fm", label: "电台监测", works: ["audio"], matchers: ["audio"] },
  video: { section: "video", prefix: "", label: "视频监测", works: ["video"], matchers: ["video"] },
  dsp: { section: "video", prefix: "dsp", label: "短视频监测", works: ["video"], matchers: ["video"] },
  rights: { section: "rights", prefix: "", label: "权属数据监测", works: ["evidence"], matchers: ["text", "image", "audio", "video"] },
  publicOpinion: { section: "publicOpinion", prefix: "", label: "舆情监测", works: ["keyword"], matchers: ["keyword"] },
  eBusiness: { section: "eBusiness", prefix: "", label: "电商监测", works: ["keyword"], matchers: ["keyword"] },
  trademark: { section: "trademark", prefix: "", label: "商标监测", works: ["logo"], matchers: ["logo"] },
} as const satisfies Record<string, { section: string; prefix: string; label: string; works: readonly WorkKind[]; matchers: readonly MatchType[] }>;
export type MonitorChannel = keyof typeof MONITOR_CHANNELS;
export const MONITOR_CHANNEL_KEYS = Object.keys(MONITOR_CHANNELS) as [MonitorChannel, ...MonitorChannel[]];
export const MONITOR_CHANNEL_LABELS = Object.fromEntries(MONITOR_CHANNEL_KEYS.map((key) => [key, MONITOR_CHANNELS[key].label])) as Record<MonitorChannel, string>;

/** The channel of a registry page family: /monitor/<section>/<prefix>new … */
export function monitorChannelOf(section: string, prefix = ""): MonitorChannel | null {
  return MONITOR_CHANNEL_KEYS.find((key) => MONITOR_CHANNELS[key].section === section && MONITOR_CHANNELS[key].prefix === prefix) ?? null;
}

// ---- works: what a task protects ----

/** `evidence`: a record already stored with us (its file or text is the work); `keyword` is not a work but a task's keywords. */
export const WORK_KINDS = ["text", "image", "audio", "video", "logo", "evidence", "keyword"] as const;
export type WorkKind = (typeof WORK_KINDS)[number];
export const WORK_KIND_LABELS: Record<WorkKind, string> = {
  text: "文字作品",
  image: "图片作品",
  audio: "音频作品",
  video: "视频作品",
  logo: "标识/商标图形",
  evidence: "已存证的权属数据",
  keyword: "关键词",
};

/** Upload rules of the works (spec §9 limits: 50 MB documents and images, 200 MB audio and video). */
const rightTypeRule = (id: number): UploadRule => RIGHT_TYPES.find((type) => type.id === id)!;
export const WORK_UPLOAD_RULES: Record<"text" | "image" | "audio" | "video" | "logo", UploadRule> = {
  text: { maxBytes: rightTypeRule(1).maxBytes, extensions: ["txt", "html", "htm", "md"] },
  image: { maxBytes: rightTypeRule(2).maxBytes, extensions: ["jpg", "jpeg", "png", "gif", "bmp", "webp", "tif", "tiff"] },
  logo: { maxBytes: rightTypeRule(2).maxBytes, extensions: ["jpg", "jpeg", "png", "gif", "bmp", "webp"] },
  audio: { maxBytes: rightTypeRule(3).maxBytes, extensions: rightTypeRule(3).extensions! },
  video: { maxBytes: rightTypeRule(4).maxBytes, extensions: rightTypeRule(4).extensions! },
};
export type UploadedWorkKind = keyof typeof WORK_UPLOAD_RULES;

/** A registered work as its owner sees it; fingerprints stay on the server. */
export const MonitorWorkSchema = z.object({
  id: z.number().int().meta({ title: "作品编号", row: "never" }),
  kind: z.enum(WORK_KINDS).meta({ title: "作品类型", labels: WORK_KIND_LABELS }),
  name: z.string().meta({ title: "作品名称" }),
  sha256: z.string().meta({ title: "SHA-256", mono: true }),
  size: z.number().int().meta({ title: "大小", format: "bytes" }),
  /** A text work's first characters; an evidence work's certificate number. */
  summary: z.string().meta({ title: "摘要", ellipsis: true }),
  /** Media length for audio and video, null otherwise. */
  durationMs: z.number().int().nullable().meta({ title: "时长", format: "durationMs", row: "ifPresent" }),
  /** Set once the fingerprints are computed; a work that could not be fingerprinted says why. */
  ready: z.boolean().meta({ title: "指纹就绪" }),
  failure: z.string().nullable().meta({ title: "处理失败原因", row: "ifPresent" }),
  createTime: z.number().int().meta({ title: "上传时间", format: "datetime" }),
});
export type MonitorWork = z.infer<typeof MonitorWorkSchema>;

// ---- tasks ----

export const MONITOR_TASK_STATES = ["notStarted", "monitoring", "paused", "stopped"] as const;
export type MonitorTaskState = (typeof MONITOR_TASK_STATES)[number];
export const MONITOR_TASK_STATE_LABELS: Record<MonitorTaskState, string> = { notStarted: "未开始", monitoring: "监测中", paused: "已暂停", stopped: "已停止" };
export const MONITOR_TASK_STATE_COLORS: Record<MonitorTaskState, string> = { notStarted: "default", monitoring: "processing", paused: "warning", stopped: "default" };

/** Why a task stopped, said on its row. */
export const MONITOR_STOP_REASONS = ["user", "balance", "completed"] as const;
export type MonitorStopReason = (typeof MONITOR_STOP_REASONS)[number];
export const MONITOR_STOP_REASON_LABELS: Record<MonitorStopReason, string> = {
  user: "用户已停止监测",
  balance: "账户余额不足，监测已停止，请充值后新建监测",
  completed: "监测周期已结束",
};

/**
 * The task's machine. Billing follows it (server/modules/monitor): a billing week is reserved
 * (service "monitoring", reference `<taskUid>:<week>`) when monitoring starts or resumes and at each
 * week's end while it goes on; a week in which a crawl ran is settled, one in which none ran is
 * released. A week that cannot be reserved stops the task (reason balance).
 * - start: the scheduler at the start time (a task created to start now starts in the call that
 *   creates it); reserves the first week. No call starts an existing task, so it is the system's.
 * - pause / resume: the user; pausing ends the current week early (settled if anything ran);
 *   resuming reserves a fresh week, so paused time is never charged.
 * - stop: the user (reason user), the billing (balance) or the end of the last paid week (completed).
 */
export const MONITOR_TASK_TRANSITIONS = {
  start: { from: ["notStarted"], to: "monitoring", by: "system" },
  pause: { from: ["monitoring"], to: "paused", by: "owner" },
  resume: { from: ["paused"], to: "monitoring", by: "owner" },
  stop: { from: ["notStarted", "monitoring", "paused"], to: "stopped", by: "owner" },
  runOutOfMoney: { from: ["notStarted", "monitoring", "paused"], to: "stopped", by: "system" },
  complete: { from: ["monitoring", "paused"], to: "stopped", by: "system" },
} as const satisfies Record<string, { from: readonly MonitorTaskState[]; to: MonitorTaskState; by: "owner" | "system" }>;
export type MonitorTaskAction = keyof typeof MONITOR_TASK_TRANSITIONS;
export const MONITOR_TASK_ACTION_LABELS: Record<MonitorTaskAction, string> = {
  start: "开始监测",
  pause: "暂停监测",
  resume: "恢复监测",
  stop: "停止监测",
  runOutOfMoney: "余额不足停止",
  complete: "监测结束",
};
export const MONITOR_TASK_LIFECYCLE = defineStateMachine("monitorTask", MONITOR_TASK_TRANSITIONS, {
  refusal: (state, action) => `监测任务当前状态为“${MONITOR_TASK_STATE_LABELS[state]}”，不能${MONITOR_TASK_ACTION_LABELS[action]}`,
});

/** How often each site of a task is crawled (croner patterns, Asia/Shanghai). */
export const MONITOR_FREQUENCIES = {
  hourly: { label: "每小时", cron: "0 * * * *" },
  sixHourly: { label: "每6小时", cron: "0 */6 * * *" },
  daily: { label: "每天", cron: "0 2 * * *" },
  weekly: { label: "每周", cron: "0 2 * * 1" },
} as const;
export type MonitorFrequency = keyof typeof MONITOR_FREQUENCIES;
export const MONITOR_FREQUENCY_KEYS = Object.keys(MONITOR_FREQUENCIES) as [MonitorFrequency, ...MonitorFrequency[]];
export const MONITOR_FREQUENCY_LABELS = Object.fromEntries(MONITOR_FREQUENCY_KEYS.map((key) => [key, MONITOR_FREQUENCIES[key].label])) as Record<MonitorFrequency, string>;

export const MONITOR_LIMITS = {
  nameMax: 50,
  maxSites: 20,
  maxWorks: 50,
  maxKeywords: 20,
  keywordMax: 30,
  minWeeks: 1,
  maxWeeks: 52,
  siteNameMax: 50,
  /** Crawl bounds per site and run (the operator may lower them; DEFAULT when a site says nothing). */
  maxDepth: 5,
  maxPages: 500,
  defaultDepth: 2,
  defaultPages: 100,
  noteMax: 200,
} as const;

export const MONITOR_SITE_KIND_LABELS = Object.fromEntries(MONITOR_SITE_KINDS.map(({ kind, label }) => [kind, label])) as Record<MonitorSiteKind, string>;
const SITE_KIND_KEYS = MONITOR_SITE_KINDS.map(({ kind }) => kind) as [MonitorSiteKind, ...MonitorSiteKind[]];

/**
 * One place to look. A web site is crawled from its start address; an app or a search engine is
 * reached through the address of its web listing or result page, which the operator allows.
 */
export const MonitorSiteSchema = z.object({
  kind: z.enum(SITE_KIND_KEYS, { error: "请选择站点类型" }).meta({ title: "站点类型", labels: MONITOR_SITE_KIND_LABELS }),
  name: textRule({ required: "请输入站点名称" }).max(MONITOR_LIMITS.siteNameMax, `站点名称不能超过${MONITOR_LIMITS.siteNameMax}个字`).meta({ title: "站点名称" }),
  url: textRule({ required: "请输入站点地址", invalid: "请输入以 http:// 或 https:// 开头的站点地址", test: isUrlWithScheme }).meta({ title: "起始地址" }),
  depth: z.coerce
    .number({ error: "抓取深度须为整数" })
    .int("抓取深度须为整数")
    .min(0, "抓取深度须为整数")
    .max(MONITOR_LIMITS.maxDepth, `抓取深度不能超过${MONITOR_LIMITS.maxDepth}`)
    .default(MONITOR_LIMITS.defaultDepth)
    .meta({ title: "抓取深度" }),
  maxPages: z.coerce
    .number({ error: "页面上限须为正整数" })
    .int("页面上限须为正整数")
    .positive("页面上限须为正整数")
    .max(MONITOR_LIMITS.maxPages, `每次最多抓取${MONITOR_LIMITS.maxPages}个页面`)
    .default(MONITOR_LIMITS.defaultPages)
    .meta({ title: "页面上限" }),
});
export type MonitorSite = z.output<typeof MonitorSiteSchema>;

const keyword = textRule({ required: "关键词不能为空" }).max(MONITOR_LIMITS.keywordMax, `每个关键词不能超过${MONITOR_LIMITS.keywordMax}个字`);

export const MONITOR_MESSAGES = {
  noWorks: "请添加要保护的作品",
  noKeywords: "请输入监测关键词",
  noSites: "请添加监测站点",
  tooManySites: `监测站点不能超过${MONITOR_LIMITS.maxSites}个`,
  tooManyWorks: `作品不能超过${MONITOR_LIMITS.maxWorks}件`,
  tooManyKeywords: `关键词不能超过${MONITOR_LIMITS.maxKeywords}个`,
  weeks: `监测周期须为${MONITOR_LIMITS.minWeeks}至${MONITOR_LIMITS.maxWeeks}周`,
  taskNotFound: "监测任务不存在",
  runNotMonitoring: "监测任务不在监测中，不能立即抓取",
  hitNotFound: "监测结果不存在",
  workNotFound: "作品不存在",
  workNotReady: "作品指纹尚未就绪，请稍后再试",
  workKindMismatch: "作品类型与监测类型不符",
  workUnreadable: "无法读取该作品文件，请检查文件是否完整",
  reportNotFound: "监测报告不存在",
  reportStillMaking: "监测报告仍在生成中，完成后将出现在报告列表中",
  duplicateSite: "监测站点重复",
  siteRefused: "该站点不允许监测",
  runBusy: "该任务正在抓取，请稍后再试",
  hitEvidenceNotFailed: "该结果未取证失败，无需重新取证",
} as const;

export const MonitorCode = {
  /** One of the account's limits codes (spec §4, §6) blocks a new task; the limit's own code travels (301/304/305/309). */
  limits: MONITOR_BLOCKING_LIMITS_CODES,
  /** The task's machine refused the action (the message names the state and the action). */
  stateRefused: 3700,
  /** A work is missing, not the caller's, not ready or of the wrong kind. */
  workRefused: 3701,
  /** A site address is refused by the capture policy (CAPTURE_ALLOWED_HOSTS and the address policy). */
  siteRefused: 3702,
  /** A crawl of this task is under way. */
  runBusy: 3703,
  /** Fingerprinting needs a Debian package missing here (ffmpeg, fpcalc); the message says which. */
  toolUnavailable: 3704,
  /** A hit's review machine refused the action (the message names the state and the action), or its evidence is not failed (retry). */
  hitRefused: 3705,
} as const;

const TaskNameSchema = textRule({ required: "请输入任务名称" }).max(MONITOR_LIMITS.nameMax, `任务名称不能超过${MONITOR_LIMITS.nameMax}个字`);

export const MonitorTaskFormSchema = z.object({
  channel: z.enum(MONITOR_CHANNEL_KEYS, { error: "监测类型不正确" }).meta({ title: "监测类型", labels: MONITOR_CHANNEL_LABELS }),
  name: TaskNameSchema.meta({ title: "任务名称" }),
  /** Works of the channel's kinds (uploaded with uploadFile, or evidence ids for rights); empty for keyword channels. */
  workIds: z.array(z.coerce.number().int().positive(), { error: MONITOR_MESSAGES.noWorks }).max(MONITOR_LIMITS.maxWorks, MONITOR_MESSAGES.tooManyWorks).default([]).meta({ title: "保护作品" }),
  /** Rights channel: stored evidence (its file or text) to protect. */
  evidenceIds: z.array(z.coerce.number().int().positive()).max(MONITOR_LIMITS.maxWorks, MONITOR_MESSAGES.tooManyWorks).default([]).meta({ title: "权属数据" }),
  /** Keyword channels (and optionally any other, to narrow pages first). */
  keywords: z.array(keyword).max(MONITOR_LIMITS.maxKeywords, MONITOR_MESSAGES.tooManyKeywords).default([]).meta({ title: "监测关键词" }),
  /** Pages containing any of these are left out (public opinion, e-commerce). */
  excludeKeywords: z.array(keyword).max(MONITOR_LIMITS.maxKeywords, MONITOR_MESSAGES.tooManyKeywords).default([]).meta({ title: "排除关键词" }),
  sites: z.array(MonitorSiteSchema, { error: MONITOR_MESSAGES.noSites }).min(1, MONITOR_MESSAGES.noSites).max(MONITOR_LIMITS.maxSites, MONITOR_MESSAGES.tooManySites).meta({ title: "监测站点" }),
  weeks: z.coerce.number({ error: MONITOR_MESSAGES.weeks }).int(MONITOR_MESSAGES.weeks).min(MONITOR_LIMITS.minWeeks, MONITOR_MESSAGES.weeks).max(MONITOR_LIMITS.maxWeeks, MONITOR_MESSAGES.weeks).meta({ title: "监测周期（周）" }),
  frequency: z.enum(MONITOR_FREQUENCY_KEYS, { error: "请选择监测频率" }).default("daily").meta({ title: "监测频率", labels: MONITOR_FREQUENCY_LABELS }),
  /** Absent: starts at once. A later day starts then (the scheduler takes it). */
  startTime: optionalText(z.coerce.number().int().nonnegative()).meta({ title: "开始时间", format: "datetime" }),
  /** Each hit captured as web evidence automatically (default); off: listed only, captured on confirm. */
  autoCapture: z.union([z.boolean(), z.stringbool()]).default(true).meta({ title: "自动取证" }),
  /** A retry with the same key answers the task first created: a double click never reserves a week twice. */
  requestKey: RequestKeySchema,
});
export type MonitorTaskForm = z.input<typeof MonitorTaskFormSchema>;
export type MonitorTaskFormValues = z.output<typeof MonitorTaskFormSchema>;

/** dataTask rows. */
export const MonitorTaskRowSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  taskNo: z.string().meta({ title: "任务编号", mono: true, copyable: true }),
  channel: z.enum(MONITOR_CHANNEL_KEYS).meta({ title: "监测类型", labels: MONITOR_CHANNEL_LABELS }),
  name: z.string().meta({ title: "任务名称" }),
  state: z.enum(MONITOR_TASK_STATES).meta({ title: "状态", labels: MONITOR_TASK_STATE_LABELS, colors: MONITOR_TASK_STATE_COLORS }),
  stopReason: z.enum(MONITOR_STOP_REASONS).nullable().meta({ title: "停止原因", labels: MONITOR_STOP_REASON_LABELS, row: "ifPresent" }),
  siteCount: z.number().int().meta({ title: "站点数" }),
  workCount: z.number().int().meta({ title: "作品数" }),
  frequency: z.enum(MONITOR_FREQUENCY_KEYS).meta({ title: "监测频率", labels: MONITOR_FREQUENCY_LABELS }),
  weeks: z.number().int().meta({ title: "监测周期（周）" }),
  weeklyFeeFen: z.number().int().meta({ title: "每周费用", format: "fen" }),
  /** Weeks reserved or settled so far (the current one included). */
  billedWeeks: z.number().int().meta({ title: "已计费周数" }),
  chargedFen: z.number().int().meta({ title: "已扣费用", format: "fen" }),
  hitCount: z.number().int().meta({ title: "发现疑似侵权" }),
  startTime: z.number().int().meta({ title: "开始时间", format: "datetime" }),
  endTime: z.number().int().nullable().meta({ title: "结束时间", format: "datetime" }),
  lastRunTime: z.number().int().nullable().meta({ title: "最近抓取", format: "datetime" }),
  nextRunTime: z.number().int().nullable().meta({ title: "下次抓取", format: "datetime" }),
  createTime: z.number().int().meta({ title: "创建时间", format: "datetime" }),
});
export type MonitorTaskRow = z.infer<typeof MonitorTaskRowSchema>;

export const MONITOR_RUN_STATES = ["queued", "running", "done", "failed"] as const;
export type MonitorRunState = (typeof MONITOR_RUN_STATES)[number];
export const MONITOR_RUN_STATE_LABELS: Record<MonitorRunState, string> = { queued: "排队中", running: "抓取中", done: "已完成", failed: "失败" };

/** One crawl of one site. */
export const MonitorRunSchema = z.object({
  id: z.number().int(),
  siteName: z.string().meta({ title: "站点" }),
  state: z.enum(MONITOR_RUN_STATES).meta({ title: "状态", labels: MONITOR_RUN_STATE_LABELS }),
  pages: z.number().int().meta({ title: "抓取页面" }),
  bytes: z.number().int().meta({ title: "抓取字节", format: "bytes" }),
  skippedByRobots: z.number().int().meta({ title: "robots.txt 禁止" }),
  hits: z.number().int().meta({ title: "新发现" }),
  failure: z.string().nullable().meta({ title: "失败原因", row: "ifPresent" }),
  startTime: z.number().int().nullable().meta({ title: "开始时间", format: "datetime" }),
  endTime: z.number().int().nullable().meta({ title: "结束时间", format: "datetime" }),
});
export type MonitorRun = z.infer<typeof MonitorRunSchema>;

/** The billing weeks of a task. */
export const MONITOR_WEEK_STATES = ["reserved", "settled", "released"] as const;
export const MonitorWeekSchema = z.object({
  week: z.number().int().meta({ title: "第几周" }),
  state: z.enum(MONITOR_WEEK_STATES).meta({ title: "状态", labels: { reserved: "预扣中", settled: "已扣费", released: "已退回" } }),
  amountFen: z.number().int().meta({ title: "金额", format: "fen" }),
  startTime: z.number().int().meta({ title: "开始", format: "datetime" }),
  endTime: z.number().int().meta({ title: "结束", format: "datetime" }),
});

export const MonitorTaskDetailSchema = MonitorTaskRowSchema.extend({
  sites: z.array(MonitorSiteSchema.extend({ id: z.number().int() })),
  works: z.array(MonitorWorkSchema),
  keywords: z.array(z.string()).meta({ title: "监测关键词", row: "ifPresent" }),
  excludeKeywords: z.array(z.string()).meta({ title: "排除关键词", row: "ifPresent" }),
  autoCapture: z.boolean().meta({ title: "自动取证" }),
  weeksBilled: z.array(MonitorWeekSchema),
  /** The latest crawl of each site (at most 50, newest first). */
  runs: z.array(MonitorRunSchema),
  actions: z.array(z.enum(Object.keys(MONITOR_TASK_TRANSITIONS) as [MonitorTaskAction, ...MonitorTaskAction[]])),
});
export type MonitorTaskDetail = z.infer<typeof MonitorTaskDetailSchema>;

// ---- hits ----

export const HIT_REVIEW_STATES = ["pending", "confirmed", "dismissed"] as const;
export type HitReviewState = (typeof HIT_REVIEW_STATES)[number];
export const HIT_REVIEW_LABELS: Record<HitReviewState, string> = { pending: "待确认", confirmed: "已确认侵权", dismissed: "已排除" };
export const HIT_REVIEW_COLORS: Record<HitReviewState, string> = { pending: "processing", confirmed: "error", dismissed: "default" };

export const HIT_REVIEW_TRANSITIONS = {
  confirm: { from: ["pending", "dismissed"], to: "confirmed", by: "owner" },
  dismiss: { from: ["pending", "confirmed"], to: "dismissed", by: "owner" },
} as const satisfies Record<string, { from: readonly HitReviewState[]; to: HitReviewState; by: "owner" }>;
export type HitReviewAction = keyof typeof HIT_REVIEW_TRANSITIONS;
export const HIT_REVIEW_ACTION_LABELS: Record<HitReviewAction, string> = { confirm: "确认侵权", dismiss: "排除" };
export const HIT_REVIEW_LIFECYCLE = defineStateMachine("monitorHit", HIT_REVIEW_TRANSITIONS, {
  refusal: (state, action) => `该结果当前为“${HIT_REVIEW_LABELS[state]}”，不能${HIT_REVIEW_ACTION_LABELS[action]}`,
});

/** Where the hit's web evidence is (the capture of the page it was found on). */
export const HIT_EVIDENCE_STATES = ["none", "capturing", "stored", "failed"] as const;
export type HitEvidenceState = (typeof HIT_EVIDENCE_STATES)[number];
export const HIT_EVIDENCE_LABELS: Record<HitEvidenceState, string> = { none: "未取证", capturing: "取证中", stored: "已取证", failed: "取证失败" };
export const HIT_EVIDENCE_COLORS: Record<HitEvidenceState, string> = { none: "default", capturing: "processing", stored: "success", failed: "error" };

/**
 * Why a hit matched, per matcher: the figures a person can check.
 * - text: SimHash Hamming distance over 64 bits, the share of the work's characters found in
 *   common passages, and the passages themselves (the work's and the page's wording side by side).
 * - image / logo: the distances of each perceptual hash (64-bit) and which variant of the work
 *   (original, mirrored, a crop) came closest; for a logo, the region of the page's picture.
 * - audio: Chromaprint similarity (share of matching bits over the best alignment) and the offset.
 * - video: the keyframes that matched (times in both, hash distance).
 * - keyword: the keywords found and a snippet around each.
 */
export const TextMatchSchema = z.object({
  kind: z.literal("text"),
  simhashDistance: z.number().int(),
  overlapRatio: z.number(),
  passages: z.array(z.object({ work: z.string(), found: z.string(), workOffset: z.number().int(), foundOffset: z.number().int() })),
});
export const ImageMatchSchema = z.object({
  kind: z.enum(["image", "logo"]),
  /** The picture on the page that matched. */
  imageUrl: z.string(),
  distances: z.record(z.string(), z.number().int()),
  variant: z.string(),
  /** Logo only: where in the page's picture the mark was found (pixels of the picture). */
  region: z.object({ left: z.number().int(), top: z.number().int(), width: z.number().int(), height: z.number().int() }).nullable(),
});
/**
 * The Chinese name of a work's picture variant as the image matcher names it ("original",
 * "mirrored", "centre-80", "top-left-85", "mirrored-centre-85"): which edit of the work came closest.
 */
export function imageVariantLabel(variant: string): string {
  const parts = variant.split("-");
  const mirrored = parts[0] === "mirrored";
  const rest = mirrored ? parts.slice(1) : parts;
  if (rest.length === 0 || rest[0] === "original") return mirrored ? "镜像" : "原图";
  const share = rest.at(-1);
  const place = rest.slice(0, -1).join("-");
  const PLACES: Record<string, string> = { centre: "中心", "top-left": "左上", "top-right": "右上", "bottom-left": "左下", "bottom-right": "右下" };
  const crop = PLACES[place] && /^\d+$/.test(share ?? "") ? `${PLACES[place]}裁切 ${share}%` : variant;
  return mirrored ? `镜像 + ${crop}` : crop;
}
export const AudioMatchSchema = z.object({ kind: z.literal("audio"), mediaUrl: z.string(), similarity: z.number(), offsetSeconds: z.number(), matchedSeconds: z.number() });
export const VideoMatchSchema = z.object({
  kind: z.literal("video"),
  mediaUrl: z.string(),
  frames: z.array(z.object({ workSeconds: z.number(), foundSeconds: z.number(), distance: z.number().int() })),
  matchedShare: z.number(),
});
export const KeywordMatchSchema = z.object({ kind: z.literal("keyword"), keywords: z.array(z.string()), snippets: z.array(z.string()) });
export const HitMatchSchema = z.discriminatedUnion("kind", [TextMatchSchema, ImageMatchSchema, AudioMatchSchema, VideoMatchSchema, KeywordMatchSchema]);
export type HitMatch = z.infer<typeof HitMatchSchema>;

/** dataList / dataResults rows (spec: hits with source, title, author, publish time, found time, platform, score, evidence status). */
export const MonitorHitRowSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  taskId: z.number().int().meta({ title: "任务", row: "never" }),
  taskNo: z.string().meta({ title: "任务编号", mono: true }),
  channel: z.enum(MONITOR_CHANNEL_KEYS).meta({ title: "监测类型", labels: MONITOR_CHANNEL_LABELS }),
  title: z.string().meta({ title: "标题", ellipsis: true }),
  url: z.string().meta({ title: "来源地址", copyable: true, ellipsis: true }),
  platform: z.string().meta({ title: "平台" }),
  author: z.string().nullable().meta({ title: "作者", empty: "—" }),
  publishTime: z.number().int().nullable().meta({ title: "发布时间", format: "datetime" }),
  foundTime: z.number().int().meta({ title: "发现时间", format: "datetime" }),
  matchType: z.enum(MATCH_TYPES).meta({ title: "匹配方式", labels: MATCH_TYPE_LABELS }),
  /** 0–100: how close, per the matcher (100 = identical). */
  score: z.number().int().meta({ title: "相似度" }),
  workName: z.string().nullable().meta({ title: "匹配作品", empty: "—" }),
  review: z.enum(HIT_REVIEW_STATES).meta({ title: "处理状态", labels: HIT_REVIEW_LABELS, colors: HIT_REVIEW_COLORS }),
  evidenceState: z.enum(HIT_EVIDENCE_STATES).meta({ title: "取证状态", labels: HIT_EVIDENCE_LABELS, colors: HIT_EVIDENCE_COLORS }),
  /** The web evidence of the hit once stored (its certificate is the hit's Certificate page). */
  evidenceId: z.number().int().nullable().meta({ title: "证据编号", row: "never" }),
  certificateNo: z.string().nullable().meta({ title: "证书编号", mono: true, copyable: true, empty: "—" }),
});
export type MonitorHitRow = z.infer<typeof MonitorHitRowSchema>;

export const MonitorHitDetailSchema = MonitorHitRowSchema.extend({
  match: HitMatchSchema,
  siteName: z.string().meta({ title: "监测站点" }),
  captureId: z.number().int().nullable().meta({ title: "取证任务", row: "never" }),
  evidenceFailure: z.string().nullable().meta({ title: "取证失败原因", row: "ifPresent" }),
  reviewNote: z.string().nullable().meta({ title: "处理说明", row: "ifPresent" }),
  reviewTime: z.number().int().nullable().meta({ title: "处理时间", format: "datetime", row: "ifPresent" }),
  actions: z.array(z.enum(Object.keys(HIT_REVIEW_TRANSITIONS) as [HitReviewAction, ...HitReviewAction[]])),
});
export type MonitorHitDetail = z.infer<typeof MonitorHitDetailSchema>;

// ---- reports ----

export const MonitorReportRowSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  reportNo: z.string().meta({ title: "报告编号", mono: true, copyable: true }),
  channel: z.enum(MONITOR_CHANNEL_KEYS).meta({ title: "监测类型", labels: MONITOR_CHANNEL_LABELS }),
  periodStart: z.number().int().meta({ title: "统计起始", format: "datetime" }),
  periodEnd: z.number().int().meta({ title: "统计截止", format: "datetime" }),
  taskCount: z.number().int().meta({ title: "任务数" }),
  hitCount: z.number().int().meta({ title: "疑似侵权" }),
  evidenceCount: z.number().int().meta({ title: "已取证" }),
  sha256: z.string().meta({ title: "报告 SHA-256", mono: true, copyable: true }),
  /** Set once the digest is on the ledger. */
  ledgerIndex: z.number().int().nullable().meta({ title: "账本序号", row: "ifPresent" }),
  createTime: z.number().int().meta({ title: "生成时间", format: "datetime" }),
});
export type MonitorReportRow = z.infer<typeof MonitorReportRowSchema>;

// ---- call inputs ----

const idInput = (message: string) => z.object({ id: z.coerce.number({ error: message }).int(message).positive(message) });
export const MonitorTaskIdSchema = idInput(MONITOR_MESSAGES.taskNotFound);
export const MonitorHitIdSchema = idInput(MONITOR_MESSAGES.hitNotFound);
export const MonitorReportIdSchema = idInput(MONITOR_MESSAGES.reportNotFound);

const channelFilter = optionalText(z.enum(MONITOR_CHANNEL_KEYS)).meta({ title: "监测类型", labels: MONITOR_CHANNEL_LABELS });

export const MonitorTaskListQuerySchema = pageQuerySchema().extend({
  channel: channelFilter,
  state: optionalText(z.enum(MONITOR_TASK_STATES)).meta({ title: "状态", labels: MONITOR_TASK_STATE_LABELS }),
  keyName: optionalText(freeText(50, "关键字不能超过50个字")).meta({ title: "任务名称" }),
  startTime: optionalFilterDate("创建时间"),
  endTime: optionalFilterDate(),
});
export type MonitorTaskListQuery = z.infer<typeof MonitorTaskListQuerySchema>;

export const MonitorHitListQuerySchema = pageQuerySchema().extend({
  channel: channelFilter,
  /** dataResults: one task's hits. */
  taskId: optionalText(z.coerce.number().int().positive()),
  review: optionalText(z.enum(HIT_REVIEW_STATES)).meta({ title: "处理状态", labels: HIT_REVIEW_LABELS }),
  evidenceState: optionalText(z.enum(HIT_EVIDENCE_STATES)).meta({ title: "取证状态", labels: HIT_EVIDENCE_LABELS }),
  matchType: optionalText(z.enum(MATCH_TYPES)).meta({ title: "匹配方式", labels: MATCH_TYPE_LABELS }),
  /** ystwdataList (证书列表): only hits whose evidence is stored. A query string's "false" is false (z.coerce.boolean would read it as true). */
  withCertificate: optionalText(z.stringbool()),
  keyName: optionalText(freeText(50, "关键字不能超过50个字")).meta({ title: "标题或地址" }),
  startTime: optionalFilterDate("发现时间"),
  endTime: optionalFilterDate(),
});
export type MonitorHitListQuery = z.infer<typeof MonitorHitListQuerySchema>;

export const MonitorHitReviewSchema = MonitorHitIdSchema.extend({
  note: optionalText(freeText(MONITOR_LIMITS.noteMax, `处理说明不能超过${MONITOR_LIMITS.noteMax}个字`, { multiline: true })).meta({ title: "处理说明" }),
});

export const MONITOR_CHART_DIMENSIONS = ["day", "site", "work", "matchType"] as const;
export type MonitorChartDimension = (typeof MONITOR_CHART_DIMENSIONS)[number];
export const MONITOR_CHART_DIMENSION_LABELS: Record<MonitorChartDimension, string> = { day: "按日期", site: "按站点", work: "按作品", matchType: "按匹配方式" };
export const MonitorChartQuerySchema = z.object({
  channel: channelFilter,
  dimension: z.enum(MONITOR_CHART_DIMENSIONS).default("day"),
  /** day dimension: the last N days (default 30). */
  days: z.coerce.number().int().min(1).max(366).default(30),
});

export const MonitorReportFormSchema = z.object({
  channel: z.enum(MONITOR_CHANNEL_KEYS, { error: "监测类型不正确" }),
  startTime: z.coerce.number({ error: "开始时间不能为空" }).int().nonnegative(),
  endTime: z.coerce.number({ error: "结束时间不能为空" }).int().nonnegative(),
});

export const MonitorReportListQuerySchema = pageQuerySchema().extend({ channel: channelFilter });

/** uploadFile (spec §7: file, uid, token): multipart, these fields first, then `file`. */
export const MonitorUploadSchema = z.object({
  uid: z.coerce.number().int().positive().optional(),
  kind: z.enum(["text", "image", "audio", "video", "logo"], { error: "作品类型不正确" }),
  name: optionalText(freeText(100, "作品名称不能超过100个字")),
});

/** What the guidance, the operation panel and the new page show before anything is created. */
export const MonitorAccountSchema = z.object({
  balanceFen: z.number().int().meta({ title: "账户余额", format: "money" }),
  /** The first limits code blocking a new task (spec §4), or null. */
  limitsCode: z.number().int().nullable(),
  limitsMessage: z.string().nullable(),
  /** Tools missing on this server, by matcher, with why (a page says so instead of failing later). */
  unavailable: z.array(z.object({ matcher: z.enum(MATCH_TYPES), reason: z.string() })),
  activeTasks: z.number().int(),
  pendingHits: z.number().int(),
});
export type MonitorAccount = z.infer<typeof MonitorAccountSchema>;

// ---- the calls ----

const TAG = "全网监测";
export const MONITOR_ENDPOINTS = {
  uploadFile: endpoint({
    method: "POST",
    path: "/monitor/v2/uploadFile",
    input: MonitorUploadSchema,
    datas: MonitorWorkSchema,
    session: "user",
    multipart: true,
    tag: TAG,
    summary: "上传要保护的作品（文字、图片、标识、音频、视频），计算其指纹；multipart/form-data：字段在前，文件（file）在后",
    description: "3704 服务器缺少处理该类作品所需的软件（ffmpeg、fpcalc），消息说明缺少什么。",
  }),
  works: endpoint({ method: "GET", path: "/monitor/v2/getWorkList", input: z.object({ kind: optionalText(z.enum(WORK_KINDS)) }), datas: z.array(MonitorWorkSchema), session: "user", tag: TAG, summary: "本人已上传的作品" }),
  account: endpoint({ method: "GET", path: "/monitor/v2/getMonitorAccount", input: z.object({}), datas: MonitorAccountSchema, session: "user", tag: TAG, summary: "监测账户：余额、限制代码（301/304/305/309）、本服务器不可用的匹配方式" }),
  createTask: endpoint({
    method: "POST",
    path: "/monitor/v2/createTask",
    input: MonitorTaskFormSchema,
    datas: MonitorTaskDetailSchema,
    session: "user",
    tag: TAG,
    summary: "新建监测任务：按站点类型和周数计费（网站100元、App 5000元、搜索引擎1000元每站每周），立即开始时预扣第一周",
    description: "301/304/305/309 账户限制；3701 作品不可用；3702 站点不允许监测；1001 表单校验失败。",
  }),
  tasks: endpoint({ method: "GET", path: "/monitor/v2/getTaskList", input: MonitorTaskListQuerySchema, datas: pagePSchema(MonitorTaskRowSchema), session: "user", tag: TAG, summary: "本人的监测任务" }),
  task: endpoint({ method: "GET", path: "/monitor/v2/getTaskDetail", input: MonitorTaskIdSchema, datas: MonitorTaskDetailSchema, session: "user", tag: TAG, summary: "一个监测任务：站点、作品、计费周、最近的抓取" }),
  pauseTask: endpoint({ method: "POST", path: "/monitor/v2/pauseTask", input: MonitorTaskIdSchema, datas: MonitorTaskDetailSchema, session: "user", tag: TAG, summary: "暂停监测：本周提前结束（有抓取则扣费，无则退回）" }),
  resumeTask: endpoint({ method: "POST", path: "/monitor/v2/resumeTask", input: MonitorTaskIdSchema, datas: MonitorTaskDetailSchema, session: "user", tag: TAG, summary: "恢复监测：预扣新的一周", description: "301 余额不足。" }),
  stopTask: endpoint({ method: "POST", path: "/monitor/v2/stopTask", input: MonitorTaskIdSchema, datas: MonitorTaskDetailSchema, session: "user", tag: TAG, summary: "停止监测（不可恢复）：本周有抓取则扣费，无则退回" }),
  runTask: endpoint({ method: "POST", path: "/monitor/v2/runTaskNow", input: MonitorTaskIdSchema, datas: MonitorTaskDetailSchema, session: "user", tag: TAG, summary: "立即抓取一次（监测中的任务）", description: "3703 正在抓取。" }),
  hits: endpoint({ method: "GET", path: "/monitor/v2/getHitList", input: MonitorHitListQuerySchema, datas: pagePSchema(MonitorHitRowSchema), session: "user", tag: TAG, summary: "监测结果（疑似侵权）：来源、标题、作者、发布与发现时间、平台、相似度、取证状态" }),
  hit: endpoint({ method: "GET", path: "/monitor/v2/getHitDetail", input: MonitorHitIdSchema, datas: MonitorHitDetailSchema, session: "user", tag: TAG, summary: "一条结果及其匹配依据（相同段落、哈希距离、匹配帧）" }),
  confirmHit: endpoint({ method: "POST", path: "/monitor/v2/confirmHit", input: MonitorHitReviewSchema, datas: MonitorHitDetailSchema, session: "user", tag: TAG, summary: "确认为侵权（未取证的结果随即取证）", description: "3705 当前处理状态不允许该操作。" }),
  dismissHit: endpoint({ method: "POST", path: "/monitor/v2/dismissHit", input: MonitorHitReviewSchema, datas: MonitorHitDetailSchema, session: "user", tag: TAG, summary: "排除（非侵权）", description: "3705 当前处理状态不允许该操作。" }),
  retryHitEvidence: endpoint({ method: "POST", path: "/monitor/v2/retryHitEvidence", input: MonitorHitIdSchema, datas: MonitorHitDetailSchema, session: "user", tag: TAG, summary: "重新取证（取证失败的结果）", description: "3705 该结果未取证失败。" }),
  chart: endpoint({ method: "GET", path: "/monitor/v2/getMonitorChart", input: MonitorChartQuerySchema, datas: ChartDataSchema, session: "user", tag: TAG, summary: "监测图表：按日期、站点、作品或匹配方式统计结果" }),
  createReport: endpoint({
    method: "POST",
    path: "/monitor/v2/createReport",
    input: MonitorReportFormSchema,
    datas: MonitorReportRowSchema,
    session: "user",
    tag: TAG,
    summary: "生成一段时间的监测报告（PDF：任务、结果、证据及证书编号、图表），其 SHA-256 上链",
  }),
  reports: endpoint({ method: "GET", path: "/monitor/v2/getReportList", input: MonitorReportListQuerySchema, datas: pagePSchema(MonitorReportRowSchema), session: "user", tag: TAG, summary: "本人的监测报告" }),
  downloadReport: endpoint({ method: "GET", path: "/monitor/v2/downloadReport", input: MonitorReportIdSchema, datas: z.null(), session: "user", file: true, tag: TAG, summary: "下载监测报告 PDF" }),
};
