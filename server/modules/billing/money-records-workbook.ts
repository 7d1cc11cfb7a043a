import ExcelJS from "exceljs";
import { FEN_PER_YUAN } from "../../../src/schema/money.js";
import { MONEY_RECORD_KIND_LABELS, MONEY_RECORD_TITLES, type MoneyRecord, type MoneyRecordList, type MoneyRecordTotals } from "../../../src/schema/money-records.js";
import { formatDateTime } from "../../../src/schema/format.js";

/** Yuan with two decimals, as a spreadsheet shows a number cell. */
const YUAN_FORMAT = "#,##0.00";

/**
 * The records of one list as an .xlsx workbook: one sheet named after the list, a header row,
 * one row per record (amounts as numbers in yuan, so the spreadsheet can sum them) and a totals row.
 */
export async function moneyRecordsWorkbook(list: MoneyRecordList, records: readonly MoneyRecord[], totals: MoneyRecordTotals): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(MONEY_RECORD_TITLES[list]);
  sheet.columns = [
    { header: "流水号", key: "id", width: 12 },
    { header: "类型", key: "kind", width: 12 },
    { header: "金额（元）", key: "amount", width: 16, style: { numFmt: YUAN_FORMAT } },
    { header: "说明", key: "memo", width: 36 },
    { header: "操作账号", key: "spender", width: 20 },
    { header: "时间", key: "time", width: 22 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const record of records) {
    sheet.addRow({
      id: record.id,
      kind: MONEY_RECORD_KIND_LABELS[record.kind],
      amount: record.amountFen / FEN_PER_YUAN,
      memo: record.memo,
      spender: record.spender,
      time: formatDateTime(record.createTime),
    });
  }
  const total = sheet.addRow({ id: "合计", kind: `${totals.totalRow} 条`, amount: totals.totalFen / FEN_PER_YUAN });
  total.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
