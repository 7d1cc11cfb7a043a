import { z } from "zod";
import { endpoint } from "../contract";
import { keywordQuery, PageQuerySchema, pagePSchema } from "../paging";
import { freeText, optionalText, textRule } from "../string-rule";
import { CONTRACT_STATUS_COLORS, CONTRACT_STATUS_LABELS, CONTRACT_STATUSES } from "./offline-contract-lifecycle";
import { calendarDateSchema, CustomerAccountSchema, FINANCE_PERMISSION, FINANCE_TAG, yuanAmountSchema } from "./finance";

/**
 * 线下合同: offline contracts a finance operator records (spec §4: monitoring is enabled with a
 * balance or a signed offline contract). A contract belongs to a main account, has a term of
 * Shanghai dates and a credit limit: while it is 生效中 the account's charges may go below zero
 * down to minus that limit. A contract is never edited: a changed agreement is a new contract, an
 * ended one is terminated with its reason, and both stay in the history.
 */

export const CREDIT_LIMIT_MAX_FEN = 1_000_000_000;
export const CONTRACT_NO_MAX_LENGTH = 64;
export const SIGNING_PARTY_MAX_LENGTH = 100;
export const CONTRACT_REMARK_MAX_LENGTH = 500;
export const TERMINATION_REASON_MIN_LENGTH = 2;
export const TERMINATION_REASON_MAX_LENGTH = 200;

export const CONTRACT_MESSAGES = {
  contractNoRequired: "请输入合同编号",
  contractNo: `合同编号为1-${CONTRACT_NO_MAX_LENGTH}位字母、数字或 - _ /`,
  contractNoTaken: "该合同编号已登记，请核对合同编号",
  signingPartyRequired: "请输入签约方（合同上的客户名称）",
  signingParty: `签约方不超过${SIGNING_PARTY_MAX_LENGTH}个字`,
  termStartRequired: "请输入合同开始日期",
  termEndRequired: "请输入合同结束日期",
  termOrder: "合同结束日期不能早于开始日期",
  creditLimit: "授信额度须为 0 至 10,000,000 元的金额，最多两位小数",
  remark: `备注不超过${CONTRACT_REMARK_MAX_LENGTH}个字`,
  overlaps: (contractNo: string, termStart: string, termEnd: string) => `该客户已有期限重叠的合同（${contractNo}，${termStart} 至 ${termEnd}）：请先终止原合同，或调整新合同的期限`,
  terminationReasonRequired: `请填写终止原因（${TERMINATION_REASON_MIN_LENGTH}-${TERMINATION_REASON_MAX_LENGTH}个字）`,
  terminationReasonTooLong: `终止原因不超过${TERMINATION_REASON_MAX_LENGTH}个字`,
  notTerminable: "该合同已到期或已终止，不能再终止",
  notFound: "合同不存在",
} as const;

export const ContractStatusSchema = z.enum(CONTRACT_STATUSES);
const statusField = () => ContractStatusSchema.meta({ title: "状态", labels: CONTRACT_STATUS_LABELS, colors: CONTRACT_STATUS_COLORS });

/** The new-contract form and call: the credit limit in yuan text, turned into fen exactly by the server. */
export const NewContractInputSchema = z
  .object({
    contractNo: textRule({ required: CONTRACT_MESSAGES.contractNoRequired, invalid: CONTRACT_MESSAGES.contractNo, test: new RegExp(`^[A-Za-z0-9_/-]{1,${CONTRACT_NO_MAX_LENGTH}}$`) }).meta({ title: "合同编号" }),
    customerAccount: CustomerAccountSchema.describe("客户主账号的登录账号、手机号或邮箱"),
    signingParty: textRule({ required: CONTRACT_MESSAGES.signingPartyRequired }).max(SIGNING_PARTY_MAX_LENGTH, CONTRACT_MESSAGES.signingParty).meta({ title: "签约方" }),
    termStart: calendarDateSchema(CONTRACT_MESSAGES.termStartRequired).meta({ title: "合同开始日期（YYYY-MM-DD）" }),
    termEnd: calendarDateSchema(CONTRACT_MESSAGES.termEndRequired).meta({ title: "合同结束日期（YYYY-MM-DD，含当日）" }),
    creditLimit: yuanAmountSchema({ minFen: 0, maxFen: CREDIT_LIMIT_MAX_FEN }, CONTRACT_MESSAGES.creditLimit).meta({ title: "授信额度（元）" }).describe("授信额度（元），如 \"50000\" 或 \"8000.50\"；合同生效期间账户余额最低可至其负数"),
    remark: optionalText(freeText(CONTRACT_REMARK_MAX_LENGTH, CONTRACT_MESSAGES.remark, { multiline: true })).meta({ title: "备注", widget: "textarea" }),
  })
  .superRefine(({ termStart, termEnd }, ctx) => {
    if (termStart > termEnd) ctx.addIssue({ code: "custom", path: ["termEnd"], message: CONTRACT_MESSAGES.termOrder });
  });
