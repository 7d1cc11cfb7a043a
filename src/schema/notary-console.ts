import { z } from "zod";
import { encryptedField } from "./account";
import { FixedPhoneSchema } from "./contact";
import { endpoint } from "./contract";
import { NotaryAccountSchema } from "./notary";
import {
  NOTARIZATION_LIMITS,
  NOTARIZATION_STATES,
  NOTARIZATION_STATE_LABELS,
  NotarizationDetailSchema,
  NotarizationIdSchema,
  NotarizationMaterialQuerySchema,
  NotarizationRowSchema,
  NotarialCertificateSummarySchema,
} from "./notarization";
import { pagePSchema, pageQuerySchema } from "./paging";
import { freeText, optionalText, textRule } from "./string-rule";
import { optionalFilterDate } from "./time-range";

/**
 * The notary office's console (/info/notaryRequests, spec §2, §6; issue 17), behind the notary
 * session (8 hours): the office's applications, their evidence (checked live in the browser),
 * the decisions, the notarial certificate, the register of issued certificates, the office's
 * settings and staff. Every call acts only on the signed-in staff member's own office; a row of
 * another office answers "not found" (404), never its content.
 */

// ---- staff ----

/** admin: may change the office's settings and staff; notary: handles applications. Both decide. */
export const NOTARY_ROLES = ["admin", "notary"] as const;
export type NotaryRole = (typeof NOTARY_ROLES)[number];
export const NOTARY_ROLE_LABELS: Record<NotaryRole, string> = { admin: "管理员", notary: "公证员" };

export const NOTARY_STAFF_STATUSES = ["active", "disabled"] as const;
export type NotaryStaffStatus = (typeof NOTARY_STAFF_STATUSES)[number];
export const NOTARY_STAFF_STATUS_LABELS: Record<NotaryStaffStatus, string> = { active: "正常", disabled: "已停用" };

export const NOTARY_CONSOLE_MESSAGES = {
  certificateStillMaking: "公证书仍在出具中，请稍后刷新查看",
  adminOnly: "仅公证处管理员可以修改本处设置和工作人员",
  staffNotFound: "工作人员不存在",
  lastAdmin: "不能停用本处唯一的管理员",
  selfDisable: "不能停用自己的账号",
  sealNotReady: "本处电子印章尚未启用，请管理员在“设置”中签发印章证书后再出证",
  templateRequired: "请填写公证书正文模板",
  templateUnknownPlaceholder: (name: string) => `公证书模板中的占位符“{${name}}”无法识别`,
} as const;

/** The console's own business code (36xx with the notarisation calls'): a call only an office's administrator may make. */
export const NotaryConsoleCode = { adminOnly: 3605 } as const;

// ---- the certificate template ----

/**
 * The placeholders an office's template may use, each filled from the application when the
 * certificate is made; the evidence list itself is always printed as a table after the body.
 */
export const NOTARIAL_TEMPLATE_PLACEHOLDERS = {
  申请人: "申请人名称（个人为实名，单位为认证的单位名称）",
  证件号码: "申请人证件号码（个人身份证号，单位统一社会信用代码）",
  公证用途: "公证用途（诉讼、行政投诉、其他）及用途说明",
  证据数量: "所涉证据条数",
  申请日期: "申请提交日期（YYYY年MM月DD日）",
  出证日期: "出证日期（YYYY年MM月DD日）",
  公证处: "公证处名称",
  公证员: "承办公证员姓名",
} as const;
export type NotarialTemplatePlaceholder = keyof typeof NOTARIAL_TEMPLATE_PLACEHOLDERS;

export const NOTARIAL_TEMPLATE_BODY_MAX = 3000;

/** `{name}` spans of a template body. */
export const TEMPLATE_PLACEHOLDER_PATTERN = /\{([^{}]{1,10})\}/g;

/** The first placeholder of `body` that is not one of ours, or null. */
export function unknownTemplatePlaceholder(body: string): string | null {
  for (const match of body.matchAll(TEMPLATE_PLACEHOLDER_PATTERN)) {
    if (!(match[1]! in NOTARIAL_TEMPLATE_PLACEHOLDERS)) return match[1]!;
  }
  return null;
}

