import { z } from "zod";
import { AccountType, VerificationStatus } from "../account";
import { endpoint } from "../contract";
import { EVIDENCE_KIND_LABELS } from "../evidence";
import { EvidenceKindSchema } from "../evidence-entry";
import { LOGIN_METHOD_LABELS, LOGIN_OUTCOME_LABELS, LoginMethodSchema, LoginOutcomeSchema } from "../login-history";
import { keywordQuery, PageQuerySchema, pagePSchema } from "../paging";
import { VERIFICATION_STATUS_TEXT } from "../personal";
import { textRule } from "../string-rule";

/**
 * The console's customer lookup (issue 13): find an account by any of its keys, see everything
 * support needs on one page (profile, verification, child accounts, sessions, evidence, logins),
 * end its sessions, disable and re-enable it. Contact details are shown in full to the operator,
 * ID numbers stay masked, session tokens never leave the server (a session is named by a
 * reference derived from it).
 */

// ---- statuses as data ----

export const CUSTOMER_STATUS_LABELS = { active: "正常", disabled: "已停用", cancelled: "已注销" } as const;
export type CustomerStatus = keyof typeof CUSTOMER_STATUS_LABELS;
export const CustomerStatusSchema = z.enum(["active", "disabled", "cancelled"], { error: "账号状态只能是正常、已停用或已注销" });
const STATUS_COLORS = { active: "success", disabled: "error", cancelled: "default" };

/**
 * Who holds an account disabled: its main account (a sub-account, spec §2 childAccountManagement)
 * or the platform's operators. Each lifts only its own hold, so a main account cannot re-enable a
 * sub-account the platform disabled, and the platform's enabling leaves the main account's in place.
 */
export const ACCOUNT_DISABLERS = { mainAccount: "主账号", operator: "平台" } as const;
export type AccountDisabler = keyof typeof ACCOUNT_DISABLERS;
export const AccountDisablerSchema = z.enum(["mainAccount", "operator"]);

export const ACCOUNT_KIND_LABELS = { personal: "个人账号", organisation: "企业账号", subAccount: "子账号" } as const;
export type AccountKind = keyof typeof ACCOUNT_KIND_LABELS;
export const AccountKindSchema = z.enum(["personal", "organisation", "subAccount"]);
/** accountType of spec §6 (1, 2, 3) by name. */
export function accountKindOf(accountType: number): AccountKind {
  if (accountType === AccountType.subAccount) return "subAccount";
  return accountType === AccountType.organisation ? "organisation" : "personal";
}

export const VERIFICATION_STATES = ["none", "pending", "verified", "rejected"] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];
export const VerificationStateSchema = z.enum(VERIFICATION_STATES);
const STATE_BY_STATUS: Record<number, VerificationState> = {
  [VerificationStatus.none]: "none",
  [VerificationStatus.pending]: "pending",
  [VerificationStatus.verified]: "verified",
  [VerificationStatus.rejected]: "rejected",
};
/** A verification status (0-3 of account.ts) by name. */
export const verificationStateOf = (status: number): VerificationState => STATE_BY_STATUS[status] ?? "none";
const VERIFICATION_LABELS = Object.fromEntries(Object.entries(STATE_BY_STATUS).map(([status, state]) => [state, VERIFICATION_STATUS_TEXT[Number(status)]!]));
const VERIFICATION_COLORS = { none: "default", pending: "processing", verified: "success", rejected: "error" };

// ---- the search ----

export const CUSTOMER_KEYWORD_MAX_LENGTH = 100;

export const CustomerSearchQuerySchema = z.object({
  ...PageQuerySchema.shape,
  keyword: keywordQuery(CUSTOMER_KEYWORD_MAX_LENGTH, { placeholder: "账号、手机号、邮箱、已认证企业名称或证书编号", width: 360 }),
  status: CustomerStatusSchema.optional().meta({ title: "状态", placeholder: "全部状态", labels: CUSTOMER_STATUS_LABELS, width: 140 }),
});
export type CustomerSearchQuery = z.infer<typeof CustomerSearchQuerySchema>;

/** One account in the search's results. */
export const CustomerSummarySchema = z.object({
  id: z.number().int().meta({ title: "用户编号", mono: true }),
  loginAccount: z.string().meta({ title: "登录账号", copyable: true }),
  displayName: z.string().meta({ title: "名称" }),
  mobile: z.string().nullable().meta({ title: "手机号", mono: true }),
  mail: z.string().nullable().meta({ title: "邮箱" }),
  accountKind: AccountKindSchema.meta({ title: "账号类型", labels: ACCOUNT_KIND_LABELS }),
  status: CustomerStatusSchema.meta({ title: "状态", labels: CUSTOMER_STATUS_LABELS, colors: STATUS_COLORS }),
  realNameState: VerificationStateSchema.meta({ title: "实名认证", labels: VERIFICATION_LABELS, colors: VERIFICATION_COLORS }),
  enterpriseState: VerificationStateSchema.meta({ title: "企业认证", labels: VERIFICATION_LABELS, colors: VERIFICATION_COLORS }),
  registerTime: z.number().int().meta({ title: "注册时间", format: "datetime" }),
});
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;

