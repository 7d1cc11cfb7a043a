import { z } from "zod";
import { BYTES_PER_MB } from "./constants";
import { EMAIL_PATTERN, MobileSchema } from "./contact";
import { endpoint } from "./contract";
import { EVIDENCE_LIBRARY_ENDPOINTS, DownloadPartQuerySchema, ExtractedEvidenceSchema, PackageIdsSchema, PackageStatusSchema } from "./evidence-library";
import { pagePSchema, pageQuerySchema } from "./paging";
import { defineStateMachine } from "./state-machine";
import { freeText, optionalText, requiredFreeText, textRule } from "./string-rule";
import { optionalFilterDate } from "./time-range";
import type { UploadRule } from "./upload";

/**
 * Judicial appraisal (/judicial/judicialExpert and /judicialStatus; spec §2, §6; issue 17): an
 * applicant commissions an appraisal institution the platform works with to examine chosen stored
 * evidence; the institution's experts (user accounts an operator attached to it) see the
 * commissioned evidence with its proofs, quote a fee and the expected days, start once the fee is
 * paid (judicial pay, judicial-pay.ts) and upload the appraisal opinion, a PDF stored as evidence of
 * kind `appraisalOpinion` with its own certificate and ledger entry. The institutions themselves are
 * kept in the operator console (console/appraisal-institutions.ts).
 */

// ---- a commission's life (written once as data) ----

export const COMMISSION_STATES = ["submitted", "quoted", "paid", "inProgress", "completed", "declined", "withdrawn"] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];
export const COMMISSION_STATE_LABELS: Record<CommissionState, string> = {
  submitted: "已委托",
  quoted: "已报价",
  paid: "已付费",
  inProgress: "鉴定中",
  completed: "已出具意见",
  declined: "机构拒绝",
  withdrawn: "委托方撤回",
};
export const COMMISSION_STATE_COLORS: Record<CommissionState, string> = {
  submitted: "processing",
  quoted: "warning",
  paid: "cyan",
  inProgress: "processing",
  completed: "success",
  declined: "error",
  withdrawn: "default",
};

export type CommissionActor = "applicant" | "expert";

/**
 * Every edge after the commission is made (it starts in `submitted`). `fee` says what the edge does
 * to the appraisal fee, a billing reservation (service APPRAISAL_SERVICE, reference the commission
 * number): paying reserves it, completion settles it, a decline releases it, and only what was
 * reserved (a decline before payment holds nothing). Withdrawal is the applicant's, before payment.
 */
export const COMMISSION_TRANSITIONS = {
  quote: { from: ["submitted"], to: "quoted", by: "expert" },
  pay: { from: ["quoted"], to: "paid", by: "applicant", fee: "reserve" },
  start: { from: ["paid"], to: "inProgress", by: "expert" },
  complete: { from: ["inProgress"], to: "completed", by: "expert", fee: "settle" },
  decline: { from: ["submitted", "quoted", "paid", "inProgress"], to: "declined", by: "expert", fee: "release" },
  withdraw: { from: ["submitted", "quoted"], to: "withdrawn", by: "applicant" },
} as const satisfies Record<string, { from: readonly CommissionState[]; to: CommissionState; by: CommissionActor; fee?: "reserve" | "settle" | "release" }>;
export type CommissionAction = keyof typeof COMMISSION_TRANSITIONS;
export const COMMISSION_ACTIONS = Object.keys(COMMISSION_TRANSITIONS) as [CommissionAction, ...CommissionAction[]];
export const COMMISSION_ACTION_LABELS: Record<CommissionAction, string> = {
  quote: "报价",
  pay: "支付鉴定费",
  start: "开始鉴定",
  complete: "出具鉴定意见",
  decline: "拒绝委托",
  withdraw: "撤回委托",
};

export const COMMISSION_LIFECYCLE = defineStateMachine("appraisal commission", COMMISSION_TRANSITIONS, {
  refusal: (state, action) => `鉴定委托当前状态为“${COMMISSION_STATE_LABELS[state]}”，不能${COMMISSION_ACTION_LABELS[action]}`,
});
export const CommissionStateError = COMMISSION_LIFECYCLE.Error;