/** Fills the placeholders of `body`; the caller guarantees every value. */
export function fillTemplate(body: string, values: Record<NotarialTemplatePlaceholder, string>): string {
  return body.replace(TEMPLATE_PLACEHOLDER_PATTERN, (whole, name: string) => (name in values ? values[name as NotarialTemplatePlaceholder] : whole));
}

/** What a new office starts with: original wording, editable by its administrator. */
export const DEFAULT_NOTARIAL_TEMPLATE = {
  title: "公 证 书",
  body:
    "申请人：{申请人}，证件号码：{证件号码}。\n" +
    "申请人于{申请日期}通过衡证电子证据平台向本处申请对其保存于该平台的电子数据办理保全证据公证，用途：{公证用途}。\n" +
    "经查，上述{证据数量}条电子数据的哈希值与平台存证记录及公开账本记录一致，存证时间可由账本检查点与可信时间戳核验，存证后未被改动。所涉电子数据清单附后。\n" +
    "兹证明所附清单所列电子数据自存证时起保存完整、未被篡改。",
  footer: "{公证处}\n承办公证员：{公证员}\n{出证日期}",
} as const;

// ---- records ----

export const NotaryStaffSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  account: z.string().meta({ title: "账号", mono: true }),
  name: z.string().meta({ title: "姓名" }),
  role: z.enum(NOTARY_ROLES).meta({ title: "角色", labels: NOTARY_ROLE_LABELS }),
  status: z.enum(NOTARY_STAFF_STATUSES).meta({ title: "状态", labels: NOTARY_STAFF_STATUS_LABELS, colors: { active: "success", disabled: "default" } }),
  lastLoginTime: z.number().int().nullable().meta({ title: "最近登录", format: "datetime" }),
  createTime: z.number().int().meta({ title: "创建时间", format: "datetime" }),
});
export type NotaryStaff = z.infer<typeof NotaryStaffSchema>;

export const NotaryOfficeSettingSchema = z.object({
  id: z.number().int(),
  name: z.string().meta({ title: "公证处名称" }),
  region: z.string().meta({ title: "所在地区" }),
  address: z.string().meta({ title: "地址" }),
  phone: z.string().meta({ title: "联系电话" }),
  introduction: z.string().meta({ title: "简介" }),
  feeFen: z.number().int().nullable().meta({ title: "公证费（每件）", format: "fen" }),
  acceptsApplications: z.boolean().meta({ title: "受理在线申请" }),
  templateTitle: z.string().meta({ title: "公证书标题" }),
  templateBody: z.string().meta({ title: "公证书正文模板" }),
  templateFooter: z.string().meta({ title: "公证书落款模板" }),
  /** The office's seal, made through the electronic-seal work (server/seal): null until issued. */
  seal: z
    .object({
      serialNumber: z.string().meta({ title: "印章证书序列号", mono: true }),
      notBefore: z.number().int().meta({ title: "生效时间", format: "datetime" }),
      notAfter: z.number().int().meta({ title: "到期时间", format: "datetime" }),
      fingerprint: z.string().meta({ title: "SHA-256 指纹", mono: true }),
    })
    .nullable(),
  /** Whether the caller is the office's administrator (may save). */
  canEdit: z.boolean(),
});
export type NotaryOfficeSetting = z.infer<typeof NotaryOfficeSettingSchema>;

/** An issued certificate in the office's register (notarialInquiry). */
export const IssuedCertificateRowSchema = NotarialCertificateSummarySchema.extend({
  id: z.number().int().meta({ title: "申请编号", row: "never" }),
  applicationNo: z.string().meta({ title: "申请编号", mono: true }),
  applicantName: z.string().meta({ title: "申请人" }),
  evidenceCount: z.number().int().meta({ title: "证据数" }),
});
export type IssuedCertificateRow = z.infer<typeof IssuedCertificateRowSchema>;

// ---- call inputs ----

export const RequestListQuerySchema = pageQuerySchema().extend({
  state: optionalText(z.enum(NOTARIZATION_STATES)).meta({ title: "状态", labels: NOTARIZATION_STATE_LABELS }),
  startTime: optionalFilterDate("提交时间"),
  endTime: optionalFilterDate(),
  applicant: optionalText(z.string().trim().max(60)).meta({ title: "申请人" }),
});
export type RequestListQuery = z.infer<typeof RequestListQuerySchema>;

