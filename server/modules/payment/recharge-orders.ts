import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { ResultCode } from "../../../src/schema/envelope.js";
import { canTransition, fenToYuanText, type PaymentOrderState } from "../../../src/schema/payment.js";
import {
  MAX_RECHARGE_FEN,
  MIN_RECHARGE_FEN,
  PAYMENT_GATEWAY_FAILED_MESSAGE,
  RECHARGE_AMOUNT_CHOICES_FEN,
  RECHARGE_CHANNEL_LABELS,
  RECHARGE_CHANNEL_UNAVAILABLE_MESSAGE,
  RECHARGE_ORDER_NOT_FOUND_MESSAGE,
  type CreatedRechargeOrder,
  type RechargeChannel,
  type RechargeOptions,
  type RechargeOrder,
} from "../../../src/schema/recharge.js";
import type { Database, PaymentOrdersTable } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { Billing } from "../billing/billing.js";
import type { BillingRepository } from "../billing/billing.repository.js";
import { newMerchantOrderNo } from "./merchant-order-no.js";
import type { IncomingNotification, PaymentProvider, PaymentProviderKey, VerifiedNotification } from "./payment-provider.js";

/** Where each provider posts its notifications: outside /webapi, the provider defines the body. */
export const PAYMENT_NOTIFY_PATH_PREFIX = "/payment/notify/";

/** An unpaid attempt is closed after this long; paying again is a new order. */
export const RECHARGE_ORDER_LIFETIME_MS = 30 * 60_000;

/** What became of one notification (payment_notifications.outcome). */
export type NotificationOutcome =
  | "credited"
  | "alreadyPaid"
  | "failed"
  | "closed"
  | "pending"
  | "amountMismatch"
  | "paidAfterClose"
  | "ignored";

export type RechargeOrdersDependencies = {
  db: Kysely<Database>;
  now: () => number;
  money: Pick<Billing, "recharge">;
  balances: Pick<BillingRepository, "findByUserId">;
  users: Pick<AccountRecords, "findUser">;
  /** The configured providers, in the order the page offers them. */
  providers: ReadonlyMap<PaymentProviderKey, PaymentProvider>;
  publicBaseUrl: string;
  log: FastifyBaseLogger;
};

type OrderRow = Pick<PaymentOrdersTable, "merchant_order_no" | "user_id" | "sub_account_id" | "amount_fen" | "channel" | "provider" | "state" | "created_at" | "paid_at">;

/**
 * Recharge orders: created for a payment provider, moved only along the payment state machine, and
 * credited exactly once. A notification is only a hint: the provider is re-queried, the amount
 * checked, and the order marked paid and the money credited in one transaction whose journal entry
 * is keyed by the merchant order number, so duplicates and races credit nothing more.
 */
export class RechargeOrders {
  constructor(private readonly deps: RechargeOrdersDependencies) {}

  options(): RechargeOptions {
    return {
      channels: [...this.deps.providers.keys()].map((key) => ({ key, label: RECHARGE_CHANNEL_LABELS[key] })),
      amountChoicesFen: [...RECHARGE_AMOUNT_CHOICES_FEN],
      minFen: MIN_RECHARGE_FEN,
      maxFen: MAX_RECHARGE_FEN,
    };
  }

  async create(actingUserId: number, amountFen: number, channel: RechargeChannel, returnPath: string): Promise<CreatedRechargeOrder> {
    const provider = this.deps.providers.get(channel);
    if (!provider) throw new BusinessError(ResultCode.validationFailed, RECHARGE_CHANNEL_UNAVAILABLE_MESSAGE, { errors: { channel: RECHARGE_CHANNEL_UNAVAILABLE_MESSAGE } });
    const { mainId, subAccountId } = await this.spender(actingUserId);
    const merchantOrderNo = newMerchantOrderNo(new Date(this.deps.now()));
    await this.deps.db
      .insertInto("payment_orders")
      .values({
        merchant_order_no: merchantOrderNo,
        user_id: mainId,
        sub_account_id: subAccountId,
        amount_fen: amountFen,
        channel,
        provider: provider.key,
        state: "created",
        created_at: this.deps.now(),
      })
      .execute();
    const base = this.deps.publicBaseUrl;
    try {
      const payment = await provider.createPayment({
        merchantOrderNo,
        amountFen,
        subject: `账户充值 ${fenToYuanText(amountFen)} 元`,
        notifyUrl: `${base}${PAYMENT_NOTIFY_PATH_PREFIX}${provider.key}`,
        returnUrl: `${base}${returnPath}?merchantOrderNo=${merchantOrderNo}`,
      });
      return { merchantOrderNo, payment };
    } catch (error) {
      this.deps.log.error({ err: error, merchantOrderNo }, "payment provider refused to create a payment");
      await this.move(this.deps.db, merchantOrderNo, "created", "failed", { closed_at: this.deps.now() });
      throw new BusinessError(ResultCode.serverError, PAYMENT_GATEWAY_FAILED_MESSAGE);
    }
  }

