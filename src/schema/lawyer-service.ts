import { z } from "zod";
import { CERTIFICATE_NO_PARAM, CERTIFICATE_VERIFY_PATH } from "./certificate-names";
import { BYTES_PER_MB } from "./constants";
import { endpoint } from "./contract";
import { EVIDENCE_KIND_LABELS } from "./evidence";
import { EvidenceKindSchema } from "./evidence-entry";
import { pagePSchema, pageQuerySchema } from "./paging";
import { defineStateMachine } from "./state-machine";
import { freeText, optionalText, textRule } from "./string-rule";
import { fileExtension, type UploadRule } from "./upload";

/**
 * The lawyer service (/lawService/wsLawyer, spec §2, §9; issue 17): a user asks a lawyer about
 * chosen stored evidence in a consultation thread (messages with attachments, read state, relative
 * time labels), and the lawyer closes it with a summary. Lawyers are customer accounts an operator
 * marks as such in the console (src/schema/console/lawyers.ts), each with a profile the operator
 * enters and whose introduction the lawyer keeps up.
 */

// ---- the two sides and the thread's life (written once as data) ----

/** The user who asks, and the lawyer asked; a party's side decides what it may do in a thread. */
export const CONSULTATION_SIDES = ["user", "lawyer"] as const;
export type ConsultationSide = (typeof CONSULTATION_SIDES)[number];
export const CONSULTATION_SIDE_LABELS: Record<ConsultationSide, string> = { user: "咨询人", lawyer: "律师" };

export const CONSULTATION_STATES = ["open", "closed"] as const;
export type ConsultationState = (typeof CONSULTATION_STATES)[number];
export const CONSULTATION_STATE_LABELS: Record<ConsultationState, string> = { open: "咨询中", closed: "已结束" };
export const CONSULTATION_STATE_COLORS: Record<ConsultationState, string> = { open: "processing", closed: "default" };

/**
 * post: either party writes a message (text and/or attachments) while the thread is open;
 * close: the lawyer ends it with a summary, after which the thread is read-only for both.
 */
export const CONSULTATION_TRANSITIONS = {
  post: { from: ["open"], to: "open", by: "party" },
  close: { from: ["open"], to: "closed", by: "lawyer" },
} as const satisfies Record<string, { from: readonly ConsultationState[]; to: ConsultationState; by: "party" | "lawyer" }>;
export type ConsultationAction = keyof typeof CONSULTATION_TRANSITIONS;

export const CONSULTATION_MESSAGES = {
  notFound: "咨询不存在",
  closedNoPost: "该咨询已结束，不能再发送消息",
  alreadyClosed: "该咨询已结束",
  lawyerOnly: "只有被咨询的律师可以结束咨询",
  lawyerNotFound: "所选律师不存在或暂不接受咨询",
  selfConsultation: "不能向自己发起咨询",
  evidenceNotYours: "所选证据不存在或不属于本账号",
  evidenceNotStored: "所选证据尚未完成存证，暂不能用于咨询",
  emptyMessage: "请输入消息内容或添加附件",
  attachmentNotFound: "附件不存在",
  notLawyer: "您的账号不是律师账号",
} as const;

export const CONSULTATION_LIFECYCLE = defineStateMachine("consultation", CONSULTATION_TRANSITIONS, {
  refusal: (_state, action) => (action === "post" ? CONSULTATION_MESSAGES.closedNoPost : CONSULTATION_MESSAGES.alreadyClosed),
});
export const ConsultationStateError = CONSULTATION_LIFECYCLE.Error;

/** The business codes of the lawyer service (396x). */
export const LawyerServiceCode = {
  /** The thread's state refuses the action (a message or a second close on a closed thread). */
  stateRefused: 3960,
  /** The caller's side may not do this (a user closing the thread). */
  wrongSide: 3961,
  /** The caller is no (active) lawyer: the lawyer's own calls. */
  notLawyer: 3962,
} as const;

// ---- limits ----

