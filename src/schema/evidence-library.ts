import { z } from "zod";
import { EXTRACTION_CAPTCHA_ENDPOINT } from "./account";
import { endpoint } from "./contract";
import { ImageCaptchaSchema } from "./credentials";
import { ExtractLoginFormSchema } from "./evidence-query";
import { EVIDENCE_KIND_LABELS, EvidenceIdQuerySchema, EvidenceListQuerySchema, EvidenceRecordSchema } from "./evidence";
import { EvidenceKindSchema } from "./evidence-entry";
import { pagePSchema, PageQuerySchema } from "./paging";
import { freeText, optionalText, textRule } from "./string-rule";

/**
 * The evidence library (spec §2 /evidences: dataList, evidenceExtract, evidenceDownload) and the
 * third party's side of an extraction (/info/extractLogin, /info/extractList): the calls, their
 * payloads and the rules both sides check. The calls are at the end, after what they carry.
 */

/** Result codes of the extraction login besides the common ones. */
export const ExtractionCode = {
  /** Number unknown, code wrong, grant expired or revoked: one answer, so the reply reveals nothing. */
  refused: 5101,
  /** Too many wrong codes for this number: locked for a while. */
  locked: 5102,
  /** The extraction session is missing or over; log in again. */
  sessionEnded: 5103,
  captchaInvalid: 1002,
} as const;

export const EXTRACTION_MESSAGE = {
  refused: "提取编号或提取码不正确，或提取已过期、已被撤销",
  locked: (minutes: number) => `提取码错误次数过多，请${minutes}分钟后再试`,
  closed: "提取码错误次数过多，该提取已停用，请联系证据持有人重新生成",
  sessionEnded: "提取登录已失效，请重新输入提取编号和提取码",
  captchaInvalid: "验证码错误",
  noItems: "请选择要提取的证据",
  tooManyItems: (max: number) => `一次最多选择${max}条证据`,
  unknownItems: "所选证据不存在或不属于您",
} as const;

// ---- Extraction codes ----

/** 8 characters from an alphabet without look-alikes (0/O, 1/I/L), so it can be read out over the phone. */
export const EXTRACT_NO_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const EXTRACT_NO_LENGTH = 8;
export const EXTRACT_NO_PATTERN = new RegExp(`^[${EXTRACT_NO_ALPHABET}]{${EXTRACT_NO_LENGTH}}$`);
export const EXTRACT_CODE_LENGTH = 6;
export const EXTRACT_CODE_PATTERN = /^\d{6}$/;
export const VALID_DAYS_MIN = 1;
export const VALID_DAYS_MAX = 30;
export const VALID_DAYS_DEFAULT = 7;
export const EXTRACTION_MAX_ITEMS = 100;
export const PACKAGE_MAX_ITEMS = 100;
export const REMARK_MAX_LENGTH = 30;
/**
 * Guessing a 6-digit code: after EXTRACTION_MAX_FAILURES wrong codes in a row each further one
 * locks the number for EXTRACTION_LOCK_MINUTES, and at EXTRACTION_FAILURE_LIMIT it is closed for
 * good (the holder issues a new one), so a guesser's odds stay below 1 in 50,000.
 */
export const EXTRACTION_MAX_FAILURES = 5;
export const EXTRACTION_LOCK_MINUTES = 15;
export const EXTRACTION_FAILURE_LIMIT = 20;

/** Evidence ids as the pages send them: a JSON array (the signature stringifies arrays as JSON). */
const EvidenceIdSchema = z.number().int().positive();

export const EvidenceIdsSchema = z
  .array(EvidenceIdSchema, { error: EXTRACTION_MESSAGE.noItems })
  .min(1, EXTRACTION_MESSAGE.noItems)
  .max(EXTRACTION_MAX_ITEMS, EXTRACTION_MESSAGE.tooManyItems(EXTRACTION_MAX_ITEMS))
  .refine((ids) => new Set(ids).size === ids.length, "所选证据有重复");

export const ValidDaysSchema = z.coerce
  .number({ error: `有效期为${VALID_DAYS_MIN}-${VALID_DAYS_MAX}天` })
  .int(`有效期为${VALID_DAYS_MIN}-${VALID_DAYS_MAX}天`)
  .min(VALID_DAYS_MIN, `有效期为${VALID_DAYS_MIN}-${VALID_DAYS_MAX}天`)
  .max(VALID_DAYS_MAX, `有效期为${VALID_DAYS_MIN}-${VALID_DAYS_MAX}天`);