export type NewContractInput = z.infer<typeof NewContractInputSchema>;

const ContractIdSchema = z.coerce.number({ error: CONTRACT_MESSAGES.notFound }).int(CONTRACT_MESSAGES.notFound).positive(CONTRACT_MESSAGES.notFound);

export const TerminateContractInputSchema = z.object({
  id: ContractIdSchema,
  reason: textRule({ required: CONTRACT_MESSAGES.terminationReasonRequired })
    .min(TERMINATION_REASON_MIN_LENGTH, CONTRACT_MESSAGES.terminationReasonRequired)
    .max(TERMINATION_REASON_MAX_LENGTH, CONTRACT_MESSAGES.terminationReasonTooLong)
    .meta({ title: "终止原因" }),
});
export type TerminateContractInput = z.infer<typeof TerminateContractInputSchema>;

export const ContractListQuerySchema = z.object({
  ...PageQuerySchema.shape,
  status: ContractStatusSchema.optional().meta({ title: "状态", placeholder: "全部状态", labels: CONTRACT_STATUS_LABELS, width: 130 }),
  keyword: keywordQuery(64, { placeholder: "合同编号、客户账号或签约方", width: 260 }),
});
export type ContractListQuery = z.infer<typeof ContractListQuerySchema>;

/** A contract as the list and its page show it. */
export const ContractRecordSchema = z.object({
  id: z.number().int().meta({ title: "登记编号", row: "never" }),
  contractNo: z.string().meta({ title: "合同编号", mono: true, copyable: true }),
  customerAccount: z.string().meta({ title: "客户账号", copyable: true }),
  signingParty: z.string().meta({ title: "签约方" }),
  termStart: z.string().meta({ title: "开始日期" }),
  termEnd: z.string().meta({ title: "结束日期" }),
  creditLimitFen: z.number().int().meta({ title: "授信额度", format: "money" }),
  status: statusField(),
  remark: z.string().nullable().meta({ title: "备注", row: "ifPresent", ellipsis: true }),
  createdBy: z.string().meta({ title: "登记人" }),
  createTime: z.string().meta({ title: "登记时间" }),
  terminationReason: z.string().nullable().meta({ title: "终止原因", row: "ifPresent" }),
  terminatedBy: z.string().nullable().meta({ title: "终止人", row: "ifPresent" }),
  terminateTime: z.string().nullable().meta({ title: "终止时间", row: "ifPresent" }),
});
export type ContractRecord = z.infer<typeof ContractRecordSchema>;

export const CONTRACT_ACTIONS = { create: "contract.create", terminate: "contract.terminate" } as const;
export const CONTRACT_TARGET = "offlineContract";

export const FINANCE_CONTRACT_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/console/v2/finance/listContracts",
    input: ContractListQuerySchema,
    datas: pagePSchema(ContractRecordSchema),
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: FINANCE_TAG,
    summary: "线下合同列表（分页 pageP，新登记的在前）：按状态（未生效、生效中、已到期、已终止，按北京时间当日计算）与关键字筛选",
  }),
  one: endpoint({
    method: "GET",
    path: "/console/v2/finance/getContract",
    input: z.object({ id: ContractIdSchema }),
    datas: ContractRecordSchema,
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: FINANCE_TAG,
    summary: "一份线下合同：期限、授信额度、状态、登记与终止记录",
  }),
  create: endpoint({
    method: "POST",
    path: "/console/v2/finance/createContract",
    input: NewContractInputSchema,
    datas: ContractRecordSchema,
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: FINANCE_TAG,
    summary: "登记线下合同：客户主账号、合同编号、签约方、期限（北京时间日期，含首尾两日）与授信额度（元）。合同生效期间，该账户的服务扣费最低可至授信额度的负数；记入操作审计",
    description: "1001 参数错误、客户不存在或为子账号、合同编号已登记、与该客户未终止的合同期限重叠。",
  }),
  terminate: endpoint({
    method: "POST",
    path: "/console/v2/finance/terminateContract",
    input: TerminateContractInputSchema,
    datas: ContractRecordSchema,
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: FINANCE_TAG,
    summary: "终止未生效或生效中的线下合同（须填写原因）：即时不再提供授信；合同记录保留；记入操作审计",
    description: "1001 参数错误或合同已到期、已终止；404 合同不存在。",
  }),
};