export const LAWYER_SERVICE_LIMITS = {
  titleMax: 50,
  textMax: 2000,
  summaryMax: 2000,
  evidenceMax: 20,
  attachmentMaxBytes: 20 * BYTES_PER_MB,
  attachmentsPerMessage: 5,
  introductionMax: 500,
} as const;

/** A party hears of new messages in a thread at most this often (SMS or e-mail); the thread itself is always current. */
export const CONSULTATION_NOTICE_INTERVAL_MS = 10 * 60 * 1000;
/** How often an open thread page asks for new messages (no socket: spec §9 polling). */
export const CONSULTATION_POLL_MS = 5000;

/** How an attachment is served, by its extension (the rule below admits these extensions only). */
const ATTACHMENT_CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  bmp: "image/bmp",
  webp: "image/webp",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  txt: "text/plain",
  wps: "application/vnd.ms-works",
};
export const attachmentContentType = (fileName: string): string => ATTACHMENT_CONTENT_TYPES[fileExtension(fileName)] ?? "application/octet-stream";

/** Attachments: PDF, images and office documents, 20 MB each (their bytes are stored with their SHA-256). */
export const CONSULTATION_ATTACHMENT_RULE: UploadRule = {
  extensions: Object.keys(ATTACHMENT_CONTENT_TYPES),
  maxBytes: LAWYER_SERVICE_LIMITS.attachmentMaxBytes,
  messages: {
    missing: "请选择附件",
    format: "附件格式不正确（支持 PDF、图片和 Office 文档）",
    tooLarge: () => "附件单个文件不能超过 20MB",
  },
};

/** The public verification page of an evidence certificate (what its QR code opens). */
export const certificateVerifyHref = (certificateNo: string) => `${CERTIFICATE_VERIFY_PATH}?${new URLSearchParams({ [CERTIFICATE_NO_PARAM]: certificateNo })}`;

// ---- lawyers ----

/** What the operator enters as a lawyer's practice areas. */
export const PRACTICE_AREAS = ["intellectualProperty", "internetInfringement", "contract", "corporate", "labour", "lending", "realEstate", "family", "criminal", "administrative", "finance", "other"] as const;
export type PracticeArea = (typeof PRACTICE_AREAS)[number];
export const PRACTICE_AREA_LABELS: Record<PracticeArea, string> = {
  intellectualProperty: "知识产权",
  internetInfringement: "网络侵权",
  contract: "合同纠纷",
  corporate: "公司商事",
  labour: "劳动争议",
  lending: "民间借贷",
  realEstate: "房产纠纷",
  family: "婚姻家事",
  criminal: "刑事辩护",
  administrative: "行政诉讼",
  finance: "金融证券",
  other: "其他",
};

/** A lawyer as users choose one and both parties see them in a thread. */
export const LawyerProfileSchema = z.object({
  userId: z.number().int().meta({ title: "律师编号", row: "never" }),
  displayName: z.string().meta({ title: "律师姓名" }),
  lawFirm: z.string().meta({ title: "执业机构" }),
  practiceAreas: z.array(z.enum(PRACTICE_AREAS)).meta({ title: "擅长领域", labels: PRACTICE_AREA_LABELS }),
  licenceNo: z.string().meta({ title: "执业证号", mono: true }),
  introduction: z.string().meta({ title: "简介", row: "ifPresent" }),
  /** Marked as a lawyer now; a lawyer whose mark was taken away keeps answering the threads they had. */
  isActive: z.boolean().meta({ title: "接受咨询", labels: { true: "是", false: "否" }, row: "never" }),
});
export type LawyerProfile = z.infer<typeof LawyerProfileSchema>;

export const LawyerIntroductionFormSchema = z.object({
  introduction: freeText(LAWYER_SERVICE_LIMITS.introductionMax, `简介不能超过${LAWYER_SERVICE_LIMITS.introductionMax}个字`, { multiline: true }).meta({ title: "个人简介", widget: "textarea" }),
});

// ---- records ----