// ---- one customer ----

export const CustomerProfileSchema = z.object({
  id: z.number().int().meta({ title: "用户编号" }),
  loginAccount: z.string().meta({ title: "登录账号" }),
  mobile: z.string().nullable().meta({ title: "手机号" }),
  mail: z.string().nullable().meta({ title: "邮箱" }),
  displayName: z.string().meta({ title: "显示名称" }),
  accountKind: AccountKindSchema.meta({ title: "账号类型", labels: ACCOUNT_KIND_LABELS }),
  status: CustomerStatusSchema.meta({ title: "状态", labels: CUSTOMER_STATUS_LABELS, colors: STATUS_COLORS }),
  /** Who holds a disabled account disabled; empty unless status is "disabled" (shown beside the status). */
  disabledBy: z.array(AccountDisablerSchema).meta({ title: "停用方", row: "never" }),
  registerTime: z.number().int().meta({ title: "注册时间", format: "datetime" }),
  cancelTime: z.number().int().nullable().meta({ title: "注销时间", format: "datetime" }),
  hasPassword: z.boolean().meta({ title: "登录密码", labels: { true: "已设置", false: "未设置" } }),
  twoStepEnabled: z.boolean().meta({ title: "登录二次验证", labels: { true: "已开启", false: "未开启" } }),
  scanBound: z.boolean().meta({ title: "扫码登录", labels: { true: "已绑定", false: "未绑定" } }),
  isTest: z.boolean().meta({ title: "测试账号", labels: { true: "是", false: "否" } }),
});
export type CustomerProfile = z.infer<typeof CustomerProfileSchema>;

const decisionFields = {
  state: VerificationStateSchema.meta({ title: "状态", labels: VERIFICATION_LABELS, colors: VERIFICATION_COLORS }),
  submitTime: z.string().nullable().meta({ title: "提交时间" }),
  decideTime: z.string().nullable().meta({ title: "审核时间" }),
  rejectReason: z.string().nullable().meta({ title: "驳回原因", row: "ifPresent" }),
};

export const CustomerVerificationSchema = z.object({
  realName: z.object({
    ...decisionFields,
    name: z.string().nullable().meta({ title: "姓名" }),
    idNumberMasked: z.string().nullable().meta({ title: "身份证号" }),
  }),
  enterprise: z.object({
    ...decisionFields,
    name: z.string().nullable().meta({ title: "企业名称" }),
    certificateNumber: z.string().nullable().meta({ title: "证件号码" }),
  }),
});
export type CustomerVerification = z.infer<typeof CustomerVerificationSchema>;

/** The main account of a sub-account, and the name it gave the sub-account. */
export const CustomerParentSchema = z.object({
  id: z.number().int(),
  loginAccount: z.string(),
  displayName: z.string(),
  childName: z.string().nullable(),
});

export const CUSTOMER_CHILDREN_SHOWN = 100;
export const CustomerChildSchema = z.object({
  id: z.number().int().meta({ title: "用户编号" }),
  loginAccount: z.string().meta({ title: "登录账号" }),
  name: z.string().meta({ title: "名称" }),
  status: CustomerStatusSchema.meta({ title: "状态", labels: CUSTOMER_STATUS_LABELS, colors: STATUS_COLORS }),
  createTime: z.number().int().meta({ title: "创建时间", format: "datetime" }),
});
export type CustomerChild = z.infer<typeof CustomerChildSchema>;

/** A live session: `ref` names it for ending it and is no token (nor usable as one). */
export const CustomerSessionSchema = z.object({
  ref: z.string(),
  createTime: z.number().int().meta({ title: "登录时间", format: "datetime" }),
  lastSeenTime: z.number().int().meta({ title: "最近访问", format: "datetime" }),
  address: z.string().nullable().meta({ title: "地址" }),
});
export type CustomerSession = z.infer<typeof CustomerSessionSchema>;

export const CustomerEvidenceStatsSchema = z.object({
  kinds: z.array(
    z.object({
      kind: EvidenceKindSchema.meta({ title: "类型", labels: EVIDENCE_KIND_LABELS }),
      count: z.number().int().meta({ title: "条数" }),
      bytes: z.number().meta({ title: "大小", format: "bytes" }),
    }),
  ),
  totalCount: z.number().int(),
  totalBytes: z.number(),
});
export type CustomerEvidenceStats = z.infer<typeof CustomerEvidenceStatsSchema>;

export const CUSTOMER_LOGINS_SHOWN = 50;
export const CustomerLoginSchema = z.object({
  time: z.number().int().meta({ title: "时间", format: "datetime" }),
  method: LoginMethodSchema.meta({ title: "方式", labels: LOGIN_METHOD_LABELS }),
  outcome: LoginOutcomeSchema.meta({ title: "结果", labels: LOGIN_OUTCOME_LABELS, colors: { success: "success", wrongPassword: "error", disabled: "warning" } }),
  ip: z.string().meta({ title: "地址", mono: true }),
  userAgent: z.string().nullable().meta({ title: "浏览器" }),
});
export type CustomerLogin = z.infer<typeof CustomerLoginSchema>;

