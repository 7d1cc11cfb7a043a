import { z } from "zod";
import { formatYuanWithCents } from "../money";
import { yuanTextToFen } from "../payment";
import { textRule } from "../string-rule";
import { isRealDateText } from "../time-range";

/**
 * What the console's finance pages (issue 14: prices, offline contracts, balance adjustments)
 * share: the permission and tag of their calls, how an operator names a customer, and money typed
 * as yuan text ("1500" or "88.80") that the server turns into integer fen (DESIGN.md §8) exactly.
 */

export const FINANCE_PERMISSION = "finance.manage";
export const FINANCE_TAG = "运营后台·财务";

export const FINANCE_MESSAGES = {
  customerRequired: "请输入客户账号",
  customerNotFound: "客户账号不存在，请核对后重新输入",
  subAccount: "子账号的费用由其主账号承担：请填写主账号",
  dateFormat: "日期格式应为 YYYY-MM-DD",
  dateInvalid: "日期不存在",
} as const;

/** The customer acted on, as the operator types it: the login account, mobile or e-mail of a main account. */
export const CustomerAccountSchema = textRule({ required: FINANCE_MESSAGES.customerRequired }).max(100, FINANCE_MESSAGES.customerNotFound).meta({ title: "客户账号" });

/**
 * An amount of money in yuan text within [minFen, maxFen]: whole yuan or with one or two decimals,
 * never a float on the wire. The server reads it with `amountFen`.
 */
export function yuanAmountSchema(bounds: { minFen: number; maxFen: number }, message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((text) => amountFen(text, bounds) !== null, message);
}

/** The fen of a yuan text within bounds, else null. */
export function amountFen(text: string, { minFen, maxFen }: { minFen: number; maxFen: number }): number | null {
  const fen = yuanTextToFen(text.trim());
  return fen !== null && fen >= minFen && fen <= maxFen ? fen : null;
}

/** "1,500.00 元": how the finance messages name an amount. */
export const yuanText = (fen: number) => `${formatYuanWithCents(fen)} 元`;

/** A Shanghai calendar date typed as YYYY-MM-DD. */
export function calendarDateSchema(required: string) {
  return textRule({ required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: FINANCE_MESSAGES.dateFormat, abort: true })
    .refine(isRealDateText, FINANCE_MESSAGES.dateInvalid);
}