/** One evidence the user linked, as it was when the consultation began (digests, certificate). */
export const LinkedEvidenceSchema = z.object({
  evidenceId: z.number().int().meta({ title: "存证编号", row: "never" }),
  kind: EvidenceKindSchema.meta({ title: "类型", labels: EVIDENCE_KIND_LABELS }),
  name: z.string().meta({ title: "证据名称", ellipsis: true }),
  certificateNo: z.string().meta({ title: "证书编号", copyable: true, mono: true }),
  sha256: z.string().meta({ title: "SHA-256", mono: true, copyable: true }),
  sm3: z.string().meta({ title: "SM3", mono: true, copyable: true }),
  size: z.number().int().meta({ title: "大小", format: "bytes" }),
  storeTime: z.number().int().meta({ title: "存证时间", format: "datetime" }),
  ledgerIndex: z.number().int().nullable().meta({ title: "账本序号" }),
});
export type LinkedEvidence = z.infer<typeof LinkedEvidenceSchema>;

export const ConsultationAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string().meta({ title: "文件名称" }),
  size: z.number().int().meta({ title: "大小", format: "bytes" }),
  sha256: z.string().meta({ title: "SHA-256", mono: true }),
  contentType: z.string(),
});
export type ConsultationAttachment = z.infer<typeof ConsultationAttachmentSchema>;

export const ConsultationMessageSchema = z.object({
  id: z.number().int(),
  side: z.enum(CONSULTATION_SIDES),
  senderName: z.string(),
  text: z.string(),
  attachments: z.array(ConsultationAttachmentSchema),
  time: z.number().int(),
  /** The caller wrote it. */
  isMine: z.boolean(),
  /** The other side has opened the thread since (for the caller's own messages; always true for theirs). */
  isRead: z.boolean(),
});
export type ConsultationMessage = z.infer<typeof ConsultationMessageSchema>;

/** A row of dataList, as the caller's side sees it. */
export const ConsultationRowSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  title: z.string().meta({ title: "咨询标题", ellipsis: true }),
  state: z.enum(CONSULTATION_STATES).meta({ title: "状态", labels: CONSULTATION_STATE_LABELS, colors: CONSULTATION_STATE_COLORS }),
  lawyerName: z.string().meta({ title: "律师" }),
  lawFirm: z.string().meta({ title: "执业机构", row: "ifPresent" }),
  userName: z.string().meta({ title: "咨询人" }),
  evidenceCount: z.number().int().meta({ title: "关联证据" }),
  /** Messages of the other side the caller has not opened yet. */
  unreadCount: z.number().int().meta({ title: "未读消息" }),
  lastMessageTime: z.number().int().meta({ title: "最新消息", format: "datetime" }),
  createTime: z.number().int().meta({ title: "发起时间", format: "datetime" }),
  side: z.enum(CONSULTATION_SIDES).meta({ title: "我的身份", labels: CONSULTATION_SIDE_LABELS, row: "never" }),
});
export type ConsultationRow = z.infer<typeof ConsultationRowSchema>;

/** dataDetail: the whole thread. */
export const ConsultationDetailSchema = ConsultationRowSchema.extend({
  lawyer: LawyerProfileSchema,
  evidence: z.array(LinkedEvidenceSchema),
  messages: z.array(ConsultationMessageSchema),
  summary: z.string().nullable().meta({ title: "咨询总结", row: "ifPresent" }),
  closeTime: z.number().int().nullable().meta({ title: "结束时间", format: "datetime", row: "ifPresent" }),
  /** What the caller may do now (from the machine and the caller's side). */
  actions: z.array(z.enum(Object.keys(CONSULTATION_TRANSITIONS) as [ConsultationAction, ...ConsultationAction[]])),
});
export type ConsultationDetail = z.infer<typeof ConsultationDetailSchema>;

// ---- call inputs ----

/** A client-made key of one submission: a retry with the same key answers the first result instead of doing it twice. */
export const RequestKeySchema = optionalText(z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "请求标识不正确")).meta({ title: "请求标识", row: "never" });