  /** An order of the acting user's main account (a sub-account sees only those it started). */
  async read(actingUserId: number, merchantOrderNo: string): Promise<RechargeOrder> {
    const { mainId, subAccountId } = await this.spender(actingUserId);
    let order = await this.find(this.deps.db, merchantOrderNo);
    if (!order || order.user_id !== mainId || (subAccountId !== null && order.sub_account_id !== subAccountId)) {
      throw new BusinessError(ResultCode.notFound, RECHARGE_ORDER_NOT_FOUND_MESSAGE);
    }
    if (order.state === "created") {
      // The payer is often back before the provider's notification: ask the provider ourselves.
      const outcome = await this.confirm(order);
      if (outcome !== null && outcome !== "pending") order = (await this.find(this.deps.db, merchantOrderNo)) ?? order;
    }
    return {
      merchantOrderNo,
      amountFen: Number(order.amount_fen),
      channel: order.channel as RechargeChannel,
      state: order.state as PaymentOrderState,
      createdAt: Number(order.created_at),
      paidAt: order.paid_at === null ? null : Number(order.paid_at),
      balanceFen: Number((await this.deps.balances.findByUserId(mainId)).balance_fen),
    };
  }

  /**
   * One delivery at a provider's callback. Answers whether the provider may stop retrying: false for
   * a notification we cannot trust (bad signature, unknown order, provider unreachable on re-query).
   */
  async handleNotification(providerKey: PaymentProviderKey, incoming: IncomingNotification): Promise<boolean> {
    const provider = this.deps.providers.get(providerKey);
    if (!provider) return false;
    const verdict = await provider.verifyNotification(incoming);
    if (!verdict.ok) {
      this.deps.log.warn({ provider: providerKey, reason: verdict.reason }, "payment notification refused");
      return false;
    }
    const notification = verdict.notification;
    const order = await this.find(this.deps.db, notification.merchantOrderNo);
    if (!order || order.provider !== providerKey) {
      this.deps.log.warn({ provider: providerKey, merchantOrderNo: notification.merchantOrderNo }, "payment notification for an unknown order");
      return false;
    }
    const outcome = notification.amountFen !== Number(order.amount_fen) ? this.attention(order, "amountMismatch") : await this.confirm(order);
    if (outcome === null) return false;
    await this.deps.db
      .insertInto("payment_notifications")
      .values({
        provider: providerKey,
        notification_key: notificationKey(notification),
        merchant_order_no: order.merchant_order_no,
        received_at: this.deps.now(),
        outcome,
      })
      .onConflict((conflict) => conflict.columns(["provider", "notification_key"]).doNothing())
      .execute();
    return true;
  }

  /**
   * The provider's own record decides, never a notification: re-queried, its amount compared, then
   * applied under one transaction. Null when the provider could not be asked or does not know the order.
   */
  private async confirm(order: OrderRow): Promise<NotificationOutcome | null> {
    const provider = this.deps.providers.get(order.provider as PaymentProviderKey);
    if (!provider) return null;
    let confirmed;
    try {
      confirmed = await provider.queryPayment(order.merchant_order_no);
    } catch (error) {
      this.deps.log.warn({ err: error, merchantOrderNo: order.merchant_order_no }, "payment re-query failed; asked again at the next notification or read");
      return null;
    }
    if (!confirmed.found) return null;
    if (confirmed.amountFen !== Number(order.amount_fen)) return this.attention(order, "amountMismatch");
    const outcome = await durableTransaction(this.deps.db, (trx) => this.apply(trx, order, confirmed.outcome, confirmed.providerTradeNo));
    return outcome === "paidAfterClose" ? this.attention(order, outcome) : outcome;
  }

