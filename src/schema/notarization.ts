import { z } from "zod";
import { BYTES_PER_MB } from "./constants";
import { MobileSchema, EMAIL_PATTERN } from "./contact";
import { endpoint } from "./contract";
import { EvidenceKindSchema } from "./evidence-entry";
import { EVIDENCE_KIND_LABELS } from "./evidence";
import { pagePSchema, pageQuerySchema } from "./paging";
import { defineStateMachine } from "./state-machine";
import { freeText, optionalText, textRule } from "./string-rule";
import { optionalFilterDate } from "./time-range";
import type { UploadRule } from "./upload";

/**
 * Online notarisation (/judicial/notarization, spec §2, §4, §5, §6; issue 17): a user applies to one of
 * the notary offices the platform works with for notarisation of chosen stored evidence, paying with a
 * notarisation bundle or the office's fee; the office's staff accept, review, ask for more material,
 * approve or reject, and issue a sealed notarial certificate that anyone can query by its number.
 *
 * This file is the user's side and the shared records; the office's side (/info/notaryRequests) is
 * notary-console.ts, the public query notarial-certificate.ts, the ledger entry notarization-entry.ts.
 */

// ---- the application's life (spec §4, written once as data) ----

export const NOTARIZATION_STATES = ["draft", "submitted", "accepted", "reviewing", "supplementing", "approved", "issued", "rejected", "withdrawn"] as const;
export type NotarizationState = (typeof NOTARIZATION_STATES)[number];
export const NOTARIZATION_STATE_LABELS: Record<NotarizationState, string> = {
  draft: "草稿",
  submitted: "已提交",
  accepted: "受理中",
  reviewing: "审核中",
  supplementing: "待补充材料",
  approved: "审核通过（待出证）",
  issued: "已出证",
  rejected: "已驳回",
  withdrawn: "已撤回",
};
export const NOTARIZATION_STATE_COLORS: Record<NotarizationState, string> = {
  draft: "default",
  submitted: "processing",
  accepted: "processing",
  reviewing: "processing",
  supplementing: "warning",
  approved: "cyan",
  issued: "success",
  rejected: "error",
  withdrawn: "default",
};

export type NotarizationActor = "applicant" | "notary";

/**
 * Every edge. `bundle` and `fee` say what the edge does to the payment (spec §4 bundle lifecycle;
 * the fee is a billing reservation, service "notarisation", reference = the application's uid):
 * - submit freezes the bundle / reserves the fee;
 * - withdraw (before review) and reject unfreeze the bundle / release the fee;
 * - approve consumes the bundle (the user gets the consumption notice) / settles the fee.
 * `withdraw` from a draft touches no payment (nothing was held yet).
 */
export const NOTARIZATION_TRANSITIONS = {
  submit: { from: ["draft"], to: "submitted", by: "applicant", bundle: "freeze", fee: "reserve" },
  withdraw: { from: ["draft", "submitted", "accepted"], to: "withdrawn", by: "applicant", bundle: "unfreeze", fee: "release" },
  accept: { from: ["submitted"], to: "accepted", by: "notary" },
  startReview: { from: ["accepted"], to: "reviewing", by: "notary" },
  requestMaterial: { from: ["reviewing"], to: "supplementing", by: "notary" },
  supplement: { from: ["supplementing"], to: "reviewing", by: "applicant" },
  approve: { from: ["reviewing"], to: "approved", by: "notary", bundle: "consume", fee: "settle" },
  issue: { from: ["approved"], to: "issued", by: "notary" },
  reject: { from: ["submitted", "accepted", "reviewing", "supplementing"], to: "rejected", by: "notary", bundle: "unfreeze", fee: "release" },
} as const satisfies Record<
  string,
  { from: readonly NotarizationState[]; to: NotarizationState; by: NotarizationActor; bundle?: "freeze" | "unfreeze" | "consume"; fee?: "reserve" | "release" | "settle" }
