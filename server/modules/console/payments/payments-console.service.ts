import {
  PAYMENT_CONSOLE_MESSAGES,
  type PaymentOrderListQuery,
  type PaymentOrderRecord,
  type PaymentRefundListQuery,
  type PaymentRefundRecord,
} from "../../../../src/schema/console/payments.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import type { PageP } from "../../../../src/schema/paging.js";
import type { PaymentOrderState } from "../../../../src/schema/payment.js";
import type { PaymentRefundReason, PaymentRefundState } from "../../../../src/schema/payment-refund.js";
import type { RechargeChannel } from "../../../../src/schema/recharge.js";
import { filterDayRange } from "../../../../src/schema/time-range.js";
import { BusinessError } from "../../../http/envelope.js";
import type { AccountRecords } from "../../account/account-records.service.js";
import type { OrderListRow, PaymentRecordsRepository, RefundListRow } from "../../payment/payment-records.repository.js";
import type { PaymentRefunds } from "../../payment/payment-refunds.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import { loginAccountOf } from "../customers/customer-view.js";
import type { ActingOperator } from "../operators/acting-operator.js";

export type PaymentsConsoleDependencies = {
  records: PaymentRecordsRepository;
  refunds: Pick<PaymentRefunds, "claimRetry" | "send">;
  accounts: Pick<AccountRecords, "findUser">;
  audit: Pick<AuditTrail, "perform">;
};

/**
 * The console's finance pages (issue 14): payment attempts and refunds read through the payment
 * module, and finance's 重试 of a failed refund. The retry is claimed under the audit's transaction
 * (so the decision and its record stand together); the provider is asked after the commit, never
 * inside a transaction.
 */
export class PaymentsConsoleService {
  constructor(private readonly deps: PaymentsConsoleDependencies) {}

  async orders(query: PaymentOrderListQuery): Promise<PageP<PaymentOrderRecord>> {
    const { pageNumber, pageSize } = query;
    const { rows, total } = await this.deps.records.orders(filterOf(query), { offset: (pageNumber - 1) * pageSize, limit: pageSize });
    const accounts = await this.accountsOf(rows.map((row) => row.user_id));
    return paged(rows.map((row) => toOrderRecord(row, accounts)), query, total);
  }

  async refunds(query: PaymentRefundListQuery): Promise<PageP<PaymentRefundRecord>> {
    const { pageNumber, pageSize } = query;
    const { rows, total } = await this.deps.records.refunds(filterOf(query), { offset: (pageNumber - 1) * pageSize, limit: pageSize });
    const accounts = await this.accountsOf(rows.map((row) => row.user_id));
    return paged(rows.map((row) => toRefundRecord(row, accounts)), query, total);
  }

  async retryRefund(operator: ActingOperator, id: number): Promise<PaymentRefundRecord> {
    const before = await this.deps.records.refund(id);
    if (!before) throw new BusinessError(ResultCode.notFound, PAYMENT_CONSOLE_MESSAGES.refundNotFound);
    const target = { type: "paymentRefund", id: String(id), label: before.merchant_order_no };
    const claimed = await this.deps.audit.perform({ operator, action: "paymentRefund.retry", target }, async (trx) => {
      const refund = await this.deps.refunds.claimRetry(id, trx);
      if (!refund) throw new BusinessError(ResultCode.validationFailed, PAYMENT_CONSOLE_MESSAGES.refundNotFailed);
      return {
        result: refund,
        before: { state: before.state, refundNo: before.refund_no, attempts: before.attempts },
        after: { state: refund.state, refundNo: refund.refund_no, attempts: refund.attempts },
      };
    });
    await this.deps.refunds.send(claimed);
    const after = await this.deps.records.refund(id);
    return toRefundRecord(after!, await this.accountsOf([after!.user_id]));
  }

  /** The customers' login accounts by id: one lookup per account on the page. */
  private async accountsOf(userIds: number[]): Promise<Map<number, string>> {
    const ids = [...new Set(userIds)];
    const users = await Promise.all(ids.map((id) => this.deps.accounts.findUser(id)));
    return new Map(ids.map((id, index) => [id, users[index] ? loginAccountOf(users[index]) : `用户 ${id}`]));
  }
}

function filterOf(query: PaymentOrderListQuery | PaymentRefundListQuery) {
  return { merchantOrderNo: query.merchantOrderNo, state: query.state, ...filterDayRange(query.startTime, query.endTime) };
}

function paged<T>(list: T[], query: { pageNumber: number; pageSize: number }, total: number): PageP<T> {
  return { list, pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
}

const timeOrNull = (value: number | null) => (value === null ? null : Number(value));

function toOrderRecord(row: OrderListRow, accounts: Map<number, string>): PaymentOrderRecord {
  return {
    merchantOrderNo: row.merchant_order_no,
    userId: row.user_id,
    customerAccount: accounts.get(row.user_id) ?? "",
    channel: row.channel as RechargeChannel,
    amountFen: Number(row.amount_fen),
    state: row.state as PaymentOrderState,
    providerTradeNo: row.provider_trade_no,
    createTime: Number(row.created_at),
    paidTime: timeOrNull(row.paid_at),
    closedTime: timeOrNull(row.closed_at),
  };
}

function toRefundRecord(row: RefundListRow, accounts: Map<number, string>): PaymentRefundRecord {
  return {
    id: row.id,
    refundNo: row.refund_no,
    merchantOrderNo: row.merchant_order_no,
    userId: row.user_id,
    customerAccount: accounts.get(row.user_id) ?? "",
    channel: row.channel as RechargeChannel,
    amountFen: Number(row.amount_fen),
    reason: row.reason as PaymentRefundReason,
    state: row.state as PaymentRefundState,
    attempts: row.attempts,
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
    refundedTime: timeOrNull(row.refunded_at),
  };
}
