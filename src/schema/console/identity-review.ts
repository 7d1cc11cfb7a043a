import { z } from "zod";
import { endpoint } from "../contract";
import { PageQuerySchema, pagePSchema } from "../paging";
import { freeText, optionalText } from "../string-rule";
import { checkTimeRange } from "../time-range";

/**
 * The console's review of real-name (a person) and enterprise (an organisation) applications
 * (issue 13): an operator with "identity.review" lists the applications, opens one with everything
 * the customer sent (the full ID number and the licence photo included: checking them is the
 * reviewer's job), the automatic vendor check's outcome and the customer's earlier applications,
 * and approves or rejects it with a reason the customer then reads.
 */

export const APPLICATION_KIND_LABELS = { person: "个人实名认证", organisation: "企业认证" } as const;
export const ApplicationKindSchema = z.enum(["person", "organisation"], { error: "认证类型只能是个人实名认证或企业认证" });
export type ApplicationKind = z.infer<typeof ApplicationKindSchema>;

export const REVIEW_STATUS_LABELS = { pending: "待审核", approved: "已通过", rejected: "已驳回" } as const;
export const ReviewStatusSchema = z.enum(["pending", "approved", "rejected"], { error: "审核状态只能是待审核、已通过或已驳回" });
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;
const REVIEW_STATUS_COLORS = { pending: "processing", approved: "success", rejected: "error" };

/**
 * What the automatic vendor check (the installation's IdentityVerifier) said before a person
 * decides: it never decides by itself. "unavailable": no check could be made (the development
 * provider, a vendor that did not answer); the note says why.
 */
export const CHECK_OUTCOME_LABELS = { passed: "核验一致", failed: "核验不一致", unavailable: "未能自动核验" } as const;
export const CheckOutcomeSchema = z.enum(["passed", "failed", "unavailable"]);
export type CheckOutcome = z.infer<typeof CheckOutcomeSchema>;
const CHECK_OUTCOME_COLORS = { passed: "success", failed: "error", unavailable: "default" };

export const REJECT_REASON_MIN_LENGTH = 2;
export const REJECT_REASON_MAX_LENGTH = 200;
export const REVIEW_MESSAGES = {
  reasonRequired: `驳回时请填写驳回原因（${REJECT_REASON_MIN_LENGTH}-${REJECT_REASON_MAX_LENGTH}个字），用户将看到这一原因`,
  reasonTooShort: `驳回原因至少${REJECT_REASON_MIN_LENGTH}个字，请写明用户需要修改什么`,
  reasonTooLong: `驳回原因不能超过${REJECT_REASON_MAX_LENGTH}个字`,
  notFound: "认证申请不存在",
  alreadyDecided: "该申请已处理，不能重复审核",
} as const;

/**
 * The reason of a rejection (shown to the customer) or an optional remark on an approval (kept
 * in the audit trail); one line of ordinary text.
 */
export const ReviewReasonSchema = freeText(REJECT_REASON_MAX_LENGTH, REVIEW_MESSAGES.reasonTooLong).min(REJECT_REASON_MIN_LENGTH, REVIEW_MESSAGES.reasonTooShort);

const KEYWORD_MAX_LENGTH = 50;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const dateField = () => optionalText(z.string().regex(DATE_PATTERN, "日期格式应为 YYYY-MM-DD"));

export const IdentityApplicationListQuerySchema = z
  .object({
    ...PageQuerySchema.shape,
    kind: ApplicationKindSchema.optional().meta({ title: "认证类型", placeholder: "全部类型", labels: APPLICATION_KIND_LABELS, width: 150 }),
    status: ReviewStatusSchema.default("pending").meta({ title: "审核状态", placeholder: "待审核", labels: REVIEW_STATUS_LABELS, width: 130 }),
    keyword: optionalText(
      z
        .string()
        .trim()
        .max(KEYWORD_MAX_LENGTH, `关键字不超过${KEYWORD_MAX_LENGTH}个字`),
    ).meta({ title: "关键字", placeholder: "客户账号、姓名、企业名称或证件号码", width: 300 }),
    /** Submission dates, Shanghai calendar days, inclusive at both ends. */
    startTime: dateField().meta({ title: "提交时间" }),
    endTime: dateField(),
  })
  .superRefine(({ startTime, endTime }, ctx) => {
    const problem = checkTimeRange(startTime, endTime);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field === "start" ? "startTime" : "endTime"], message: problem.message });
  });
