import { z } from "zod";
import { ACCOUNT_STATUS_PRODUCT_CODE, MONITOR_BLOCKING_LIMITS_CODES } from "./constants";
import { endpoint } from "./contract";
import { FEN_PER_YUAN, formatYuanWithCents } from "./money";
import { UidSchema } from "./personal";

/**
 * The account's money and what it may use (spec §3 "Balance: list.balance. Monitoring account:
 * money balance and a limits code", §4, §7 getBalance and accountStatus); the calls are
 * BILLING_ENDPOINTS at the end.
 */

/**
 * Products accountStatus answers for. The spec names one product code, 40001, asked with count 1
 * from the help area; the information-monitoring guide is where the limits code matters (spec §4),
 * so 40001 is information monitoring here. Any other code is unknown (309).
 */
export const BILLED_PRODUCTS: Readonly<Record<number, string>> = {
  [ACCOUNT_STATUS_PRODUCT_CODE]: "信息监测",
};
export const TEXT_MONITORING_PRODUCT_CODE = ACCOUNT_STATUS_PRODUCT_CODE;

/**
 * The limits codes of accountStatus. The spec names 301, 304, 305 and 309 without saying what they
 * mean; these are our meanings, one place for server and browser. Checked in this order, so an
 * answer names the first thing the user must fix.
 */
export const AccountLimitCode = {
  /** The product code is not one we sell, or not open yet. */
  productUnavailable: 309,
  /** Paid products are opened and paid for by the main account; a sub-account has no purse of its own. */
  subAccountNotAllowed: 305,
  /** Neither the person nor the organisation behind the account is verified (spec §6 statuses). */
  identityUnverified: 304,
  /** Spec §4: usable with a positive balance or a signed offline contract; this account has neither. */
  balanceInsufficient: 301,
} as const;
export type AccountLimitCodeValue = (typeof AccountLimitCode)[keyof typeof AccountLimitCode];

export const ACCOUNT_LIMIT_MESSAGES: Readonly<Record<AccountLimitCodeValue, string>> = {
  309: "该产品不存在或尚未开通",
  305: "子账号不能开通付费服务，请使用主账号操作",
  304: "账号尚未完成实名认证，请先完成个人或企业实名认证",
  301: "账户余额不足，请先充值（已签订线下合同的账户不受此限）",
};

/**
 * A charge refused because the available balance (less what is already reserved for other
 * services) does not cover it, nor does an offline contract's credit: code 301 like accountStatus.
 */
export const INSUFFICIENT_BALANCE_MESSAGE = "账户可用余额不足，请先充值后再使用该服务";

/** accountStatus's 200 message. */
export const ACCOUNT_USABLE_MESSAGE = "账户可以使用该产品";

/** Spec §4, §6: these codes disable the new-monitoring button; any other answer leaves it active. */
export function isMonitorCreationBlocked(code: number): boolean {
  return (MONITOR_BLOCKING_LIMITS_CODES as readonly number[]).includes(code);
}

/** The most units one accountStatus call asks about (a sanity bound, not a business limit). */
export const ACCOUNT_STATUS_MAX_COUNT = 10_000;

const AccountStatusQuerySchema = z.object({
  productCode: z.coerce.number({ error: "产品编号不正确" }).int("产品编号不正确").positive("产品编号不正确"),
  count: z.coerce
    .number({ error: "数量须为正整数" })
    .int("数量须为正整数")
    .positive("数量须为正整数")
    .max(ACCOUNT_STATUS_MAX_COUNT, `数量不超过${ACCOUNT_STATUS_MAX_COUNT}`),
});

/**
 * getBalance's `datas` (spec §3, §7: `list.balance`). `balance` is yuan as a decimal string with
 * two places ("0.00", "-12.50", "1500.00"), the shape integrators of a money field expect and free
 * of floating-point error; `balanceFen` is the same amount as integer fen (DESIGN.md §8), which is
 * what our own screens compute with. Both come from the one stored fen value.
 */
export const BalanceSchema = z.object({
  list: z.object({
    balance: z.string().regex(/^-?\d+\.\d{2}$/).describe("余额（元），保留两位小数的字符串"),
    balanceFen: z.number().int().describe("余额（分），与 balance 同值"),
  }),
});
export type Balance = z.infer<typeof BalanceSchema>;

/** 150000 → "1500.00", -1250 → "-12.50", 0 → "0.00": integer arithmetic, no float rounding. */
export function yuanAmount(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额必须是整数分：${fen}`);
  const sign = fen < 0 ? "-" : "";
  const absolute = Math.abs(fen);
  const cents = String(absolute % FEN_PER_YUAN).padStart(2, "0");
  return `${sign}${Math.floor(absolute / FEN_PER_YUAN)}.${cents}`;
}

/** A balance on screen: grouped, always two decimals ("1,500.00", "-12.50"). */
export function formatBalanceYuan(fen: number): string {
  return formatYuanWithCents(fen);
}

export function balanceOf(fen: number): Balance {
  return { list: { balance: yuanAmount(fen), balanceFen: fen } };
}

const TAG = "计费";

export const BILLING_ENDPOINTS = {
  getBalance: endpoint({
    method: "GET",
    path: "/personal/v2/getBalance",
    input: z.object({ uid: UidSchema }),
    datas: BalanceSchema,
    session: "user",
    tag: TAG,
    summary: "账户余额：datas.list.balance 为元（两位小数的字符串），datas.list.balanceFen 为同值的整数分；新账号为 0",
  }),
  /** The answer is its code alone (200 or a limits code of AccountLimitCode); `datas` is null. */
  accountStatus: endpoint({
    method: "GET",
    path: "/user/v2/accountStatus",
    input: z.object({ uid: UidSchema, ...AccountStatusQuerySchema.shape }),
    datas: z.null(),
    session: "user",
    tag: TAG,
    summary:
      "账户能否使用某产品（只看 code）：200 可以；309 产品不存在或未开通，305 子账号，304 未实名认证，301 余额不足且未签订线下合同。40001 为信息监测",
  }),
};