export const CustomerDetailSchema = z.object({
  profile: CustomerProfileSchema,
  verification: CustomerVerificationSchema,
  parent: CustomerParentSchema.nullable(),
  children: z.object({ list: z.array(CustomerChildSchema), total: z.number().int() }),
  sessions: z.array(CustomerSessionSchema),
  evidence: CustomerEvidenceStatsSchema,
  logins: z.array(CustomerLoginSchema),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

// ---- changes ----

export const CUSTOMER_REASON_MIN_LENGTH = 2;
export const CUSTOMER_REASON_MAX_LENGTH = 200;
const REASON_LENGTH_MESSAGE = `原因为${CUSTOMER_REASON_MIN_LENGTH}-${CUSTOMER_REASON_MAX_LENGTH}个字`;
/** Why an account is disabled or enabled: kept in the audit trail, committed to on the ledger. */
export const CustomerReasonSchema = textRule({ required: "请填写原因" })
  .min(CUSTOMER_REASON_MIN_LENGTH, REASON_LENGTH_MESSAGE)
  .max(CUSTOMER_REASON_MAX_LENGTH, REASON_LENGTH_MESSAGE)
  .meta({ title: "原因", widget: "textarea" });

/** A customer named by its user id, as every console call on one customer takes it. */
export const customerId = z.coerce.number({ error: "用户编号不正确" }).int("用户编号不正确").positive("用户编号不正确").meta({ title: "用户编号" });
export const CustomerIdSchema = z.object({ id: customerId });
export const CustomerReasonFormSchema = z.object({ reason: CustomerReasonSchema });
export type CustomerReasonForm = z.infer<typeof CustomerReasonFormSchema>;

export const CustomerStatusChangeSchema = z.object({
  status: CustomerStatusSchema,
  disabledBy: z.array(AccountDisablerSchema),
  /** Sessions of the account and of its sub-accounts that ended with the change. */
  endedSessions: z.number().int(),
});
export type CustomerStatusChange = z.infer<typeof CustomerStatusChangeSchema>;

export const CUSTOMER_MESSAGES = {
  notFound: "客户不存在",
  sessionNotFound: "该会话已结束或不存在",
  alreadyDisabled: "该账号已被平台停用",
  notDisabledByPlatform: "该账号未被平台停用",
  cancelled: "该账号已注销，无需停用",
} as const;

const TAG = "运营后台·客户";

export const CUSTOMER_ENDPOINTS = {
  search: endpoint({
    method: "GET",
    path: "/console/v2/searchCustomers",
    input: CustomerSearchQuerySchema,
    datas: pagePSchema(CustomerSummarySchema),
    session: "operator",
    permission: "customers.read",
    tag: TAG,
    summary: "查找客户：一个关键字匹配登录账号、手机号、邮箱、已认证企业名称（包含即可）或存证证书编号（完整），可按状态筛选，分页 pageP",
  }),
  detail: endpoint({
    method: "GET",
    path: "/console/v2/customerDetail",
    input: CustomerIdSchema,
    datas: CustomerDetailSchema,
    session: "operator",
    permission: "customers.read",
    tag: TAG,
    summary: "客户详情：资料、实名与企业认证、主账号与子账号、在线会话（不含令牌）、存证统计、最近 50 次登录",
  }),
  endSession: endpoint({
    method: "POST",
    path: "/console/v2/endCustomerSession",
    input: z.object({ id: customerId, sessionRef: z.string({ error: "请选择会话" }).regex(/^[0-9a-f]{32}$/, "会话标识不正确") }),
    datas: z.object({ endedSessions: z.number().int() }),
    session: "operator",
    permission: "customers.manage",
    tag: TAG,
    summary: "结束客户的一个会话：该会话随后的调用答复 3013",
  }),
  endAllSessions: endpoint({
    method: "POST",
    path: "/console/v2/endCustomerSessions",
    input: CustomerIdSchema,
    datas: z.object({ endedSessions: z.number().int() }),
    session: "operator",
    permission: "customers.manage",
    tag: TAG,
    summary: "客户全部下线：结束该账号的全部会话",
  }),
  disable: endpoint({
    method: "POST",
    path: "/console/v2/disableCustomer",
    input: z.object({ id: customerId, reason: CustomerReasonSchema }),
    datas: CustomerStatusChangeSchema,
    session: "operator",
    permission: "customers.manage",
    tag: TAG,
    summary: "停用客户账号（须填写原因）：该账号及其子账号的会话随即结束（3013），不能再登录；存证保持不变",
  }),
  enable: endpoint({
    method: "POST",
    path: "/console/v2/enableCustomer",
    input: z.object({ id: customerId, reason: CustomerReasonSchema }),
    datas: CustomerStatusChangeSchema,
    session: "operator",
    permission: "customers.manage",
    tag: TAG,
    summary: "启用被平台停用的客户账号（须填写原因）；主账号对子账号的停用不受影响",
  }),
};
