import { z } from "zod";
import { BYTES_PER_MB } from "./constants";
import { endpoint } from "./contract";
import { EvidenceKindSchema, HEX_DIGEST_PATTERN, type EvidenceKind, type SubmittedEvidenceKind } from "./evidence-entry";
import { EvidenceAttachmentSchema, EvidenceOriginalSchema } from "./evidence-original";
import { pagePSchema, pageQuerySchema } from "./paging";
import { cleanFileName } from "./stored-name";
import { freeText, optionalText, textRule } from "./string-rule";
import { normaliseTextArea } from "./text";
import { DEFAULT_UPLOAD_RULE, fileExtension, RIGHT_TYPES, RightTypeIdSchema, type UploadRule } from "./upload";
import { isUrlWithScheme } from "./web-address";

/**
 * Evidence storage (/evidenceSave/*, /rights/*; issue 5): the calls, the records the lists show and
 * the forms behind them, shared by the server (validation) and the pages (forms, columns).
 * The calls (EVIDENCE_KIND_ENDPOINTS, EVIDENCE_ENDPOINTS) are at the end, after what they carry.
 */

export const EVIDENCE_KIND_LABELS: Record<EvidenceKind, string> = {
  file: "文件存证",
  text: "文本存证",
  hash: "哈希存证",
  voucher: "交易凭证存证",
  affair: "事务存证",
  rightsFile: "文件确权",
  rightsHash: "哈希确权",
  rightsWeb: "网页确权",
  snapshot: "网页快照取证",
  screenRecord: "录屏取证",
  procedureRecord: "过程取证",
  mobileRecord: "手机录屏取证",
  mobileArray: "手机阵列取证",
  liveRecord: "直播取证",
  sealedPdf: "电子印章用印",
  digitalReport: "数据检验报告",
};

// ---- statuses ----

/**
 * pending: the entry is being appended (or was interrupted and awaits recovery at the next start);
 * stored: bytes and entry are on stable storage, the only state in which we say "stored";
 * failed: could not be stored (the user is told, nothing was acknowledged).
 */
export const EVIDENCE_STATUSES = ["pending", "stored", "failed"] as const;
export const EvidenceStatusSchema = z.enum(EVIDENCE_STATUSES);
export type EvidenceStatus = z.infer<typeof EvidenceStatusSchema>;
export const EVIDENCE_STATUS_LABELS: Record<EvidenceStatus, string> = { pending: "处理中", stored: "已存证", failed: "存证失败" };
/** The tag colour each status is shown in. */
const EVIDENCE_STATUS_COLORS: Record<EvidenceStatus, string> = { pending: "processing", stored: "success", failed: "error" };

// ---- upload rules ----

export const EVIDENCE_MAX_FILES_PER_REQUEST = 20;
/** The original of a hash evidence may be large (that is why it was hashed locally): 16 GiB. */
export const HASH_ORIGINAL_MAX_BYTES = 16 * 1024 * BYTES_PER_MB;

/**
 * File evidence: the spec's per-type limit chosen by the file's extension (documents and images
 * 50 MB, audio and video 200 MB); any other file has the default 2 MB limit (spec §5, §9).
 */
export function fileEvidenceRule(fileName: string): UploadRule {
  const extension = fileExtension(fileName);
  return RIGHT_TYPES.find((type) => type.extensions.includes(extension)) ?? DEFAULT_UPLOAD_RULE;
}

/** The largest limit of any file-evidence rule: what a streaming route lets through at most. */
export const FILE_EVIDENCE_MAX_BYTES = Math.max(DEFAULT_UPLOAD_RULE.maxBytes, ...RIGHT_TYPES.map((type) => type.maxBytes));

/** A saved web page for rights confirmation: the page as the browser saved it, or a print of it. */
export const WEB_PAGE_UPLOAD_RULE: UploadRule = {
  extensions: ["html", "htm", "mhtml", "mht", "pdf", "png", "jpg", "jpeg", "webp"],
  maxBytes: 50 * BYTES_PER_MB,
};

/** Hash evidence originals: any file, only the size bound above. */
export const HASH_ORIGINAL_RULE: UploadRule = { maxBytes: HASH_ORIGINAL_MAX_BYTES };

// ---- shared fields ----