/** The office's decisions (infoAudit) and issuing (certificate); `note` is required for reject and requestMaterial. */
export const NOTARY_DECISIONS = ["accept", "startReview", "requestMaterial", "approve", "reject"] as const;
export const NotaryDecisionSchema = NotarizationIdSchema.extend({
  action: z.enum(NOTARY_DECISIONS, { error: "操作不正确" }),
  note: optionalText(freeText(NOTARIZATION_LIMITS.reasonMax, `说明不能超过${NOTARIZATION_LIMITS.reasonMax}个字`, { multiline: true })).meta({ title: "说明" }),
});

export const IssuedCertificateQuerySchema = pageQuerySchema().extend({
  certificateNo: optionalText(z.string().trim().max(40)).meta({ title: "公证书编号" }),
  applicant: optionalText(z.string().trim().max(60)).meta({ title: "申请人" }),
  startTime: optionalFilterDate("出证时间"),
  endTime: optionalFilterDate(),
});

export const RequestEvidenceQuerySchema = NotarizationIdSchema.extend({ evidenceId: z.coerce.number({ error: "证据不存在" }).int().positive("证据不存在") });

const feeYuan = z.coerce.number({ error: "公证费须为数字" }).min(0, "公证费不能为负数").max(100000, "公证费不能超过 100000 元");

export const OfficeProfileFormSchema = z.object({
  region: textRule({ required: "请输入所在地区" }).max(60, "所在地区不能超过60个字").meta({ title: "所在地区" }),
  address: textRule({ required: "请输入地址" }).max(120, "地址不能超过120个字").meta({ title: "地址" }),
  phone: FixedPhoneSchema.meta({ title: "联系电话" }),
  introduction: optionalText(freeText(500, "简介不能超过500个字", { multiline: true })).meta({ title: "简介", widget: "textarea" }),
  /** Yuan with up to 2 decimals; empty: bundles only. */
  feeYuan: optionalText(feeYuan).meta({ title: "公证费（元/件）" }),
  acceptsApplications: z.boolean().meta({ title: "受理在线申请" }),
  templateTitle: textRule({ required: "请填写公证书标题" }).max(20, "公证书标题不能超过20个字").meta({ title: "公证书标题" }),
  templateBody: textRule({ required: NOTARY_CONSOLE_MESSAGES.templateRequired, multiline: true })
    .max(NOTARIAL_TEMPLATE_BODY_MAX, `公证书正文模板不能超过${NOTARIAL_TEMPLATE_BODY_MAX}个字`)
    .meta({ title: "公证书正文模板", widget: "textarea" }),
  templateFooter: textRule({ required: "请填写公证书落款模板", multiline: true }).max(200, "公证书落款模板不能超过200个字").meta({ title: "公证书落款模板", widget: "textarea" }),
});

export const NewStaffFormSchema = z.object({
  account: NotaryAccountSchema,
  name: textRule({ required: "请输入工作人员姓名" }).max(30, "姓名不能超过30个字符"),
  role: z.enum(NOTARY_ROLES, { error: "请选择角色" }),
  /** The initial password, MD5-hashed then RSA-encrypted in the browser like every password (spec §7). */
  encryptPassword: encryptedField("密码"),
});

export const StaffStatusFormSchema = z.object({
  id: z.coerce.number({ error: NOTARY_CONSOLE_MESSAGES.staffNotFound }).int().positive(NOTARY_CONSOLE_MESSAGES.staffNotFound),
  status: z.enum(NOTARY_STAFF_STATUSES, { error: "状态不正确" }),
});

// ---- the calls (the office's side; session "notary") ----

const TAG = "公证处工作台";