/** The timeline's first event, the commission being made, is no edge of the machine. */
export const COMMISSION_EVENT_ACTIONS = ["submit", ...COMMISSION_ACTIONS] as const;
export type CommissionEventAction = (typeof COMMISSION_EVENT_ACTIONS)[number];
export const COMMISSION_EVENT_LABELS: Record<CommissionEventAction, string> = { submit: "提交委托", ...COMMISSION_ACTION_LABELS };

/** The billing service name of the appraisal fee's reservation (server/modules/billing). */
export const APPRAISAL_SERVICE = "appraisal";

/** The states in which the institution's experts may open the commissioned evidence: not after a decline or withdrawal. */
export const EXPERT_EVIDENCE_STATES: readonly CommissionState[] = ["submitted", "quoted", "paid", "inProgress", "completed"];

// ---- limits, messages, codes ----

export const APPRAISAL_LIMITS = {
  maxEvidence: 50,
  mattersMax: 2000,
  reasonMax: 500,
  noteMax: 500,
  contactNameMax: 30,
  /** 10,000,000 yuan. */
  feeMaxFen: 1_000_000_000,
  expectedDaysMax: 365,
  opinionMaxBytes: 50 * BYTES_PER_MB,
} as const;

export const APPRAISAL_MESSAGES = {
  notFound: "鉴定委托不存在",
  institutionUnavailable: "所选鉴定机构不存在或暂不受理委托",
  noEvidence: "请选择需要鉴定的证据",
  tooManyEvidence: `每次委托最多选择${APPRAISAL_LIMITS.maxEvidence}条证据`,
  evidenceNotYours: "所选证据不存在或不属于本账号",
  evidenceNotStored: "所选证据尚未完成存证，暂不能委托鉴定",
  mattersRequired: "请填写鉴定事项",
  subAccount: "子账号不能委托司法鉴定，请使用主账号办理",
  notExpert: "您的账号尚未加入司法鉴定机构，不能办理鉴定委托",
  reasonRequired: "请填写拒绝理由",
  fee: "鉴定费须为 0.01 至 10,000,000 元之间的金额",
  expectedDays: `预计工期须为 1 至 ${APPRAISAL_LIMITS.expectedDaysMax} 天`,
  opinionMissing: "请上传鉴定意见书（PDF）",
  opinionNotPdf: "鉴定意见书须为 PDF 文件",
  evidenceNotCommissioned: "该证据不在本委托的鉴定范围内",
  opinionMissingOnRecord: "该委托尚未出具鉴定意见",
} as const;

/** The business codes of the appraisal calls (39xx); refusals of the balance keep billing's 301. */
export const AppraisalCode = {
  /** The machine refused the action (the message names the state and the action). */
  stateRefused: 3900,
  institutionUnavailable: 3901,
  /** An expert call by an account no institution lists. */
  notExpert: 3902,
} as const;

/** The appraisal opinion: one PDF up to 50 MB. */
export const APPRAISAL_OPINION_RULE: UploadRule = {
  extensions: ["pdf"],
  maxBytes: APPRAISAL_LIMITS.opinionMaxBytes,
  messages: { missing: APPRAISAL_MESSAGES.opinionMissing, format: APPRAISAL_MESSAGES.opinionNotPdf, tooLarge: () => "鉴定意见书不能超过 50MB" },
};

// ---- records ----

/** An appraisal institution as an applicant chooses it. */
export const AppraisalInstitutionSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  name: z.string().meta({ title: "鉴定机构" }),
  licenseNo: z.string().meta({ title: "司法鉴定许可证号", mono: true }),
  region: z.string().meta({ title: "所在地区" }),
  address: z.string().meta({ title: "地址" }),
  phone: z.string().meta({ title: "联系电话" }),
  scope: z.string().meta({ title: "业务范围" }),
  introduction: z.string().meta({ title: "简介", row: "ifPresent" }),
});
export type AppraisalInstitution = z.infer<typeof AppraisalInstitutionSchema>;