export type IdentityApplicationListQuery = z.infer<typeof IdentityApplicationListQuerySchema>;

const ApplicationIdSchema = z.coerce.number({ error: REVIEW_MESSAGES.notFound }).int(REVIEW_MESSAGES.notFound).positive(REVIEW_MESSAGES.notFound);
/** An application is named by its kind and its number: the two kinds are numbered apart. */
export const ApplicationRefSchema = z.object({ kind: ApplicationKindSchema, id: ApplicationIdSchema });
export type ApplicationRef = z.infer<typeof ApplicationRefSchema>;

/** A list row's key: the two kinds are numbered apart, so the number alone is not unique. */
export const applicationKey = (ref: ApplicationRef) => `${ref.kind}-${ref.id}`;

const kindField = () => ApplicationKindSchema.meta({ title: "认证类型", labels: APPLICATION_KIND_LABELS, colors: { person: "blue", organisation: "purple" } });
const statusField = () => ReviewStatusSchema.meta({ title: "审核状态", labels: REVIEW_STATUS_LABELS, colors: REVIEW_STATUS_COLORS });

/** One application as the review list shows it; a person's ID number only masked here. */
export const IdentityApplicationRowSchema = z.object({
  key: z.string().meta({ title: "申请标识", row: "never" }),
  kind: kindField(),
  id: z.number().int().meta({ title: "申请编号", mono: true }),
  account: z.string().meta({ title: "客户账号", copyable: true }),
  subjectName: z.string().meta({ title: "姓名 / 企业名称" }),
  certificateNumber: z.string().meta({ title: "证件号码", mono: true }),
  status: statusField(),
  checkOutcome: CheckOutcomeSchema.nullable().meta({ title: "自动核验", labels: CHECK_OUTCOME_LABELS, colors: CHECK_OUTCOME_COLORS, empty: "未配置" }),
  submitTime: z.string().meta({ title: "提交时间" }),
  decideTime: z.string().nullable().meta({ title: "审核时间" }),
  decidedBy: z.string().nullable().meta({ title: "审核人" }),
});
export type IdentityApplicationRow = z.infer<typeof IdentityApplicationRowSchema>;

export const VendorCheckSchema = z.object({
  provider: z.string().meta({ title: "核验服务" }),
  outcome: CheckOutcomeSchema.meta({ title: "核验结果", labels: CHECK_OUTCOME_LABELS, colors: CHECK_OUTCOME_COLORS }),
  note: z.string().meta({ title: "说明" }),
  checkTime: z.string().meta({ title: "核验时间" }),
});
export type VendorCheck = z.infer<typeof VendorCheckSchema>;

/** An application of the same customer and kind, for the history timeline. */
export const ApplicationHistoryItemSchema = z.object({
  id: z.number().int().meta({ title: "申请编号" }),
  isCurrent: z.boolean().meta({ title: "当前申请" }),
  subjectName: z.string().meta({ title: "姓名 / 企业名称" }),
  certificateNumber: z.string().meta({ title: "证件号码" }),
  status: statusField(),
  rejectReason: z.string().nullable().meta({ title: "驳回原因" }),
  decidedBy: z.string().nullable().meta({ title: "审核人" }),
  submitTime: z.string().meta({ title: "提交时间" }),
  decideTime: z.string().nullable().meta({ title: "审核时间" }),
});
export type ApplicationHistoryItem = z.infer<typeof ApplicationHistoryItemSchema>;

