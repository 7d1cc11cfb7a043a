import { z } from "zod";
import { endpoint } from "./contract";
import { pagePSchema, PageQuerySchema } from "./paging";
import { optionalText } from "./string-rule";
import { checkTimeRange } from "./time-range";

/**
 * The expense centre's records (issue 14, spec §2 chargeRecord / purchaseRecord / expenseRecord):
 * views of the money journal. Each record is one journal transaction of the customer's main
 * account; its amount is what the movement did to the customer's money, in integer fen, signed so
 * that the page's usual movement is positive (a recharge adds, a purchase or a charge spends).
 * A sub-account sees only the movements it made itself (spec §6); its main account sees all.
 */

/** The three record lists, and the journal kinds each shows. */
export const MONEY_RECORD_KINDS = {
  // The balance carried over when the journal started is shown with the recharges, so every fen is explained.
  charge: ["recharge", "adjustment", "opening"],
  purchase: ["purchase"],
  expense: ["charge", "refund"],
} as const;
export type MoneyRecordList = keyof typeof MONEY_RECORD_KINDS;
export type MoneyRecordKind = (typeof MONEY_RECORD_KINDS)[MoneyRecordList][number];

/** +1: the customer's money grows with the shown amount (a recharge); −1: it shrinks (a purchase, a charge). */
export const MONEY_RECORD_SIGN: Readonly<Record<MoneyRecordList, 1 | -1>> = { charge: 1, purchase: -1, expense: -1 };

export const MONEY_RECORD_KIND_LABELS: Readonly<Record<MoneyRecordKind, string>> = {
  recharge: "在线充值",
  adjustment: "余额调整",
  opening: "期初余额",
  purchase: "购买套餐",
  charge: "服务消费",
  refund: "消费退款",
};

export const MONEY_RECORD_TITLES: Readonly<Record<MoneyRecordList, string>> = { charge: "充值记录", purchase: "购买记录", expense: "消费记录" };

const RECORD_KIND_VALUES = Object.keys(MONEY_RECORD_KIND_LABELS) as [MoneyRecordKind, ...MoneyRecordKind[]];

/** What the spender column says for the main account's own movements. */
export const MAIN_ACCOUNT_LABEL = "主账号";

export const MoneyRecordSchema = z.object({
  id: z.number().int().meta({ title: "流水号", mono: true }),
  kind: z.enum(RECORD_KIND_VALUES).meta({ title: "类型", labels: MONEY_RECORD_KIND_LABELS }),
  amountFen: z.number().int().meta({ title: "金额", format: "money" }),
  memo: z.string().meta({ title: "说明" }),
  spender: z.string().meta({ title: "操作账号" }),
  createTime: z.number().int().meta({ title: "时间", format: "datetime" }),
});
export type MoneyRecord = z.infer<typeof MoneyRecordSchema>;

/** The list's totals over the whole filtered range (not only the page shown). */
export const MoneyRecordTotalsSchema = z.object({
  totalFen: z.number().int().describe("筛选范围内的金额合计（分）"),
  totalRow: z.number().int().describe("筛选范围内的记录条数"),
});
export type MoneyRecordTotals = z.infer<typeof MoneyRecordTotalsSchema>;

const DATE_RULE = "日期格式应为 YYYY-MM-DD";

/** The date-range filter of spec §5: Shanghai calendar days, inclusive at both ends, both or neither. */
const RecordRangeSchema = z.object({
  startTime: optionalText(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DATE_RULE)).meta({ title: "时间" }),
  endTime: optionalText(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DATE_RULE)),
});

function withRangeRule<T extends z.ZodObject<typeof RecordRangeSchema.shape & z.ZodRawShape>>(schema: T) {
  return schema.superRefine(({ startTime, endTime }, ctx) => {
    const problem = checkTimeRange(startTime as string | undefined, endTime as string | undefined);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field === "start" ? "startTime" : "endTime"], message: problem.message });
  });
}

/** The export's filters: the list's, without paging. */
export const MoneyRecordRangeQuerySchema = withRangeRule(RecordRangeSchema);
export type MoneyRecordRangeQuery = z.infer<typeof MoneyRecordRangeQuerySchema>;

export const MoneyRecordListQuerySchema = withRangeRule(RecordRangeSchema.extend(PageQuerySchema.shape));
export type MoneyRecordListQuery = z.infer<typeof MoneyRecordListQuerySchema>;

/** The list filter bar's fields (describeFilters). */
export const MONEY_RECORD_FILTERS = [["startTime", "endTime"]] as const;

/** The exported workbook's media type. */
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The exported workbook's sheet name and file name stem. */
export const moneyRecordFileName = (list: MoneyRecordList, today: string) => `${MONEY_RECORD_TITLES[list]}-${today}.xlsx`;

/** One export holds at most this many records, so a workbook stays a size a spreadsheet opens. */
export const MONEY_RECORD_EXPORT_LIMIT = 10_000;
export const MONEY_RECORD_EXPORT_TOO_MANY = `导出的记录超过${MONEY_RECORD_EXPORT_LIMIT}条，请缩小时间范围后分次导出`;

export const MONEY_RECORD_EXPORT_MESSAGE = "记录已导出，请在浏览器的下载列表中查看文件";

const TAG = "计费";
const RANGE_NOTE = "可按 startTime/endTime（YYYY-MM-DD，上海时间，含首尾两日）筛选；子账号只看到本人的记录";

function recordEndpoints<L extends MoneyRecordList>(list: L, listPath: string, exportPath: string) {
  const title = MONEY_RECORD_TITLES[list];
  return {
    list: endpoint({
      method: "GET",
      path: listPath,
      input: MoneyRecordListQuerySchema,
      datas: pagePSchema(MoneyRecordSchema),
      extraData: MoneyRecordTotalsSchema,
      session: "user",
      tag: TAG,
      summary: `${title}（分页 pageP，金额为整数分）；extraData 为筛选范围内的合计。${RANGE_NOTE}`,
    }),
    /** A link, not a call: the records of the range as an .xlsx workbook. */
    export: endpoint({
      method: "GET",
      path: exportPath,
      input: MoneyRecordRangeQuerySchema,
      datas: z.null(),
      file: true,
      session: "user",
      tag: TAG,
      summary: `导出${title}为 Excel 工作簿（.xlsx），筛选条件同列表`,
    }),
  };
}

export const MONEY_RECORD_ENDPOINTS = {
  charge: recordEndpoints("charge", "/personal/v2/getChargeRecordList", "/personal/v2/exportChargeRecord"),
  purchase: recordEndpoints("purchase", "/personal/v2/getPurchaseRecordList", "/personal/v2/exportPurchaseRecord"),
  expense: recordEndpoints("expense", "/personal/v2/getExpenseRecordList", "/personal/v2/exportExpenseRecord"),
} as const;
