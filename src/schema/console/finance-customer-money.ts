import { z } from "zod";
import { endpoint } from "../contract";
import { MONEY_RECORD_KIND_LABELS, MONEY_RECORD_KINDS } from "../money-records";
import { CUSTOMER_MESSAGES } from "./customers";
import { ContractRecordSchema } from "./finance-contracts";
import { FINANCE_PERMISSION, FINANCE_TAG } from "./finance";

/**
 * A customer's money at a glance for finance, on the console's customer page (tab 资金): balances,
 * the offline contract in force today, and the latest movements of the journal, each signed by what
 * it did to the customer (+ in, − out).
 */

export const CUSTOMER_MOVEMENTS_SHOWN = 10;

const MOVEMENT_KINDS = Object.values(MONEY_RECORD_KINDS).flat() as [string, ...string[]];

export const CustomerMovementSchema = z.object({
  id: z.number().int().meta({ title: "流水号", mono: true }),
  kind: z.enum(MOVEMENT_KINDS).meta({ title: "类型", labels: MONEY_RECORD_KIND_LABELS }),
  amountFen: z.number().int().meta({ title: "金额（+入 −出）", format: "money" }),
  memo: z.string().meta({ title: "说明", ellipsis: true }),
  createTime: z.number().int().meta({ title: "时间", format: "datetime" }),
});

export const CustomerBalancesSchema = z.object({
  availableFen: z.number().int().meta({ title: "可用余额", format: "money" }),
  reservedFen: z.number().int().meta({ title: "冻结中（服务进行中）", format: "money" }),
});

export const CustomerMoneySchema = z.object({
  balances: CustomerBalancesSchema,
  /** The contract in force today; null: none, and charges stop at zero. */
  contract: ContractRecordSchema.nullable(),
  movements: z.array(CustomerMovementSchema),
});
export type CustomerMoney = z.infer<typeof CustomerMoneySchema>;

export const FINANCE_CUSTOMER_ENDPOINTS = {
  money: endpoint({
    method: "GET",
    path: "/console/v2/finance/customerMoney",
    input: z.object({ id: z.coerce.number({ error: CUSTOMER_MESSAGES.notFound }).int(CUSTOMER_MESSAGES.notFound).positive(CUSTOMER_MESSAGES.notFound) }),
    datas: CustomerMoneySchema,
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: FINANCE_TAG,
    summary: `一个客户（主账号）的资金概况：可用与冻结余额（分）、今日生效的线下合同、最近 ${CUSTOMER_MOVEMENTS_SHOWN} 笔资金变动`,
    description: "404 客户不存在；子账号答其主账号的资金。",
  }),
};