export const CreateExtractionSchema = z.object({
  evidenceIds: EvidenceIdsSchema,
  validDays: ValidDaysSchema,
  remark: freeText(REMARK_MAX_LENGTH, `用途说明不超过${REMARK_MAX_LENGTH}个字`).default(""),
});
export type CreateExtraction = z.infer<typeof CreateExtractionSchema>;

export const EXTRACTION_STATUS_LABELS = { active: "有效", expired: "已过期", revoked: "已撤销" } as const;
export const ExtractionStatusSchema = z
  .enum(["active", "expired", "revoked"])
  .meta({ title: "状态", labels: EXTRACTION_STATUS_LABELS, colors: { active: "green", expired: "default", revoked: "red" } });

export const ExtractionSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  extractNo: z.string().meta({ title: "提取编号" }),
  remark: z.string().meta({ title: "用途说明", ellipsis: true, empty: "—" }),
  itemCount: z.number().int().meta({ title: "证据数" }),
  createdAt: z.number().meta({ title: "创建时间", format: "datetime" }),
  expiresAt: z.number().meta({ title: "有效期至", format: "datetime" }),
  status: ExtractionStatusSchema,
  loginCount: z.number().int().meta({ title: "登录次数" }),
  lastLoginAt: z.number().nullable().meta({ title: "最近登录", format: "datetime" }),
});
export type Extraction = z.infer<typeof ExtractionSchema>;

/** Answered once, at creation: the only time the code exists outside the holder's hands. */
export const CreatedExtractionSchema = ExtractionSchema.extend({ extractCode: z.string() });
export type CreatedExtraction = z.infer<typeof CreatedExtractionSchema>;

/** The login form of /info/extractLogin: number, code and the image captcha. */
export const ExtractLoginSchema = ExtractLoginFormSchema.extend({
  extractNo: ExtractLoginFormSchema.shape.extractNo
    .transform((value) => value.toUpperCase())
    .refine((value) => EXTRACT_NO_PATTERN.test(value), `提取编号为${EXTRACT_NO_LENGTH}位字母或数字`),
  extractCode: textRule({ required: "请输入提取码", invalid: `提取码为${EXTRACT_CODE_LENGTH}位数字`, test: EXTRACT_CODE_PATTERN }),
  vCode: ImageCaptchaSchema.meta({ title: "验证码", placeholder: "图中的 4 位字符" }),
});
export type ExtractLogin = z.input<typeof ExtractLoginSchema>;

export const ExtractSessionSchema = z.object({ extractNo: z.string(), expiresAt: z.number(), holderName: z.string(), itemCount: z.number().int() });
export type ExtractSession = z.infer<typeof ExtractSessionSchema>;

// ---- Evidence as the library lists it ----

/** The library calls the records 证据: its lists name them so. */
const LIBRARY_WORDING = {
  name: EvidenceRecordSchema.shape.name.meta({ title: "证据名称", ellipsis: true }),
  kind: EvidenceKindSchema.meta({ title: "证据类型", labels: EVIDENCE_KIND_LABELS }),
};

/**
 * The holder's list: the evidence module's record view (src/schema/evidence.ts) across every kind,
 * without what only a record's own page needs (kind-specific details, an affair's child count).
 */
export const LibraryEvidenceSchema = EvidenceRecordSchema.omit({ details: true, childCount: true, affair: true }).extend(LIBRARY_WORDING);
export type LibraryEvidence = z.infer<typeof LibraryEvidenceSchema>;

/**
 * What the third party sees of an item: the public facts of the record. The holder's name, the
 * kind-specific private details and the affair links stay with the holder.
 */
export const ExtractedEvidenceSchema = EvidenceRecordSchema.extend(LIBRARY_WORDING).pick({
  id: true,
  certificateNo: true,
  kind: true,
  name: true,
  size: true,
  sha256: true,
  sm3: true,
  createTime: true,
  ledgerIndex: true,
  hasContent: true,
  original: true,
  attachments: true,
});
export type ExtractedEvidence = z.infer<typeof ExtractedEvidenceSchema>;

/** Filters of /evidences/dataList (spec §5): the evidence lists' name and date range, plus the type. */
export const LibraryListQuerySchema = EvidenceListQuerySchema.extend({
  kind: optionalText(EvidenceKindSchema).meta({ title: "证据类型", placeholder: "全部类型", labels: EVIDENCE_KIND_LABELS }),
  keyName: EvidenceListQuerySchema.shape.keyName.meta({ title: "证据名称", placeholder: "名称或证书编号", width: 220 }),
});
export type LibraryListQuery = z.infer<typeof LibraryListQuerySchema>;

// ---- Packaging ----