const NAME_MAX = 100;
/** The longest evidence name, also what a list's name filter takes. */
export const EVIDENCE_NAME_MAX = NAME_MAX;
const nameField = (title: string, required: string) =>
  textRule({ required }).pipe(z.string().max(NAME_MAX, `${title}不能超过${NAME_MAX}个字符`)).meta({ title });

export const EvidenceNameSchema = nameField("存证名称", "请输入存证名称");
const hexField = (title: string, required: string) =>
  textRule({ required, invalid: `${title}应为 64 位十六进制字符（0-9、a-f）`, test: /^[0-9a-fA-F]{64}$/ })
    .transform((value) => value.toLowerCase())
    .meta({ title });

/** A byte count sent as a form field (multipart fields are text). */
const sizeField = z.coerce
  .number({ error: "请输入文件大小" })
  .int("文件大小应为整数字节")
  .positive("不支持上传0KB的文件")
  .max(Number.MAX_SAFE_INTEGER, "文件大小不正确")
  .meta({ title: "文件大小（字节）" });

/** Milliseconds since the epoch, as text or number; a time in the future is refused. */
const pastTimeField = (title: string) =>
  z.coerce
    .number({ error: `请选择${title}` })
    .int(`请选择${title}`)
    .positive(`请选择${title}`)
    .meta({ title, format: "datetime" });

/**
 * The name of a file the browser hashed locally: the file's own name, not something the user
 * typed, so it is cleaned like an uploaded file's name (stored-name.ts) rather than refused.
 */