>;
export type NotarizationAction = keyof typeof NOTARIZATION_TRANSITIONS;
export const NOTARIZATION_ACTION_LABELS: Record<NotarizationAction, string> = {
  submit: "提交申请",
  withdraw: "撤回申请",
  accept: "受理",
  startReview: "开始审核",
  requestMaterial: "要求补充材料",
  supplement: "补充材料",
  approve: "审核通过",
  issue: "出具公证书",
  reject: "驳回",
};

export const NOTARIZATION_LIFECYCLE = defineStateMachine("notarization", NOTARIZATION_TRANSITIONS, {
  refusal: (state, action) => `公证申请当前状态为“${NOTARIZATION_STATE_LABELS[state]}”，不能${NOTARIZATION_ACTION_LABELS[action]}`,
});
export const NotarizationStateError = NOTARIZATION_LIFECYCLE.Error;

// ---- what the application says ----

export const NOTARIZATION_PURPOSES = ["litigation", "complaint", "other"] as const;
export type NotarizationPurpose = (typeof NOTARIZATION_PURPOSES)[number];
export const NOTARIZATION_PURPOSE_LABELS: Record<NotarizationPurpose, string> = { litigation: "诉讼", complaint: "行政投诉", other: "其他" };

/** person: the account's verified real name (realNameStatus 2); organisation: its verified enterprise (enterpriseStatus 2). */
export const APPLICANT_TYPES = ["person", "organisation"] as const;
export type ApplicantType = (typeof APPLICANT_TYPES)[number];
export const APPLICANT_TYPE_LABELS: Record<ApplicantType, string> = { person: "个人", organisation: "单位" };

export const NOTARIZATION_PAYMENTS = ["bundle", "fee"] as const;
export type NotarizationPayment = (typeof NOTARIZATION_PAYMENTS)[number];
export const NOTARIZATION_PAYMENT_LABELS: Record<NotarizationPayment, string> = { bundle: "使用公证套餐", fee: "支付公证费（账户余额）" };

export const NOTARIZATION_LIMITS = {
  maxEvidence: 100,
  useDescriptionMax: 500,
  reasonMax: 500,
  noteMax: 1000,
  contactNameMax: 30,
  addressMax: 120,
  materialFilesMax: 10,
  materialFileMaxBytes: 20 * BYTES_PER_MB,
} as const;

export const NOTARIZATION_MESSAGES = {
  notFound: "公证申请不存在",
  noEvidence: "请选择要公证的证据",
  evidenceNotYours: "所选证据不存在或不属于本账号",
  evidenceNotStored: "所选证据尚未完成存证，暂不能申请公证",
  tooManyEvidence: `每次申请最多选择${NOTARIZATION_LIMITS.maxEvidence}条证据`,
  realNameRequired: "以个人名义申请公证须先完成实名认证，实名认证很重要，去认证",
  enterpriseRequired: "以单位名义申请公证须先完成企业认证",
  officeUnavailable: "所选公证处暂不受理在线公证申请",
  bundleRequired: "请选择要使用的公证套餐",
  bundleUnavailable: "所选公证套餐不可用（不存在、已使用、已冻结或已过期）",
  feeNotSet: "该公证处尚未公布公证费，请选择使用公证套餐",
  reasonRequired: "请填写驳回理由",
  materialRequestRequired: "请写明需要补充的材料",
  supplementRequired: "请填写补充说明或上传补充材料",
  subAccount: "子账号不能申请公证，请使用主账号办理",
} as const;

/** The business codes of the notarisation calls (36xx). */
export const NotarizationCode = {
  /** Identity not verified for the chosen applicant type. */
  identityRequired: 3600,
  officeUnavailable: 3601,
  bundleUnavailable: 3602,
  /** The state machine refused the action (the message names the state and the action). */
  stateRefused: 3603,
  feeNotSet: 3604,
} as const;