/** A record's parts as files; `attachment` is one of a voucher's attachments, chosen by `index`. */
export const DOWNLOAD_PARTS = ["file", "certificate", "proof", "attachment"] as const;
export type DownloadPart = (typeof DOWNLOAD_PARTS)[number];
export const DOWNLOAD_PART_LABELS: Record<DownloadPart, string> = { file: "原始文件", certificate: "存证证书", proof: "账本证明", attachment: "附件" };

/** The query of a part download (holder's and third party's alike). */
/** What a download of a record the caller may not see (or that does not exist) answers. */
export const EVIDENCE_NOT_FOUND = "没有找到这条证据";
const ATTACHMENT_INDEX_RULE = "附件序号应为非负整数";
export const DownloadPartQuerySchema = z.object({
  id: z.coerce.number({ error: EVIDENCE_NOT_FOUND }).int(EVIDENCE_NOT_FOUND).positive(EVIDENCE_NOT_FOUND),
  part: z.enum(DOWNLOAD_PARTS, { error: `下载内容应为 ${DOWNLOAD_PARTS.slice(0, -1).join("、")} 或 ${DOWNLOAD_PARTS.at(-1)}` }),
  /** Which attachment (0-based), with part=attachment. */
  index: z.coerce.number({ error: ATTACHMENT_INDEX_RULE }).int(ATTACHMENT_INDEX_RULE).nonnegative(ATTACHMENT_INDEX_RULE).optional(),
});

export const PackageIdsSchema = z
  .array(EvidenceIdSchema, { error: "请选择要下载的证据" })
  .min(1, "请选择要下载的证据")
  .max(PACKAGE_MAX_ITEMS, `一次最多打包${PACKAGE_MAX_ITEMS}条证据`)
  .refine((ids) => new Set(ids).size === ids.length, "所选证据有重复");

export const PackageStatusSchema = z.object({
  jobId: z.string(),
  status: z.enum(["packaging", "ready", "failed"]),
  /** Items packed so far of `total`. */
  done: z.number().int(),
  total: z.number().int(),
  /** Seconds the rest is expected to take, for the packaging countdown. */
  estimatedSeconds: z.number().int(),
  /** Size of the finished ZIP in bytes. */
  size: z.number().nullable(),
  fileName: z.string(),
  message: z.string().nullable(),
});
export type PackageStatus = z.infer<typeof PackageStatusSchema>;

const JobIdQuerySchema = z.object({ jobId: z.string().regex(/^[0-9a-f]{32}$/, "打包任务编号不正确") });
const PackageItemsSchema = z.object({ evidenceIds: PackageIdsSchema });
const PART_SUMMARY = "的原始文件（file，保留原文件名与扩展名）、交易凭证的一个附件（attachment，index 为序号）、存证证书 PDF（certificate）或账本证明 .tlog-proof（proof）";

// ---- the holder's calls ----

const LIBRARY_TAG = "证据库";

export const EVIDENCE_LIBRARY_ENDPOINTS = {
  /** The holder's evidence across every type (pageP). */
  list: endpoint({
    method: "GET",
    path: "/evidences/v2/getEvidenceList",
    input: LibraryListQuerySchema,
    datas: pagePSchema(LibraryEvidenceSchema),
    session: "user",
    tag: LIBRARY_TAG,
    summary: "证据列表：本人全部类型的存证（分页 pageP），可按类型 kind、名称或证书编号 keyName 与存证日期 startTime/endTime（YYYY-MM-DD）筛选",
  }),
  /** One record of any kind (the Certificate and evidenceSaveInfo pages): `id`. */
  detail: endpoint({
    method: "GET",
    path: "/evidences/v2/getEvidenceDetail",
    input: EvidenceIdQuerySchema,
    datas: EvidenceRecordSchema,
    session: "user",
    tag: LIBRARY_TAG,
    summary: "证据详情：本人任一类型的一条存证",
  }),
  createExtraction: endpoint({
    method: "POST",
    path: "/evidences/v2/createExtraction",
    input: CreateExtractionSchema,
    datas: CreatedExtractionSchema,
    session: "user",
    tag: LIBRARY_TAG,
    summary: "生成提取码：所选证据（仅限本人）、有效期 1-30 天；提取码只在此次返回，平台仅保存其 scrypt 摘要",
  }),
  extractionList: endpoint({
    method: "GET",
    path: "/evidences/v2/getExtractionList",
    input: PageQuerySchema,
    datas: pagePSchema(ExtractionSchema),
    session: "user",
    tag: LIBRARY_TAG,
    summary: "本人生成的提取记录（分页 pageP）",
  }),
  revokeExtraction: endpoint({
    method: "POST",
    path: "/evidences/v2/revokeExtraction",
    input: z.object({ id: z.coerce.number().int().positive("提取记录不存在") }),
    datas: ExtractionSchema,
    session: "user",
    tag: LIBRARY_TAG,
    summary: "撤销提取：提取码随即失效，已登录的查看方立即退出",
  }),
  createPackage: endpoint({
    method: "POST",
    path: "/evidences/v2/createPackage",
    input: PackageItemsSchema,
    datas: PackageStatusSchema,
    session: "user",
    tag: LIBRARY_TAG,
    summary: "打包下载：所选证据的原始文件、存证证书、账本证明、manifest.json 与清单.txt 打成一个 ZIP（后台进行，轮询进度）",
  }),
  packageStatus: endpoint({
    method: "GET",
    path: "/evidences/v2/getPackageStatus",
    input: JobIdQuerySchema,
    datas: PackageStatusSchema,
    session: "user",
    tag: LIBRARY_TAG,
    summary: "打包进度",
  }),
  /** A link, not a call: the ZIP itself. */
  downloadPackage: endpoint({
    method: "GET",
    path: "/evidences/v2/downloadPackage",
    input: JobIdQuerySchema,
    datas: z.null(),
    file: true,
    session: "user",
    tag: LIBRARY_TAG,
    summary: "下载打包好的 ZIP（application/zip）",
  }),
  /** A link, not a call: one record's original file, certificate PDF or tlog-proof (`id`, `part`). */
  downloadItem: endpoint({
    method: "GET",
    path: "/evidences/v2/downloadEvidenceItem",
    input: DownloadPartQuerySchema,
    datas: z.null(),
    file: true,
    session: "user",
    tag: LIBRARY_TAG,
    summary: `下载本人一条存证${PART_SUMMARY}`,
  }),
};