/**
 * One commissioned evidence: its public facts and downloadable parts as a third party sees them
 * (the evidence library's extraction view), or, when the applicant deleted it since, the facts
 * frozen at commission time with nothing left to download.
 */
export const CommissionedEvidenceSchema = ExtractedEvidenceSchema.extend({
  isDeleted: z.boolean().meta({ title: "委托方已删除", row: "ifPresent" }),
});
export type CommissionedEvidence = z.infer<typeof CommissionedEvidenceSchema>;

/** One step of the timeline: when, who, what was said. */
export const CommissionEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(COMMISSION_EVENT_ACTIONS).meta({ title: "操作", labels: COMMISSION_EVENT_LABELS }),
  fromState: z.enum(COMMISSION_STATES).nullable(),
  toState: z.enum(COMMISSION_STATES).meta({ title: "状态", labels: COMMISSION_STATE_LABELS }),
  actor: z.enum(["applicant", "expert"]),
  /** The applicant's display name, or "鉴定人 张三". */
  actorName: z.string().meta({ title: "操作人" }),
  /** The quote (fee, days), the reason of a decline, the applicant's note. */
  note: z.string().nullable().meta({ title: "说明", row: "ifPresent" }),
  time: z.number().int().meta({ title: "时间", format: "datetime" }),
});
export type CommissionEvent = z.infer<typeof CommissionEventSchema>;

/** The appraisal opinion, stored as evidence of kind appraisalOpinion (held by the applicant). */
export const AppraisalOpinionSchema = z.object({
  evidenceId: z.number().int().meta({ title: "意见书存证编号", row: "never" }),
  certificateNo: z.string().meta({ title: "意见书存证证书编号", mono: true, copyable: true }),
  fileName: z.string().meta({ title: "意见书文件" }),
  size: z.number().int().meta({ title: "大小", format: "bytes" }),
  sha256: z.string().meta({ title: "SHA-256", mono: true }),
  time: z.number().int().meta({ title: "出具时间", format: "datetime" }),
  ledgerIndex: z.number().int().nullable().meta({ title: "账本序号" }),
});
export type AppraisalOpinion = z.infer<typeof AppraisalOpinionSchema>;

/** A row of either side's list. */
export const CommissionRowSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  commissionNo: z.string().meta({ title: "委托编号", mono: true, copyable: true }),
  state: z.enum(COMMISSION_STATES).meta({ title: "状态", labels: COMMISSION_STATE_LABELS, colors: COMMISSION_STATE_COLORS }),
  institutionName: z.string().meta({ title: "鉴定机构" }),
  applicantName: z.string().meta({ title: "委托方" }),
  matters: z.string().meta({ title: "鉴定事项", ellipsis: true }),
  evidenceCount: z.number().int().meta({ title: "证据数" }),
  feeFen: z.number().int().nullable().meta({ title: "鉴定费", format: "fen", empty: "待报价" }),
  expectedDays: z.number().int().nullable().meta({ title: "预计工期（天）", row: "ifPresent" }),
  createTime: z.number().int().meta({ title: "委托时间", format: "datetime" }),
  updateTime: z.number().int().meta({ title: "更新时间", format: "datetime" }),
});
export type CommissionRow = z.infer<typeof CommissionRowSchema>;

/** dataDetail (the applicant) and one commission on /judicialStatus (the institution's expert). */
export const CommissionDetailSchema = CommissionRowSchema.extend({
  institution: AppraisalInstitutionSchema.meta({ title: "鉴定机构信息", row: "never" }),
  contactName: z.string().meta({ title: "联系人" }),
  contactMobile: z.string().meta({ title: "联系电话" }),
  contactEmail: z.string().nullable().meta({ title: "联系邮箱", row: "ifPresent" }),
  declineReason: z.string().nullable().meta({ title: "拒绝理由", row: "ifPresent" }),
  /** The judicial payment of the fee (judicial-pay.ts, seeJudicialPay), once paid. */
  paymentId: z.string().nullable().meta({ title: "支付记录", row: "never" }),
  evidence: z.array(CommissionedEvidenceSchema).meta({ title: "委托证据", row: "never" }),
  events: z.array(CommissionEventSchema).meta({ title: "办理进度", row: "never" }),
  opinion: AppraisalOpinionSchema.nullable().meta({ title: "鉴定意见书", row: "never" }),
  /** What the caller may do now, from the machine and the caller's side. */
  actions: z.array(z.enum(COMMISSION_ACTIONS)).meta({ title: "可办理操作", row: "never" }),
});
export type CommissionDetail = z.infer<typeof CommissionDetailSchema>;