/** Supplementary material: PDF, images, office documents and archives, 20 MB each, at most 10 per supplement. */
export const NOTARIZATION_MATERIAL_RULE: UploadRule = {
  extensions: ["pdf", "jpg", "jpeg", "png", "doc", "docx", "xls", "xlsx", "zip"],
  maxBytes: NOTARIZATION_LIMITS.materialFileMaxBytes,
  messages: { missing: "请选择补充材料文件", format: "补充材料格式不正确（支持 PDF、图片、Office 文档和 ZIP）", tooLarge: () => "补充材料单个文件不能超过 20MB" },
};

// ---- records ----

/** A notary office the platform works with, as an applicant chooses it. */
export const NotaryOfficeSchema = z.object({
  id: z.number().int(),
  name: z.string().meta({ title: "公证处" }),
  region: z.string().meta({ title: "所在地区" }),
  address: z.string().meta({ title: "地址" }),
  phone: z.string().meta({ title: "联系电话" }),
  /** The office's fee per application in fen; null when it takes bundles only. */
  feeFen: z.number().int().nullable().meta({ title: "公证费", format: "fen" }),
  introduction: z.string().meta({ title: "简介", row: "ifPresent" }),
});
export type NotaryOffice = z.infer<typeof NotaryOfficeSchema>;

/** One evidence the application covers, frozen at submission (its digests are on the ledger entry). */
export const CoveredEvidenceSchema = z.object({
  evidenceId: z.number().int().meta({ title: "存证编号", row: "never" }),
  kind: EvidenceKindSchema.meta({ title: "类型", labels: EVIDENCE_KIND_LABELS }),
  name: z.string().meta({ title: "证据名称", ellipsis: true }),
  certificateNo: z.string().meta({ title: "证书编号", copyable: true, mono: true }),
  sha256: z.string().meta({ title: "SHA-256", mono: true }),
  sm3: z.string().meta({ title: "SM3", mono: true, row: "ifPresent" }),
  size: z.number().int().meta({ title: "大小", format: "bytes" }),
  createTime: z.number().int().meta({ title: "存证时间", format: "datetime" }),
  ledgerIndex: z.number().int().nullable().meta({ title: "账本序号" }),
});
export type CoveredEvidence = z.infer<typeof CoveredEvidenceSchema>;

/** One state change, for the progress timeline: when, who, and what was said. */
export const NotarizationEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(Object.keys(NOTARIZATION_TRANSITIONS) as [NotarizationAction, ...NotarizationAction[]]).meta({ title: "操作", labels: NOTARIZATION_ACTION_LABELS }),
  fromState: z.enum(NOTARIZATION_STATES).nullable(),
  toState: z.enum(NOTARIZATION_STATES).meta({ title: "状态", labels: NOTARIZATION_STATE_LABELS }),
  actor: z.enum(["applicant", "notary"]),
  /** For people: the applicant's display name, or "公证员 张三". */
  actorName: z.string().meta({ title: "操作人" }),
  /** The reason of a rejection, the material asked for, the user's supplement note. */
  note: z.string().nullable().meta({ title: "说明", row: "ifPresent" }),
  time: z.number().int().meta({ title: "时间", format: "datetime" }),
  /** The ledger entry recording this change; null until it is appended (recovered at the next start). */
  ledgerIndex: z.number().int().nullable().meta({ title: "账本序号", row: "ifPresent" }),
});
export type NotarizationEvent = z.infer<typeof NotarizationEventSchema>;

/** A file the applicant supplied in answer to a material request. */
export const NotarizationMaterialSchema = z.object({
  id: z.number().int(),
  fileName: z.string().meta({ title: "文件名称" }),
  size: z.number().int().meta({ title: "大小", format: "bytes" }),
  sha256: z.string().meta({ title: "SHA-256", mono: true }),
  time: z.number().int().meta({ title: "上传时间", format: "datetime" }),
});
export type NotarizationMaterial = z.infer<typeof NotarizationMaterialSchema>;

