import type { AccountRecords } from "../account/account-records.service.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import {
  MAIN_ACCOUNT_LABEL,
  MONEY_RECORD_EXPORT_LIMIT,
  MONEY_RECORD_EXPORT_TOO_MANY,
  MONEY_RECORD_KINDS,
  MONEY_RECORD_SIGN,
  type MoneyRecord,
  type MoneyRecordList,
  type MoneyRecordListQuery,
  type MoneyRecordRangeQuery,
  type MoneyRecordTotals,
} from "../../../src/schema/money-records.js";
import type { PageP } from "../../../src/schema/paging.js";
import { parseShanghaiDateTime } from "../../../src/schema/shanghai-time.js";
import { BusinessError } from "../../http/envelope.js";
import type { MoneyRecordRow, MoneyRecordScope, MoneyRecordsRepository } from "./money-records.repository.js";

const DAY_MS = 24 * 60 * 60 * 1000;

type Users = Pick<AccountRecords, "findUser">;

/** The expense centre's record lists over the journal (spec §2, §5 date ranges, §6 sub-accounts). */
export class MoneyRecordsService {
  /** `exportLimit`: MONEY_RECORD_EXPORT_LIMIT unless a test needs a small one. */
  constructor(private readonly deps: { records: MoneyRecordsRepository; users: Users; exportLimit?: number }) {}

  async list(userId: number, list: MoneyRecordList, query: MoneyRecordListQuery): Promise<{ page: PageP<MoneyRecord>; totals: MoneyRecordTotals }> {
    const scope = await this.scopeOf(userId, list, query);
    const totals = await this.totalsOf(scope, list);
    const rows = await this.deps.records.page(scope, { offset: (query.pageNumber - 1) * query.pageSize, limit: query.pageSize });
    return {
      page: {
        list: await this.recordsOf(rows, list),
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
        totalPage: Math.ceil(totals.totalRow / query.pageSize),
        totalRow: totals.totalRow,
      },
      totals,
    };
  }

  /** Every record of the range, newest first, for the workbook; a range beyond the export limit is refused. */
  async all(userId: number, list: MoneyRecordList, query: MoneyRecordRangeQuery): Promise<{ records: MoneyRecord[]; totals: MoneyRecordTotals }> {
    const scope = await this.scopeOf(userId, list, query);
    const totals = await this.totalsOf(scope, list);
    const limit = this.deps.exportLimit ?? MONEY_RECORD_EXPORT_LIMIT;
    if (totals.totalRow > limit) throw new BusinessError(ResultCode.validationFailed, MONEY_RECORD_EXPORT_TOO_MANY);
    const rows = await this.deps.records.page(scope, { offset: 0, limit });
    return { records: await this.recordsOf(rows, list), totals };
  }

  private async totalsOf(scope: MoneyRecordScope, list: MoneyRecordList): Promise<MoneyRecordTotals> {
    const { count, deltaFen } = await this.deps.records.totals(scope);
    return { totalFen: MONEY_RECORD_SIGN[list] * deltaFen, totalRow: count };
  }

  /** A sub-account spends from its main account and sees only its own movements; a main account sees all of its own. */
  private async scopeOf(userId: number, list: MoneyRecordList, range: MoneyRecordRangeQuery): Promise<MoneyRecordScope> {
    const user = await this.deps.users.findUser(userId);
    if (!user) throw new BusinessError(ResultCode.sessionRevoked);
    const from = range.startTime ? parseShanghaiDateTime(range.startTime) : null;
    const to = range.endTime ? parseShanghaiDateTime(range.endTime) : null;
    return {
      mainId: user.parent_id ?? user.id,
      subAccountId: user.parent_id === null ? null : user.id,
      kinds: MONEY_RECORD_KINDS[list],
      ...(from !== null ? { from } : {}),
      ...(to !== null ? { to: to + DAY_MS - 1 } : {}),
    };
  }

  private async recordsOf(rows: readonly MoneyRecordRow[], list: MoneyRecordList): Promise<MoneyRecord[]> {
    const names = await this.subAccountNames(rows);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      amountFen: MONEY_RECORD_SIGN[list] * row.deltaFen,
      memo: row.memo,
      spender: row.subAccountId === null ? MAIN_ACCOUNT_LABEL : (names.get(row.subAccountId) ?? `子账号 ${row.subAccountId}`),
      createTime: row.createdAt,
    }));
  }

  /** The sub-accounts' login names, from the account module (which owns them). */
  private async subAccountNames(rows: readonly MoneyRecordRow[]): Promise<Map<number, string>> {
    const ids = [...new Set(rows.flatMap((row) => (row.subAccountId === null ? [] : [row.subAccountId])))];
    const users = await Promise.all(ids.map((id) => this.deps.users.findUser(id)));
    return new Map(users.flatMap((user) => (user ? [[user.id, user.login_account ?? user.mobile ?? `子账号 ${user.id}`] as const] : [])));
  }
}