/** Who the caller is on /judicialStatus: an institution's expert, or not one (the page then explains how an institution joins). */
export const ExpertProfileSchema = z.object({
  isExpert: z.boolean(),
  institution: AppraisalInstitutionSchema.nullable(),
  /** The name the institution knows the expert by. */
  expertName: z.string().nullable(),
});
export type ExpertProfile = z.infer<typeof ExpertProfileSchema>;

// ---- call inputs ----

const contactEmail = optionalText(textRule({ required: "请输入邮箱", invalid: "请输入正确的邮箱", test: EMAIL_PATTERN }));

export const CommissionFormSchema = z.object({
  institutionId: z.coerce.number({ error: "请选择鉴定机构" }).int().positive("请选择鉴定机构").meta({ title: "鉴定机构" }),
  evidenceIds: z
    .array(z.coerce.number().int().positive(), { error: APPRAISAL_MESSAGES.noEvidence })
    .min(1, APPRAISAL_MESSAGES.noEvidence)
    .max(APPRAISAL_LIMITS.maxEvidence, APPRAISAL_MESSAGES.tooManyEvidence)
    .refine((ids) => new Set(ids).size === ids.length, "所选证据有重复")
    .meta({ title: "鉴定证据" }),
  matters: requiredFreeText(APPRAISAL_LIMITS.mattersMax, { required: APPRAISAL_MESSAGES.mattersRequired, tooLong: `鉴定事项不能超过${APPRAISAL_LIMITS.mattersMax}个字` }, { multiline: true }).meta({ title: "鉴定事项", widget: "textarea" }),
  contactName: textRule({ required: "请输入联系人姓名" }).max(APPRAISAL_LIMITS.contactNameMax, `联系人姓名不能超过${APPRAISAL_LIMITS.contactNameMax}个字`).meta({ title: "联系人" }),
  contactMobile: MobileSchema.meta({ title: "联系电话" }),
  contactEmail: contactEmail.meta({ title: "联系邮箱" }),
});
export type CommissionForm = z.input<typeof CommissionFormSchema>;
export type CommissionFormValues = z.output<typeof CommissionFormSchema>;

export const CommissionIdSchema = z.object({ id: z.coerce.number({ error: APPRAISAL_MESSAGES.notFound }).int().positive(APPRAISAL_MESSAGES.notFound) });

export const CommissionWithdrawSchema = CommissionIdSchema.extend({
  note: optionalText(freeText(APPRAISAL_LIMITS.noteMax, `撤回说明不能超过${APPRAISAL_LIMITS.noteMax}个字`, { multiline: true })).meta({ title: "撤回说明" }),
});

export const CommissionQuoteSchema = CommissionIdSchema.extend({
  feeFen: z.coerce.number({ error: APPRAISAL_MESSAGES.fee }).int(APPRAISAL_MESSAGES.fee).min(1, APPRAISAL_MESSAGES.fee).max(APPRAISAL_LIMITS.feeMaxFen, APPRAISAL_MESSAGES.fee).meta({ title: "鉴定费（分）" }),
  expectedDays: z.coerce
    .number({ error: APPRAISAL_MESSAGES.expectedDays })
    .int(APPRAISAL_MESSAGES.expectedDays)
    .min(1, APPRAISAL_MESSAGES.expectedDays)
    .max(APPRAISAL_LIMITS.expectedDaysMax, APPRAISAL_MESSAGES.expectedDays)
    .meta({ title: "预计工期（天）" }),
  note: optionalText(freeText(APPRAISAL_LIMITS.noteMax, `报价说明不能超过${APPRAISAL_LIMITS.noteMax}个字`, { multiline: true })).meta({ title: "报价说明" }),
});