const fileNameField = (title: string, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((value) => cleanFileName(value))
    .meta({ title });

export const DigestFieldsSchema = z.object({
  fileName: fileNameField("文件名称", "请输入文件名称"),
  size: sizeField,
  sha256: hexField("SHA-256", "请输入文件的 SHA-256 值"),
  sm3: hexField("SM3", "请输入文件的 SM3 值"),
});

// ---- forms (request bodies without transport fields) ----

/** File evidence: optional name (defaults to each file's name) plus one or more files. */
export const FileEvidenceFieldsSchema = z.object({
  name: optionalText(EvidenceNameSchema),
});

export const TEXT_EVIDENCE_MAX_CHARS = 100_000;
export const TextEvidenceFormSchema = z.object({
  name: EvidenceNameSchema,
  content: z
    .string({ error: "请输入存证文本" })
    .transform(normaliseTextArea)
    .pipe(z.string().min(1, "请输入存证文本").max(TEXT_EVIDENCE_MAX_CHARS, `存证文本不能超过${TEXT_EVIDENCE_MAX_CHARS}个字符`))
    .meta({ title: "存证文本", widget: "textarea" }),
});

export const HashEvidenceFormSchema = z.object({ name: EvidenceNameSchema, ...DigestFieldsSchema.shape });

export const VoucherFieldsSchema = z.object({
  name: EvidenceNameSchema,
  voucherNo: nameField("交易单号", "请输入交易单号"),
  tradeTime: pastTimeField("交易时间"),
  amountFen: z.coerce
    .number({ error: "请输入交易金额" })
    .int("交易金额以分为单位，应为整数")
    .nonnegative("交易金额不能为负数")
    .meta({ title: "交易金额（分）", format: "fen" }),
  payer: nameField("付款方", "请输入付款方"),
  payee: nameField("收款方", "请输入收款方"),
  description: optionalText(freeText(1000, "交易说明不能超过1000个字符", { multiline: true })).meta({ title: "交易说明", widget: "textarea" }),
});

export const AffairFieldsSchema = z.object({
  name: nameField("事务名称", "请输入事务名称"),
  description: optionalText(freeText(1000, "事务说明不能超过1000个字符", { multiline: true })).meta({ title: "事务说明", widget: "textarea" }),
});

/** Adding children to an existing affair: which affair (the files follow the field). */
export const AffairChildrenFieldsSchema = z.object({ parentId: z.coerce.number({ error: "事务不存在" }).int().positive("事务不存在") });

/** What every rights record names: the work, its author and when it was completed. */
export const RightsBaseFieldsSchema = z.object({
  name: nameField("作品名称", "请输入作品名称"),
  author: nameField("作者", "请输入作者"),
  creationTime: pastTimeField("创作完成时间"),
});
const rightsBase = RightsBaseFieldsSchema.shape;
export const RightsFileFieldsSchema = z.object({ ...rightsBase, rightType: z.coerce.number({ error: "请选择作品类型" }).pipe(RightTypeIdSchema).meta({ title: "作品类型" }) });
export const RightsHashFormSchema = z.object({ ...RightsFileFieldsSchema.shape, ...DigestFieldsSchema.shape });

export const WebUrlSchema = textRule({ required: "请输入网页地址", invalid: "请输入以 http:// 或 https:// 开头的网页地址", test: isUrlWithScheme })
  .pipe(z.string().max(2000, "网页地址过长"))
  .meta({ title: "网页地址" });
/**
 * Rights in a web page: the URL plus the page's content as captured by the holder: the saved page
 * file (uploaded) or its digests. The server has no internet here, so it never fetches the URL.
 */
export const RightsWebFieldsSchema = z.object({
  ...rightsBase,
  url: WebUrlSchema,
  fileName: optionalText(fileNameField("网页文件名称", "请输入网页文件名称")),
  size: optionalText(sizeField),
  sha256: optionalText(hexField("SHA-256", "请输入网页文件的 SHA-256 值")),
  sm3: optionalText(hexField("SM3", "请输入网页文件的 SM3 值")),
});

// ---- records ----

/** The holder-facing names of a record's private details (keys without a name, e.g. codes, are not shown). */
const EVIDENCE_DETAIL_LABELS: Record<string, string> = {
  fileName: "文件名称",
  originalFileName: "核验原件文件名",
  originalVerifiedAt: "原件核验时间",
  chars: "文本字数",
  description: "说明",
  // The affair's own record: what it covered when it was created (later children are not counted).
  childCount: "创建时涵盖的子存证数",
  addedLater: "事务创建后追加",
  author: "作者",
  creationTime: "创作完成时间",
  rightTypeLabel: "作品类型",
  url: "网页地址",
  voucher: "交易信息",
  voucherNo: "交易单号",
  tradeTime: "交易时间",
  amountFen: "交易金额",
  payer: "付款方",
  payee: "收款方",
};
const EVIDENCE_DETAIL_FORMATS = { originalVerifiedAt: "datetime", creationTime: "datetime", tradeTime: "datetime", amountFen: "fen" } as const;

/**
 * One record as the holder's pages show it. `row` tells the record pages which rows apply:
 * "ifPresent" rows are shown only when the record has a value for them (an affair row on a child,
 * a child count on an affair, attachments on a voucher), "never" ones are for programs only.
 */
export const EvidenceRecordSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  certificateNo: z.string().meta({ title: "证书编号", copyable: true, mono: true }),
  kind: EvidenceKindSchema.meta({ title: "类型", labels: EVIDENCE_KIND_LABELS }),
  name: z.string().meta({ title: "存证名称", ellipsis: true }),
  holderName: z.string().meta({ title: "存证人" }),
  size: z.number().int().nonnegative().meta({ title: "大小", format: "bytes" }),
  sha256: z.string().meta({ title: "SHA-256" }),
  sm3: z.string().meta({ title: "SM3" }),
  createTime: z.number().int().meta({ title: "存证时间", format: "datetime" }),
  ledgerIndex: z.number().int().nullable().meta({ title: "账本序号" }),
  blockHeight: z.number().int().nullable().meta({ title: "区块高度" }),
  status: EvidenceStatusSchema.meta({ title: "状态", labels: EVIDENCE_STATUS_LABELS, colors: EVIDENCE_STATUS_COLORS }),
  /** The affair a child evidence belongs to (its record id); `affair` names it for people. */
  parentId: z.number().int().nullable().meta({ title: "所属事务编号", row: "never" }),
  affair: z
    .object({ id: z.number().int(), name: z.string(), certificateNo: z.string() })
    .nullable()
    .meta({ title: "所属事务", row: "ifPresent", labels: { name: "事务名称", certificateNo: "事务证书编号" } }),
  /** The platform holds the content (file, text, voucher, verified original), not just its digests. */
  hasContent: z.boolean().meta({ title: "存有原件" }),
  /** What the original is and the file name its download gets; null without content. */
  original: EvidenceOriginalSchema.nullable().meta({ title: "原件", row: "ifPresent", labels: { label: "内容", fileName: "下载文件名" } }),
  /** A voucher's attachments, each downloadable on its own; empty for other kinds. */
  attachments: z.array(EvidenceAttachmentSchema).meta({ title: "附件", row: "ifPresent", labels: { fileName: "文件名称", size: "大小", sha256: "SHA-256" }, formats: { size: "bytes" } }),
  /** An affair's children now (those added later included); null for every other kind. */
  childCount: z.number().int().nonnegative().nullable().meta({ title: "现有子存证数", row: "ifPresent" }),
  /** Kind-specific private facts (author, URL, voucher fields …), visible to the holder only. */
  details: z.record(z.string(), z.unknown()).meta({ title: "详细信息", row: "ifPresent", labels: EVIDENCE_DETAIL_LABELS, formats: EVIDENCE_DETAIL_FORMATS }),
});
export type EvidenceRecordView = z.infer<typeof EvidenceRecordSchema>;