const evidenceIds = z
  .array(z.coerce.number().int().positive(), { error: "证据选择不正确" })
  .max(LAWYER_SERVICE_LIMITS.evidenceMax, `每次咨询最多关联${LAWYER_SERVICE_LIMITS.evidenceMax}条证据`)
  .refine((ids) => new Set(ids).size === ids.length, "所选证据有重复")
  .default([])
  .meta({ title: "关联证据" });

export const ConsultationFormSchema = z.object({
  lawyerId: z.coerce.number({ error: "请选择律师" }).int("请选择律师").positive("请选择律师").meta({ title: "律师" }),
  evidenceIds,
  title: textRule({ required: "请输入咨询标题" }).max(LAWYER_SERVICE_LIMITS.titleMax, `咨询标题不能超过${LAWYER_SERVICE_LIMITS.titleMax}个字`).meta({ title: "咨询标题" }),
  question: textRule({ required: "请描述您要咨询的问题" })
    .max(LAWYER_SERVICE_LIMITS.textMax, `问题描述不能超过${LAWYER_SERVICE_LIMITS.textMax}个字`)
    .meta({ title: "问题描述", widget: "textarea" }),
  requestKey: RequestKeySchema,
});
export type ConsultationForm = z.input<typeof ConsultationFormSchema>;
export type ConsultationFormValues = z.output<typeof ConsultationFormSchema>;

export const ConsultationIdSchema = z.object({ id: z.coerce.number({ error: CONSULTATION_MESSAGES.notFound }).int().positive(CONSULTATION_MESSAGES.notFound) });

/** Multipart: these fields, then up to 5 attachments (CONSULTATION_ATTACHMENT_RULE); text or a file is required. */
export const ConsultationPostSchema = ConsultationIdSchema.extend({
  text: optionalText(freeText(LAWYER_SERVICE_LIMITS.textMax, `消息不能超过${LAWYER_SERVICE_LIMITS.textMax}个字`, { multiline: true })).meta({ title: "消息" }),
  requestKey: RequestKeySchema,
});

export const ConsultationCloseSchema = ConsultationIdSchema.extend({
  summary: textRule({ required: "请填写咨询总结" })
    .max(LAWYER_SERVICE_LIMITS.summaryMax, `咨询总结不能超过${LAWYER_SERVICE_LIMITS.summaryMax}个字`)
    .meta({ title: "咨询总结", widget: "textarea" }),
});

export const ConsultationReadSchema = ConsultationIdSchema.extend({
  /** The newest message the page has shown; everything of the other side up to it is read. */
  lastMessageId: z.coerce.number({ error: "消息编号不正确" }).int().positive("消息编号不正确"),
});

export const ConsultationListQuerySchema = pageQuerySchema().extend({
  keyName: optionalText(z.string().trim().max(LAWYER_SERVICE_LIMITS.titleMax)).meta({ title: "咨询标题" }),
  state: optionalText(z.enum(CONSULTATION_STATES)).meta({ title: "状态", placeholder: "全部状态", labels: CONSULTATION_STATE_LABELS }),
});
export type ConsultationListQuery = z.infer<typeof ConsultationListQuerySchema>;

export const AttachmentIdSchema = z.object({ id: z.coerce.number({ error: CONSULTATION_MESSAGES.attachmentNotFound }).int().positive(CONSULTATION_MESSAGES.attachmentNotFound) });

// ---- the calls ----

const TAG = "律师服务";