/** The issued notarial certificate as the applicant and the office see it. */
export const NotarialCertificateSummarySchema = z.object({
  certificateNo: z.string().meta({ title: "公证书编号", copyable: true, mono: true }),
  issueTime: z.number().int().meta({ title: "出证时间", format: "datetime" }),
  sha256: z.string().meta({ title: "公证书 SHA-256", mono: true }),
  ledgerIndex: z.number().int().nullable().meta({ title: "账本序号", row: "ifPresent" }),
  notaryName: z.string().meta({ title: "承办公证员" }),
});
export type NotarialCertificateSummary = z.infer<typeof NotarialCertificateSummarySchema>;

/** A row of dataList (and of the office's requestList). */
export const NotarizationRowSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  applicationNo: z.string().meta({ title: "申请编号", mono: true, copyable: true }),
  state: z.enum(NOTARIZATION_STATES).meta({ title: "状态", labels: NOTARIZATION_STATE_LABELS, colors: NOTARIZATION_STATE_COLORS }),
  officeName: z.string().meta({ title: "公证处" }),
  applicantName: z.string().meta({ title: "申请人" }),
  purpose: z.enum(NOTARIZATION_PURPOSES).meta({ title: "公证用途", labels: NOTARIZATION_PURPOSE_LABELS }),
  evidenceCount: z.number().int().meta({ title: "证据数" }),
  payment: z.enum(NOTARIZATION_PAYMENTS).meta({ title: "支付方式", labels: NOTARIZATION_PAYMENT_LABELS }),
  createTime: z.number().int().meta({ title: "创建时间", format: "datetime" }),
  submitTime: z.number().int().nullable().meta({ title: "提交时间", format: "datetime" }),
  updateTime: z.number().int().meta({ title: "更新时间", format: "datetime" }),
});
export type NotarizationRow = z.infer<typeof NotarizationRowSchema>;

/** dataDetail and progress: the whole application. */
export const NotarizationDetailSchema = NotarizationRowSchema.extend({
  applicantType: z.enum(APPLICANT_TYPES).meta({ title: "申请人类型", labels: APPLICANT_TYPE_LABELS }),
  /** Masked for anyone but the applicant and the office (e.g. 110***********123X). */
  applicantIdNumber: z.string().meta({ title: "证件号码", mono: true }),
  useDescription: z.string().meta({ title: "用途说明", row: "ifPresent" }),
  office: NotaryOfficeSchema,
  contactName: z.string().meta({ title: "联系人" }),
  contactMobile: z.string().meta({ title: "联系电话" }),
  contactEmail: z.string().nullable().meta({ title: "联系邮箱", row: "ifPresent" }),
  address: z.string().nullable().meta({ title: "通讯地址", row: "ifPresent" }),
  bundleId: z.number().int().nullable().meta({ title: "公证套餐编号", row: "ifPresent" }),
  feeFen: z.number().int().nullable().meta({ title: "公证费", format: "fen", row: "ifPresent" }),
  evidence: z.array(CoveredEvidenceSchema),
  events: z.array(NotarizationEventSchema),
  materials: z.array(NotarizationMaterialSchema),
  /** The latest material request still unanswered, for the user's supplement form. */
  openMaterialRequest: z.string().nullable(),
  certificate: NotarialCertificateSummarySchema.nullable(),
  /** The actions the caller may take now (from the machine and the caller's side). */
  actions: z.array(z.enum(Object.keys(NOTARIZATION_TRANSITIONS) as [NotarizationAction, ...NotarizationAction[]])),
});
export type NotarizationDetail = z.infer<typeof NotarizationDetailSchema>;

// ---- call inputs ----

const contactEmail = optionalText(textRule({ required: "请输入邮箱", invalid: "请输入正确的邮箱", test: EMAIL_PATTERN }));