export const EvidencePageSchema = pagePSchema(EvidenceRecordSchema);

export const EvidenceListQuerySchema = pageQuerySchema().extend({
  keyName: optionalText(z.string().trim().max(NAME_MAX)).meta({ title: "存证名称" }),
  startTime: optionalText(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 YYYY-MM-DD")).meta({ title: "存证时间" }),
  endTime: optionalText(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 YYYY-MM-DD")),
});
export type EvidenceListQuery = z.infer<typeof EvidenceListQuerySchema>;

export const EvidenceIdQuerySchema = z.object({ id: z.coerce.number({ error: "存证记录不存在" }).int().positive("存证记录不存在") });
export const AffairChildQuerySchema = pageQuerySchema().extend({ parentId: z.coerce.number({ error: "事务不存在" }).int().positive("事务不存在") });

export const EVIDENCE_MESSAGES = {
  notFound: "存证记录不存在",
  originalMismatch: "文件与存证时的摘要值不一致，不能申请出证",
  alreadyCertified: "该哈希存证已核验原件，无需重复申请",
  noFiles: "请选择文件",
  tooManyFiles: `一次最多上传${EVIDENCE_MAX_FILES_PER_REQUEST}个文件`,
  fieldsAfterFile: "表单字段须在文件之前提交",
  webContentMissing: "请上传保存的网页文件，或填写网页文件的摘要值",
  failed: "存证未能完成，请稍后重试",
  notStored: "存证尚未完成",
  affairNotStored: "事务存证尚未完成，暂不能追加子存证",
} as const;

export { HEX_DIGEST_PATTERN };

// ---- the calls ----

const TAG = "存证";
const MULTIPART_NOTE = "multipart/form-data：字段在前、文件（file）在后；文件不参与签名";
const EvidenceListSchema = z.array(EvidenceRecordSchema);

/** The API's name of each kind: `/evidence/v2/save<Name>`, `get<Name>List`, `get<Name>Detail`, `delete<Name>`. */
const EVIDENCE_API_NAMES: Record<SubmittedEvidenceKind, string> = {
  file: "FileEvidence",
  text: "TextEvidence",
  hash: "HashEvidence",
  voucher: "VoucherEvidence",
  affair: "AffairEvidence",
  rightsFile: "RightsFile",
  rightsHash: "RightsHash",
  rightsWeb: "RightsWeb",
};

/** How one kind is created: its form, what it answers (one record, or one per file) and whether files follow. */
interface CreateCall<Input extends z.ZodObject, Datas extends z.ZodType> {
  input: Input;
  datas: Datas;
  multipart?: boolean;
  summary: string;
}

/** One kind's calls: creation as given, then the list, detail and deletion every kind shares. */
function kindEndpoints<Input extends z.ZodObject, Datas extends z.ZodType>(kind: SubmittedEvidenceKind, create: CreateCall<Input, Datas>) {
  const name = EVIDENCE_API_NAMES[kind];
  const label = EVIDENCE_KIND_LABELS[kind];
  return {
    create: endpoint({ method: "POST", path: `/evidence/v2/save${name}`, session: "user", tag: TAG, ...create }),
    list: endpoint({
      method: "GET",
      path: `/evidence/v2/get${name}List`,
      input: EvidenceListQuerySchema,
      datas: EvidencePageSchema,
      session: "user",
      tag: TAG,
      summary: `${label}列表（本人、未删除；keyName 按名称，startTime/endTime 为 YYYY-MM-DD）`,
    }),
    one: endpoint({ method: "GET", path: `/evidence/v2/get${name}Detail`, input: EvidenceIdQuerySchema, datas: EvidenceRecordSchema, session: "user", tag: TAG, summary: `${label}详情` }),
    delete: endpoint({
      method: "POST",
      path: `/evidence/v2/delete${name}`,
      input: EvidenceIdQuerySchema,
      datas: z.null(),
      session: "user",
      tag: TAG,
      summary: `删除${label}：从本人列表中隐藏，账本记录永久保留`,
    }),
  };
}

/** The calls of each kind (paths relative to /webapi, DESIGN.md §4 `/webapi/<area>/v2/<verb>`). */
export const EVIDENCE_KIND_ENDPOINTS = {
  file: kindEndpoints("file", {
    input: FileEvidenceFieldsSchema,
    datas: EvidenceListSchema,
    multipart: true,
    summary: `文件存证：一次可传多个文件，每个文件一条存证、一张证书。${MULTIPART_NOTE}`,
  }),
  text: kindEndpoints("text", { input: TextEvidenceFormSchema, datas: EvidenceRecordSchema, summary: "文本存证：每行去除首尾空白、删除空行后存证" }),
  hash: kindEndpoints("hash", { input: HashEvidenceFormSchema, datas: EvidenceRecordSchema, summary: "哈希存证：只提交本地计算的 SHA-256、SM3、文件名与大小" }),
  voucher: kindEndpoints("voucher", {
    input: VoucherFieldsSchema,
    datas: EvidenceRecordSchema,
    multipart: true,
    summary: `交易凭证存证（亦供对接系统调用）：结构化字段加附件。${MULTIPART_NOTE}`,
  }),
  affair: kindEndpoints("affair", {
    input: AffairFieldsSchema,
    datas: EvidenceRecordSchema,
    multipart: true,
    summary: `事务存证：每个文件成为一条子存证（各有证书），事务本身的账本记录对子存证的叶哈希取摘要。${MULTIPART_NOTE}`,
  }),
  rightsFile: kindEndpoints("rightsFile", {
    input: RightsFileFieldsSchema,
    datas: EvidenceRecordSchema,
    multipart: true,
    summary: `文件确权：作品名称、作者、作品类型、创作完成时间与作品文件。${MULTIPART_NOTE}`,
  }),
  rightsHash: kindEndpoints("rightsHash", { input: RightsHashFormSchema, datas: EvidenceRecordSchema, summary: "哈希确权：作品信息与本地计算的摘要值" }),
  rightsWeb: kindEndpoints("rightsWeb", {
    input: RightsWebFieldsSchema,
    datas: EvidenceRecordSchema,
    multipart: true,
    summary: `网页确权：网页地址加持有人保存的网页文件（或其摘要值）；平台不代为访问该地址。${MULTIPART_NOTE}`,
  }),
} satisfies Record<SubmittedEvidenceKind, unknown>;

/** The four calls of one kind. */
export const evidenceEndpoints = <K extends SubmittedEvidenceKind>(kind: K): (typeof EVIDENCE_KIND_ENDPOINTS)[K] => EVIDENCE_KIND_ENDPOINTS[kind];

export const EVIDENCE_ENDPOINTS = {
  /** Children of one affair: `parentId`. */
  affairChildList: endpoint({
    method: "GET",
    path: "/evidence/v2/getAffairChildList",
    input: AffairChildQuerySchema,
    datas: EvidencePageSchema,
    session: "user",
    tag: TAG,
    summary: "事务存证的子存证列表",
  }),
  /** The original of a hash evidence, which must match its digests (ApplyCertificateProcess). */
  applyHashCertificate: endpoint({
    method: "POST",
    path: "/evidence/v2/applyHashCertificate",
    input: EvidenceIdQuerySchema,
    datas: EvidenceRecordSchema,
    session: "user",
    multipart: true,
    tag: TAG,
    summary: `哈希存证申请出证：上传原文件，其 SHA-256、SM3 与大小须与存证时一致。${MULTIPART_NOTE}`,
  }),
  /** More child evidences for an existing affair (multipart: `parentId`, then the files). */
  addAffairChildren: endpoint({
    method: "POST",
    path: "/evidence/v2/addAffairChildren",
    input: AffairChildrenFieldsSchema,
    datas: EvidenceListSchema,
    session: "user",
    multipart: true,
    tag: TAG,
    summary: `向本人已有的事务追加子存证：每个文件一条子存证（各有账本记录与证书）；事务本身的记录保持创建时的内容。${MULTIPART_NOTE}`,
  }),
};