/** Everything the reviewer needs to decide one application. */
export const IdentityApplicationSchema = z.object({
  key: z.string().meta({ title: "申请标识", row: "never" }),
  kind: kindField(),
  id: z.number().int().meta({ title: "申请编号" }),
  status: statusField(),
  userId: z.number().int().meta({ title: "客户编号", row: "never" }),
  account: z.string().meta({ title: "客户账号", copyable: true }),
  displayName: z.string().meta({ title: "客户显示名称" }),
  mobile: z.string().nullable().meta({ title: "手机号", row: "ifPresent" }),
  mail: z.string().nullable().meta({ title: "邮箱", row: "ifPresent" }),
  realName: z.string().nullable().meta({ title: "真实姓名", row: "ifPresent" }),
  /** The whole number: the reviewer compares it with the name. Never written to a log or the audit trail. */
  idNumber: z.string().nullable().meta({ title: "身份证号码", row: "ifPresent", mono: true, copyable: true }),
  enterpriseName: z.string().nullable().meta({ title: "企业名称", row: "ifPresent" }),
  institutionType: z.string().nullable().meta({ title: "机构类型", row: "ifPresent" }),
  certificateKind: z.string().nullable().meta({ title: "证件类型", row: "ifPresent" }),
  certificateNumber: z.string().nullable().meta({ title: "证件号码", row: "ifPresent", mono: true, copyable: true }),
  /** The licence photo as a data: URL (organisations only). */
  licenceImage: z.string().nullable().meta({ title: "证照图片", row: "never" }),
  submitTime: z.string().meta({ title: "提交时间" }),
  decideTime: z.string().nullable().meta({ title: "审核时间", row: "ifPresent" }),
  decidedBy: z.string().nullable().meta({ title: "审核人", row: "ifPresent" }),
  rejectReason: z.string().nullable().meta({ title: "驳回原因", row: "ifPresent" }),
  /** null: this installation has no automatic check (no IdentityVerifier configured). */
  check: VendorCheckSchema.nullable().meta({ title: "自动核验", row: "never" }),
  /** Every application of this customer and kind, oldest first, this one marked. */
  history: z.array(ApplicationHistoryItemSchema).meta({ title: "申请记录", row: "never" }),
});
export type IdentityApplication = z.infer<typeof IdentityApplicationSchema>;

export const ReviewDecisionSchema = z.enum(["approve", "reject"], { error: "请选择通过或驳回" });
export type ReviewDecision = z.infer<typeof ReviewDecisionSchema>;

/**
 * The audit trail's (and so the ledger entry's) action name of each decision, target type
 * "identityApplication": certificates prove a holder's identity with the "identity.approve" entry.
 */
export const IDENTITY_DECISION_ACTIONS = { approve: "identity.approve", reject: "identity.reject" } as const satisfies Record<ReviewDecision, string>;
export const IDENTITY_APPLICATION_TARGET = "identityApplication";

export const DecideApplicationInputSchema = z
  .object({
    ...ApplicationRefSchema.shape,
    decision: ReviewDecisionSchema,
    reason: optionalText(ReviewReasonSchema).meta({ title: "驳回原因" }),
  })
  .superRefine(({ decision, reason }, ctx) => {
    if (decision === "reject" && reason === undefined) ctx.addIssue({ code: "custom", path: ["reason"], message: REVIEW_MESSAGES.reasonRequired });
  });
export type DecideApplicationInput = z.infer<typeof DecideApplicationInputSchema>;

const TAG = "运营后台·认证审核";

export const IDENTITY_REVIEW_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/console/v2/listIdentityApplications",
    input: IdentityApplicationListQuerySchema,
    datas: pagePSchema(IdentityApplicationRowSchema),
    session: "operator",
    permission: "identity.review",
    tag: TAG,
    summary: "实名与企业认证申请列表（分页 pageP）：按类型、审核状态（默认待审核）、关键字（客户账号、姓名、企业名称、证件号码）与提交日期筛选",
  }),
  one: endpoint({
    method: "GET",
    path: "/console/v2/getIdentityApplication",
    input: ApplicationRefSchema,
    datas: IdentityApplicationSchema,
    session: "operator",
    permission: "identity.review",
    tag: TAG,
    summary: "一份认证申请的全部资料：完整身份证号、证照图片、自动核验结果、客户账号与显示名称、该客户同类申请的历次审核记录",
  }),
  decide: endpoint({
    method: "POST",
    path: "/console/v2/decideIdentityApplication",
    input: DecideApplicationInputSchema,
    datas: IdentityApplicationRowSchema,
    session: "operator",
    permission: "identity.review",
    tag: TAG,
    summary: "审核认证申请：approve 通过，reject 驳回（须填写 2-200 个字的原因，用户可见）；结果即时生效并以短信或邮件通知用户，记入操作审计与账本",
    description: "1001 参数错误（驳回未填原因等）或该申请已处理；404 申请不存在。",
  }),
};