// ---- the third party's calls ----

const EXTRACTION_TAG = "证据提取";

export const EXTRACTION_ENDPOINTS = {
  /** Declared with the other captchas (src/schema/account.ts), whose route answers it. */
  captcha: EXTRACTION_CAPTCHA_ENDPOINT,
  login: endpoint({
    method: "POST",
    path: "/extractEvidence/v2/extractLogin",
    input: ExtractLoginSchema,
    datas: ExtractSessionSchema,
    session: "tokenless",
    tag: EXTRACTION_TAG,
    summary: `提取登录：提取编号（8 位）、提取码（6 位数字）、图形验证码（${EXTRACTION_CAPTCHA_ENDPOINT.path}）`,
    description: "200 登录成功（设置 HttpOnly Cookie hz_extract）；1002 图形验证码错误；5101 编号或提取码不正确、已过期或已撤销；5102 错误次数过多暂时锁定。",
  }),
  logout: endpoint({
    method: "POST",
    path: "/extractEvidence/v2/extractLogout",
    input: z.object({}),
    datas: z.null(),
    session: "tokenless",
    tag: EXTRACTION_TAG,
    summary: "退出提取登录",
  }),
  list: endpoint({
    method: "GET",
    path: "/extractEvidence/v2/getExtractList",
    input: z.object({}),
    datas: z.object({ session: ExtractSessionSchema, list: z.array(ExtractedEvidenceSchema) }),
    session: "tokenless",
    tag: EXTRACTION_TAG,
    summary: "提取列表：持有人授权查看的证据（名称、类型、摘要、存证时间、证书编号）",
  }),
  /** A link: one item's file, certificate PDF or proof. */
  download: endpoint({
    method: "GET",
    path: "/extractEvidence/v2/extractDownload",
    input: DownloadPartQuerySchema,
    datas: z.null(),
    file: true,
    session: "tokenless",
    tag: EXTRACTION_TAG,
    summary: `下载一条授权证据${PART_SUMMARY}`,
  }),
  createPackage: endpoint({
    method: "POST",
    path: "/extractEvidence/v2/createExtractPackage",
    input: PackageItemsSchema,
    datas: PackageStatusSchema,
    session: "tokenless",
    tag: EXTRACTION_TAG,
    summary: "打包下载所选的授权证据",
  }),
  packageStatus: endpoint({
    method: "GET",
    path: "/extractEvidence/v2/getExtractPackageStatus",
    input: JobIdQuerySchema,
    datas: PackageStatusSchema,
    session: "tokenless",
    tag: EXTRACTION_TAG,
    summary: "打包进度",
  }),
  downloadPackage: endpoint({
    method: "GET",
    path: "/extractEvidence/v2/downloadExtractPackage",
    input: JobIdQuerySchema,
    datas: z.null(),
    file: true,
    session: "tokenless",
    tag: EXTRACTION_TAG,
    summary: "下载打包好的 ZIP",
  }),
};