  /** Money we did not credit: somebody must look (a refund for a late payment is not automatic yet). */
  private attention(order: OrderRow, outcome: "amountMismatch" | "paidAfterClose"): NotificationOutcome {
    this.deps.log.error({ provider: order.provider, merchantOrderNo: order.merchant_order_no, outcome }, "payment needs attention");
    return outcome;
  }

  /** Closes attempts nobody paid within their lifetime (housekeeping); a notification after that credits nothing. */
  async closeStale(): Promise<number> {
    requireTransition("created", "closed");
    const result = await this.deps.db
      .updateTable("payment_orders")
      .set({ state: "closed", closed_at: this.deps.now() })
      .where("state", "=", "created")
      .where("created_at", "<", this.deps.now() - RECHARGE_ORDER_LIFETIME_MS)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Under the order's transaction: the provider's confirmed outcome moves the order once. */
  private async apply(trx: Transaction<Database>, order: OrderRow, outcome: string, providerTradeNo: string | null): Promise<NotificationOutcome> {
    const merchantOrderNo = order.merchant_order_no;
    const now = this.deps.now();
    if (outcome === "paid") {
      if (await this.move(trx, merchantOrderNo, "created", "paid", { paid_at: now, provider_trade_no: providerTradeNo })) {
        await this.deps.money.recharge(order.user_id, Number(order.amount_fen), `payment:${merchantOrderNo}`, trx);
        return "credited";
      }
      const current = await this.find(trx, merchantOrderNo);
      return current?.state === "created" ? "ignored" : current?.state === "failed" || current?.state === "closed" ? "paidAfterClose" : "alreadyPaid";
    }
    if (outcome === "failed" || outcome === "closed") {
      return (await this.move(trx, merchantOrderNo, "created", outcome, { closed_at: now, provider_trade_no: providerTradeNo })) ? outcome : "ignored";
    }
    return "pending";
  }

  /** A conditional update along the state machine: true when this caller made the move. */
  private async move(
    db: Kysely<Database>,
    merchantOrderNo: string,
    from: PaymentOrderState,
    to: PaymentOrderState,
    set: Partial<Pick<PaymentOrdersTable, "paid_at" | "closed_at" | "provider_trade_no">>,
  ): Promise<boolean> {
    requireTransition(from, to);
    const result = await db
      .updateTable("payment_orders")
      .set({ ...set, state: to })
      .where("merchant_order_no", "=", merchantOrderNo)
      .where("state", "=", from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private find(db: Kysely<Database>, merchantOrderNo: string): Promise<OrderRow | undefined> {
    return db
      .selectFrom("payment_orders")
      .select(["merchant_order_no", "user_id", "sub_account_id", "amount_fen", "channel", "provider", "state", "created_at", "paid_at"])
      .where("merchant_order_no", "=", merchantOrderNo)
      .executeTakeFirst();
  }

  private async spender(actingUserId: number) {
    const user = await this.deps.users.findUser(actingUserId);
    if (!user) throw new BusinessError(ResultCode.notFound, RECHARGE_ORDER_NOT_FOUND_MESSAGE);
    return user.parent_id === null ? { mainId: user.id, subAccountId: null } : { mainId: user.parent_id, subAccountId: user.id };
  }
}

function requireTransition(from: PaymentOrderState, to: PaymentOrderState): void {
  if (!canTransition(from, to)) throw new Error(`payment order cannot move from ${from} to ${to}`);
}

/** The provider's notification id where it sends one, else its trade and outcome (one row per distinct news). */
function notificationKey(notification: VerifiedNotification): string {
  const raw = notification.raw;
  const id = raw.notificationId ?? raw.notify_id ?? raw.id;
  return (typeof id === "string" && id ? id : `${notification.providerTradeNo}:${notification.outcome}`).slice(0, 128);
}
