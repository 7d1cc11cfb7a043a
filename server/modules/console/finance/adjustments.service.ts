import { ADJUSTMENT_ACTIONS, ADJUSTMENT_MAX_FEN, type AdjustmentListQuery, type AdjustmentRecord, type NewAdjustmentInput } from "../../../../src/schema/console/finance-adjustments.js";
import { amountFen } from "../../../../src/schema/console/finance.js";
import { formatDateTime } from "../../../../src/schema/format.js";
import type { PageP } from "../../../../src/schema/paging.js";
import type { AdjustmentRecords, AdjustmentRow } from "../../billing/adjustment-records.js";
import type { Billing } from "../../billing/billing.js";
import type { MoneyJournal } from "../../billing/money-journal.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import type { ActingOperator } from "../operators/acting-operator.js";
import type { OperatorRepository } from "../operators/operator.repository.js";
import type { FinanceCustomers } from "./finance-customers.js";

export type BalanceAdjustmentsDependencies = {
  money: Pick<Billing, "adjust">;
  journal: Pick<MoneyJournal, "find" | "balanceOf">;
  records: AdjustmentRecords;
  customers: FinanceCustomers;
  operators: Pick<OperatorRepository, "findById">;
  audit: Pick<AuditTrail, "perform">;
};

/** Thrown inside the audited transaction when the attempt had adjusted already: it rolls back, so no second audit record tells of it. */
class AlreadyAdjusted extends Error {
  constructor(readonly transactionId: number) {
    super("adjustment attempt already posted");
  }
}

/**
 * 余额调整: finance credits or debits a customer's available balance through Billing.adjust,
 * which posts it to the money journal (kind "adjustment": the customer's chargeRecord shows it as
 * 余额调整) and refuses a debit below zero. The journal transaction and the audit record commit
 * together; an attempt id already used answers the first adjustment and records nothing more.
 */
export class BalanceAdjustments {
  constructor(private readonly deps: BalanceAdjustmentsDependencies) {}

  async list(query: AdjustmentListQuery): Promise<PageP<AdjustmentRecord>> {
    const { pageNumber, pageSize, keyword } = query;
    const userIds = keyword ? await this.deps.customers.idsNamed(keyword) : undefined;
    const { rows, total } = await this.deps.records.list(userIds ? { userIds } : {}, { limit: pageSize, offset: (pageNumber - 1) * pageSize });
    return { list: await this.recordsOf(rows), pageNumber, pageSize, totalPage: Math.ceil(total / pageSize), totalRow: total };
  }

  async create(operator: ActingOperator, input: NewAdjustmentInput): Promise<AdjustmentRecord> {
    const customer = await this.deps.customers.requireMain(input.customerAccount);
    // The schema checked the text: this is its exact fen.
    const fen = amountFen(input.amount, { minFen: 1, maxFen: ADJUSTMENT_MAX_FEN })! * (input.direction === "credit" ? 1 : -1);
    const idempotencyKey = `adjustment:${input.attemptId}`;
    let transactionId: number;
    try {
      transactionId = await this.deps.audit.perform(
        { operator, action: ADJUSTMENT_ACTIONS[input.direction], target: { type: "customer", id: String(customer.id), label: customer.account }, reason: input.reason },
        async (trx) => {
          const before = await this.deps.journal.balanceOf(customer.id, trx);
          const adjusted = await this.deps.money.adjust(customer.id, fen, input.reason, operator, { idempotencyKey, trx });
          if (!adjusted.posted) throw new AlreadyAdjusted(adjusted.transactionId);
          return { result: adjusted.transactionId, before: { availableFen: before.availableFen }, after: { availableFen: adjusted.availableFen, adjustedFen: fen } };
        },
      );
    } catch (error) {
      if (!(error instanceof AlreadyAdjusted)) throw error;
      transactionId = error.transactionId;
    }
    const row = (await this.deps.records.find(transactionId))!;
    const [record] = await this.recordsOf([row]);
    return { ...record, balanceFen: (await this.deps.journal.balanceOf(customer.id)).availableFen };
  }

  private async recordsOf(rows: AdjustmentRow[]): Promise<AdjustmentRecord[]> {
    const accounts = await this.deps.customers.accountsOf(rows.map((row) => row.userId));
    const operatorIds = [...new Set(rows.flatMap((row) => (row.operatorId === null ? [] : [row.operatorId])))];
    const operators = new Map(await Promise.all(operatorIds.map(async (id) => [id, (await this.deps.operators.findById(id))?.account ?? `操作员 ${id}`] as const)));
    return rows.map((row) => ({
      id: row.id,
      customerAccount: accounts.get(row.userId) ?? `用户 ${row.userId}`,
      direction: row.fen >= 0 ? "credit" : "debit",
      amountFen: row.fen,
      reason: row.reason,
      operatorAccount: row.operatorId === null ? "" : (operators.get(row.operatorId) ?? ""),
      createTime: formatDateTime(row.createdAt),
    }));
  }
}