export const CommissionDeclineSchema = CommissionIdSchema.extend({
  reason: requiredFreeText(APPRAISAL_LIMITS.reasonMax, { required: APPRAISAL_MESSAGES.reasonRequired, tooLong: `拒绝理由不能超过${APPRAISAL_LIMITS.reasonMax}个字` }, { multiline: true }).meta({ title: "拒绝理由", widget: "textarea" }),
});

/** Multipart: `id`, then the opinion PDF as `file`. */
export const CommissionOpinionSchema = CommissionIdSchema;

export const CommissionListQuerySchema = pageQuerySchema().extend({
  state: optionalText(z.enum(COMMISSION_STATES)).meta({ title: "状态", labels: COMMISSION_STATE_LABELS, placeholder: "全部状态" }),
  startTime: optionalFilterDate("委托时间"),
  endTime: optionalFilterDate(),
});
export type CommissionListQuery = z.infer<typeof CommissionListQuerySchema>;

/** One part of one commissioned evidence (the evidence library's parts: file, certificate, proof, attachment). */
export const CommissionEvidencePartSchema = DownloadPartQuerySchema.extend({
  commissionId: z.coerce.number({ error: APPRAISAL_MESSAGES.notFound }).int().positive(APPRAISAL_MESSAGES.notFound),
});

export const CommissionPackageSchema = z.object({
  commissionId: z.coerce.number({ error: APPRAISAL_MESSAGES.notFound }).int().positive(APPRAISAL_MESSAGES.notFound),
  evidenceIds: PackageIdsSchema,
});

// ---- the calls ----

const TAG = "司法鉴定";
const EXPERT_TAG = "司法鉴定（鉴定机构）";

/** The applicant's calls (/judicial/judicialExpert). */
export const APPRAISAL_ENDPOINTS = {
  institutions: endpoint({ method: "GET", path: "/judicial/v2/getAppraisalInstitutions", input: z.object({}), datas: z.array(AppraisalInstitutionSchema), session: "user", tag: TAG, summary: "受理委托的司法鉴定机构" }),
  create: endpoint({
    method: "POST",
    path: "/judicial/v2/createAppraisalCommission",
    input: CommissionFormSchema,
    datas: CommissionDetailSchema,
    session: "user",
    tag: TAG,
    summary: "委托司法鉴定：鉴定机构、本人已存证的证据（任意类型，1-50 条）、鉴定事项与联系方式；机构的鉴定人收到通知",
    description: "3901 鉴定机构不存在或暂不受理；305 子账号不能委托；1001 证据不属于本人或尚未存证。",
  }),
  list: endpoint({ method: "GET", path: "/judicial/v2/getAppraisalCommissionList", input: CommissionListQuerySchema, datas: pagePSchema(CommissionRowSchema), session: "user", tag: TAG, summary: "本人的鉴定委托（分页 pageP），可按状态与委托日期筛选" }),
  detail: endpoint({ method: "GET", path: "/judicial/v2/getAppraisalCommissionDetail", input: CommissionIdSchema, datas: CommissionDetailSchema, session: "user", tag: TAG, summary: "一份鉴定委托：委托信息、证据、办理进度与鉴定意见" }),
  withdraw: endpoint({ method: "POST", path: "/judicial/v2/withdrawAppraisalCommission", input: CommissionWithdrawSchema, datas: CommissionDetailSchema, session: "user", tag: TAG, summary: "付费前撤回委托", description: "3900 当前状态不能撤回。" }),
  downloadOpinion: endpoint({ method: "GET", path: "/judicial/v2/downloadAppraisalOpinion", input: CommissionIdSchema, datas: z.null(), session: "user", file: true, tag: TAG, summary: "下载鉴定意见书（PDF）" }),
};