/** Draft and submission carry the same form; submission also checks identity, office and payment. */
export const NotarizationFormSchema = z.object({
  /** Absent: a new draft; present: that draft is updated. */
  id: optionalText(z.coerce.number().int().positive()),
  evidenceIds: z
    .array(z.coerce.number().int().positive(), { error: NOTARIZATION_MESSAGES.noEvidence })
    .min(1, NOTARIZATION_MESSAGES.noEvidence)
    .max(NOTARIZATION_LIMITS.maxEvidence, NOTARIZATION_MESSAGES.tooManyEvidence)
    .meta({ title: "公证证据" }),
  purpose: z.enum(NOTARIZATION_PURPOSES, { error: "请选择公证用途" }).meta({ title: "公证用途" }),
  useDescription: optionalText(freeText(NOTARIZATION_LIMITS.useDescriptionMax, `用途说明不能超过${NOTARIZATION_LIMITS.useDescriptionMax}个字`, { multiline: true })).meta({ title: "用途说明" }),
  applicantType: z.enum(APPLICANT_TYPES, { error: "请选择申请人类型" }).meta({ title: "申请人类型" }),
  officeId: z.coerce.number({ error: "请选择公证处" }).int().positive("请选择公证处").meta({ title: "公证处" }),
  contactName: textRule({ required: "请输入联系人姓名" }).max(NOTARIZATION_LIMITS.contactNameMax, `联系人姓名不能超过${NOTARIZATION_LIMITS.contactNameMax}个字`).meta({ title: "联系人" }),
  contactMobile: MobileSchema.meta({ title: "联系电话" }),
  contactEmail: contactEmail.meta({ title: "联系邮箱" }),
  address: optionalText(freeText(NOTARIZATION_LIMITS.addressMax, `通讯地址不能超过${NOTARIZATION_LIMITS.addressMax}个字`)).meta({ title: "通讯地址" }),
  payment: z.enum(NOTARIZATION_PAYMENTS, { error: "请选择支付方式" }).meta({ title: "支付方式" }),
  bundleId: optionalText(z.coerce.number().int().positive()).meta({ title: "公证套餐" }),
});
export type NotarizationForm = z.input<typeof NotarizationFormSchema>;
export type NotarizationFormValues = z.output<typeof NotarizationFormSchema>;

export const NotarizationIdSchema = z.object({ id: z.coerce.number({ error: NOTARIZATION_MESSAGES.notFound }).int().positive(NOTARIZATION_MESSAGES.notFound) });

export const NotarizationWithdrawSchema = NotarizationIdSchema.extend({
  reason: optionalText(freeText(NOTARIZATION_LIMITS.reasonMax, `撤回原因不能超过${NOTARIZATION_LIMITS.reasonMax}个字`, { multiline: true })).meta({ title: "撤回原因" }),
});

/** Multipart: these fields, then up to 10 files (NOTARIZATION_MATERIAL_RULE); a note or a file is required. */
export const NotarizationSupplementSchema = NotarizationIdSchema.extend({
  note: optionalText(freeText(NOTARIZATION_LIMITS.noteMax, `补充说明不能超过${NOTARIZATION_LIMITS.noteMax}个字`, { multiline: true })).meta({ title: "补充说明" }),
});

export const NotarizationListQuerySchema = pageQuerySchema().extend({
  state: optionalText(z.enum(NOTARIZATION_STATES)).meta({ title: "状态", labels: NOTARIZATION_STATE_LABELS }),
  startTime: optionalFilterDate("创建时间"),
  endTime: optionalFilterDate(),
});
export type NotarizationListQuery = z.infer<typeof NotarizationListQuerySchema>;

/** evidenceSaveInfo/{file,text,hash,voucher,affair}: the covered evidence of one stored kind. */
export const NOTARIZED_SAVE_KINDS = ["file", "text", "hash", "voucher", "affair"] as const;
export const NotarizationEvidenceQuerySchema = NotarizationIdSchema.extend({
  kind: z.enum(NOTARIZED_SAVE_KINDS, { error: "证据类型不正确" }),
});