export const NOTARY_CONSOLE_ENDPOINTS = {
  requestList: endpoint({ method: "GET", path: "/notary/v2/getRequestList", input: RequestListQuerySchema, datas: pagePSchema(NotarizationRowSchema), session: "notary", tag: TAG, summary: "本公证处收到的公证申请（不含草稿），可按状态、提交日期、申请人筛选" }),
  requestContent: endpoint({ method: "GET", path: "/notary/v2/getRequestContent", input: NotarizationIdSchema, datas: NotarizationDetailSchema, session: "notary", tag: TAG, summary: "一份申请的全部内容：申请人、证据（含账本序号供浏览器核验）、进度、补充材料、公证书" }),
  decide: endpoint({
    method: "POST",
    path: "/notary/v2/auditRequest",
    input: NotaryDecisionSchema,
    datas: NotarizationDetailSchema,
    session: "notary",
    tag: TAG,
    summary: "受理、开始审核、要求补充材料（须写明材料）、审核通过、驳回（须写明理由）；每一步记入审计记录并上链",
    description: "3603 当前状态不允许该操作；1001 说明缺失。",
  }),
  previewCertificate: endpoint({ method: "GET", path: "/notary/v2/previewCertificate", input: NotarizationIdSchema, datas: z.null(), session: "notary", file: true, tag: TAG, summary: "按本处模板生成的公证书预览（PDF，未盖章，不上链）" }),
  issueCertificate: endpoint({
    method: "POST",
    path: "/notary/v2/issueCertificate",
    input: NotarizationIdSchema,
    datas: NotarizationDetailSchema,
    session: "notary",
    tag: TAG,
    summary: "出具公证书：按模板生成 PDF，加盖本处电子印章，摘要上链，申请变为已出证",
  }),
  downloadCertificate: endpoint({ method: "GET", path: "/notary/v2/downloadNotarialCertificate", input: NotarizationIdSchema, datas: z.null(), session: "notary", file: true, tag: TAG, summary: "下载本处出具的公证书" }),
  downloadEvidence: endpoint({ method: "GET", path: "/notary/v2/downloadRequestEvidence", input: RequestEvidenceQuerySchema, datas: z.null(), session: "notary", file: true, tag: TAG, summary: "下载申请所涉的一条证据：原件，或取证/录制的证据包" }),
  downloadPackage: endpoint({ method: "GET", path: "/notary/v2/downloadRequestPackage", input: NotarizationIdSchema, datas: z.null(), session: "notary", file: true, tag: TAG, summary: "下载申请全部证据的压缩包（ZIP，含 manifest.json：每个文件的 SHA-256、证书编号、账本序号）" }),
  downloadMaterial: endpoint({ method: "GET", path: "/notary/v2/downloadRequestMaterial", input: NotarizationMaterialQuerySchema, datas: z.null(), session: "notary", file: true, tag: TAG, summary: "下载申请人提交的补充材料" }),
  issuedList: endpoint({ method: "GET", path: "/notary/v2/getIssuedCertificates", input: IssuedCertificateQuerySchema, datas: pagePSchema(IssuedCertificateRowSchema), session: "notary", tag: TAG, summary: "本处已出具的公证书，可按编号、申请人、出证日期查询" }),
  setting: endpoint({ method: "GET", path: "/notary/v2/getOfficeSetting", input: z.object({}), datas: NotaryOfficeSettingSchema, session: "notary", tag: TAG, summary: "本处资料、公证费、公证书模板与电子印章" }),
  saveSetting: endpoint({ method: "POST", path: "/notary/v2/saveOfficeSetting", input: OfficeProfileFormSchema, datas: NotaryOfficeSettingSchema, session: "notary", tag: TAG, summary: "修改本处资料、公证费与模板（仅管理员）" }),
  issueSeal: endpoint({ method: "POST", path: "/notary/v2/issueOfficeSeal", input: z.object({}), datas: NotaryOfficeSettingSchema, session: "notary", tag: TAG, summary: "为本处签发（或更新）电子印章证书（仅管理员）" }),
  staffList: endpoint({ method: "GET", path: "/notary/v2/getStaffList", input: z.object({}), datas: z.array(NotaryStaffSchema), session: "notary", tag: TAG, summary: "本处工作人员" }),
  addStaff: endpoint({ method: "POST", path: "/notary/v2/addStaff", input: NewStaffFormSchema, datas: NotaryStaffSchema, session: "notary", tag: TAG, summary: "新增本处工作人员（仅管理员）" }),
  setStaffStatus: endpoint({ method: "POST", path: "/notary/v2/setStaffStatus", input: StaffStatusFormSchema, datas: NotaryStaffSchema, session: "notary", tag: TAG, summary: "停用或恢复本处工作人员（仅管理员；不能停用自己或唯一的管理员）" }),
};