/** The institution's expert's calls (/judicialStatus): every one answers 404 for another institution's commission. */
export const EXPERT_ENDPOINTS = {
  profile: endpoint({ method: "GET", path: "/judicial/v2/getAppraisalExpertProfile", input: z.object({}), datas: ExpertProfileSchema, session: "user", tag: EXPERT_TAG, summary: "当前账号是否为司法鉴定机构的鉴定人，及其所属机构" }),
  list: endpoint({ method: "GET", path: "/judicial/v2/getInstitutionCommissionList", input: CommissionListQuerySchema, datas: pagePSchema(CommissionRowSchema), session: "user", tag: EXPERT_TAG, summary: "本机构收到的鉴定委托（分页 pageP）", description: "3902 当前账号不是鉴定人。" }),
  detail: endpoint({ method: "GET", path: "/judicial/v2/getInstitutionCommissionDetail", input: CommissionIdSchema, datas: CommissionDetailSchema, session: "user", tag: EXPERT_TAG, summary: "本机构的一份鉴定委托：委托证据（证书编号、摘要、可下载的原件与证明）、进度" }),
  quote: endpoint({ method: "POST", path: "/judicial/v2/quoteAppraisalCommission", input: CommissionQuoteSchema, datas: CommissionDetailSchema, session: "user", tag: EXPERT_TAG, summary: "报价：鉴定费（分）与预计工期（天）；委托方收到通知" }),
  start: endpoint({ method: "POST", path: "/judicial/v2/startAppraisalCommission", input: CommissionIdSchema, datas: CommissionDetailSchema, session: "user", tag: EXPERT_TAG, summary: "委托方付费后开始鉴定" }),
  uploadOpinion: endpoint({
    method: "POST",
    path: "/judicial/v2/uploadAppraisalOpinion",
    input: CommissionOpinionSchema,
    datas: CommissionDetailSchema,
    session: "user",
    multipart: true,
    tag: EXPERT_TAG,
    summary: "上传鉴定意见书（PDF，≤ 50MB）：存证为 appraisalOpinion 类证据（有证书与账本记录），委托完成，鉴定费结算；multipart/form-data：id 在前，文件 file 在后",
  }),
  decline: endpoint({ method: "POST", path: "/judicial/v2/declineAppraisalCommission", input: CommissionDeclineSchema, datas: CommissionDetailSchema, session: "user", tag: EXPERT_TAG, summary: "拒绝委托（须写明理由）；已付的鉴定费退回委托方" }),
  downloadEvidence: endpoint({
    method: "GET",
    path: "/judicial/v2/downloadCommissionedEvidence",
    input: CommissionEvidencePartSchema,
    datas: z.null(),
    session: "user",
    file: true,
    tag: EXPERT_TAG,
    summary: "下载委托证据的原始文件、附件、存证证书 PDF 或账本证明（.tlog-proof）",
  }),
  createPackage: endpoint({ method: "POST", path: "/judicial/v2/packCommissionedEvidence", input: CommissionPackageSchema, datas: PackageStatusSchema, session: "user", tag: EXPERT_TAG, summary: "把委托证据打包（原件、证书、账本证明、manifest.json）" }),
  packageStatus: endpoint({ method: "GET", path: "/judicial/v2/getCommissionPackageStatus", input: EVIDENCE_LIBRARY_ENDPOINTS.packageStatus.input, datas: PackageStatusSchema, session: "user", tag: EXPERT_TAG, summary: "打包进度" }),
  downloadPackage: endpoint({ method: "GET", path: "/judicial/v2/downloadCommissionPackage", input: EVIDENCE_LIBRARY_ENDPOINTS.downloadPackage.input, datas: z.null(), session: "user", file: true, tag: EXPERT_TAG, summary: "下载打包好的委托证据（ZIP）" }),
  downloadOpinion: endpoint({ method: "GET", path: "/judicial/v2/downloadInstitutionOpinion", input: CommissionIdSchema, datas: z.null(), session: "user", file: true, tag: EXPERT_TAG, summary: "下载本机构出具的鉴定意见书" }),
};