export const NotarizationMaterialQuerySchema = NotarizationIdSchema.extend({
  materialId: z.coerce.number({ error: "材料不存在" }).int().positive("材料不存在"),
});

// ---- the calls (the applicant's side) ----

const TAG = "在线公证";
const MULTIPART = "multipart/form-data：字段在前，文件（files）在后";

export const NOTARIZATION_ENDPOINTS = {
  offices: endpoint({ method: "GET", path: "/judicial/v2/getNotaryOffices", input: z.object({}), datas: z.array(NotaryOfficeSchema), session: "user", tag: TAG, summary: "受理在线公证的公证处（名称、地区、联系方式、公证费）" }),
  saveDraft: endpoint({
    method: "POST",
    path: "/judicial/v2/saveNotarizationDraft",
    input: NotarizationFormSchema,
    datas: NotarizationDetailSchema,
    session: "user",
    tag: TAG,
    summary: "保存公证申请草稿（无 id 新建，有 id 更新本人草稿）；只校验表单与证据归属",
  }),
  submit: endpoint({
    method: "POST",
    path: "/judicial/v2/submitNotarization",
    input: NotarizationIdSchema,
    datas: NotarizationDetailSchema,
    session: "user",
    tag: TAG,
    summary: "提交草稿：核验申请人认证、公证处、证据已存证；冻结公证套餐或预扣公证费；申请及所涉证据摘要上链",
    description: "3600 申请人未完成相应认证；3601 公证处不可用；3602 公证套餐不可用；1001 套餐使用规则不满足；301 余额不足；3603 当前状态不能提交。",
  }),
  withdraw: endpoint({ method: "POST", path: "/judicial/v2/withdrawNotarization", input: NotarizationWithdrawSchema, datas: NotarizationDetailSchema, session: "user", tag: TAG, summary: "审核开始前撤回申请：公证套餐恢复可用，预扣的公证费退回余额" }),
  supplement: endpoint({
    method: "POST",
    path: "/judicial/v2/supplementNotarization",
    input: NotarizationSupplementSchema,
    datas: NotarizationDetailSchema,
    session: "user",
    multipart: true,
    tag: TAG,
    summary: `按公证处要求补充材料（说明和/或文件），申请回到审核中；${MULTIPART}`,
  }),
  list: endpoint({ method: "GET", path: "/judicial/v2/getNotarizationList", input: NotarizationListQuerySchema, datas: pagePSchema(NotarizationRowSchema), session: "user", tag: TAG, summary: "本人的公证申请" }),
  detail: endpoint({ method: "GET", path: "/judicial/v2/getNotarizationDetail", input: NotarizationIdSchema, datas: NotarizationDetailSchema, session: "user", tag: TAG, summary: "一份公证申请：申请信息、所涉证据、办理进度、补充材料与公证书" }),
  evidenceOfKind: endpoint({
    method: "GET",
    path: "/judicial/v2/getNotarizationEvidence",
    input: NotarizationEvidenceQuerySchema,
    datas: z.array(CoveredEvidenceSchema),
    session: "user",
    tag: TAG,
    summary: "申请所涉的某一类存证（file/text/hash/voucher/affair）",
  }),
  downloadMaterial: endpoint({ method: "GET", path: "/judicial/v2/downloadNotarizationMaterial", input: NotarizationMaterialQuerySchema, datas: z.null(), session: "user", file: true, tag: TAG, summary: "下载本人提交的补充材料" }),
  downloadCertificate: endpoint({ method: "GET", path: "/judicial/v2/downloadNotarialCertificate", input: NotarizationIdSchema, datas: z.null(), session: "user", file: true, tag: TAG, summary: "下载已出具的公证书（PDF，公证处电子印章）" }),
};