export const LAWYER_SERVICE_ENDPOINTS = {
  lawyers: endpoint({ method: "GET", path: "/lawService/v2/getLawyerList", input: z.object({}), datas: z.array(LawyerProfileSchema), session: "user", tag: TAG, summary: "可咨询的律师（平台标记的律师账号，不含本人）及其资料" }),
  myProfile: endpoint({
    method: "GET",
    path: "/lawService/v2/getMyLawyerProfile",
    input: z.object({}),
    datas: z.object({ profile: LawyerProfileSchema.nullable() }),
    session: "user",
    tag: TAG,
    summary: "本人的律师资料 profile（被取消律师标记后 isActive 为 false，仍可处理已有咨询）；从未被标记为律师时为 null",
  }),
  saveIntroduction: endpoint({
    method: "POST",
    path: "/lawService/v2/saveLawyerIntroduction",
    input: LawyerIntroductionFormSchema,
    datas: LawyerProfileSchema,
    session: "user",
    tag: TAG,
    summary: "律师修改本人简介（姓名、执业机构、擅长领域与执业证号由平台登记）",
    description: "3962 不是律师账号。",
  }),
  create: endpoint({
    method: "POST",
    path: "/lawService/v2/createConsultation",
    input: ConsultationFormSchema,
    datas: ConsultationDetailSchema,
    session: "user",
    tag: TAG,
    summary: `发起咨询：选择律师、关联本人已存证的证据（0-${LAWYER_SERVICE_LIMITS.evidenceMax} 条，保留其证书编号与摘要）、标题与问题；同一 requestKey 重试不会重复创建`,
  }),
  list: endpoint({
    method: "GET",
    path: "/lawService/v2/getConsultationList",
    input: ConsultationListQuerySchema,
    datas: pagePSchema(ConsultationRowSchema),
    session: "user",
    tag: TAG,
    summary: "我发起的咨询（含未读消息数、状态），按最新消息排序",
  }),
  receivedList: endpoint({
    method: "GET",
    path: "/lawService/v2/getReceivedConsultationList",
    input: ConsultationListQuerySchema,
    datas: pagePSchema(ConsultationRowSchema),
    session: "user",
    tag: TAG,
    summary: "律师收到的咨询（含未读消息数、状态），按最新消息排序",
    description: "3962 不是律师账号。",
  }),
  detail: endpoint({
    method: "GET",
    path: "/lawService/v2/getConsultationDetail",
    input: ConsultationIdSchema,
    datas: ConsultationDetailSchema,
    session: "user",
    tag: TAG,
    summary: "一次咨询的全部内容：消息与附件、关联证据及证书、已读状态、咨询总结；仅咨询双方可见（其他账号答复 404）",
  }),
  markRead: endpoint({
    method: "POST",
    path: "/lawService/v2/markConsultationRead",
    input: ConsultationReadSchema,
    datas: z.object({ unreadCount: z.number().int() }),
    session: "user",
    tag: TAG,
    summary: "标记已读：对方截至 lastMessageId 的消息记为已读（打开咨询时调用，可重复调用）",
  }),
  post: endpoint({
    method: "POST",
    path: "/lawService/v2/sendConsultationMessage",
    input: ConsultationPostSchema,
    datas: ConsultationMessageSchema,
    session: "user",
    multipart: true,
    tag: TAG,
    summary: `发送消息（不超过 ${LAWYER_SERVICE_LIMITS.textMax} 字）和/或附件（PDF、图片、Office 文档，每个不超过 20MB，每条最多 ${LAWYER_SERVICE_LIMITS.attachmentsPerMessage} 个）；对方 10 分钟内至多收到一次新消息通知。multipart/form-data：字段在前，文件在后`,
    description: "3960 咨询已结束。",
  }),
  close: endpoint({
    method: "POST",
    path: "/lawService/v2/closeConsultation",
    input: ConsultationCloseSchema,
    datas: ConsultationDetailSchema,
    session: "user",
    tag: TAG,
    summary: "律师结束咨询并填写总结（必填，不超过 2000 字）；结束后双方只读，咨询人可见总结",
    description: "3960 咨询已结束；3961 只有被咨询的律师可以结束。",
  }),
  downloadAttachment: endpoint({
    method: "GET",
    path: "/lawService/v2/downloadConsultationAttachment",
    input: AttachmentIdSchema,
    datas: z.null(),
    session: "user",
    file: true,
    tag: TAG,
    summary: "下载咨询中的附件（仅咨询双方）",
  }),
};
