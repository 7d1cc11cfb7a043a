import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { ResultCode } from "../../../src/schema/envelope.js";
import { fenToYuanText, PAYMENT_ORDER_MACHINE, type PaymentOrderState } from "../../../src/schema/payment.js";
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
import type { IncomingNotification, PaymentProvider, PaymentProviderKey, PaymentQueryResult, VerifiedNotification } from "./payment-provider.js";
import type { PaymentRefunds } from "./payment-refunds.js";

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
  /** Where money taken and not credited goes back. */
  refunds: Pick<PaymentRefunds, "refundUncredited">;
  /** The configured providers, in the order the page offers them. */
  providers: ReadonlyMap<PaymentProviderKey, PaymentProvider>;
  publicBaseUrl: string;
  log: FastifyBaseLogger;
};

/** Stale attempts looked at per housekeeping round (each one asks its provider). */
const STALE_BATCH = 100;

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
    // The provider's own record decides, whatever amount the notification names.
    const outcome = await this.confirm(order);
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
    const confirmed = await this.query(order);
    return confirmed?.found ? this.settle(order, confirmed) : null;
  }

  /** The provider's record of the attempt; null when it could not be asked. */
  private async query(order: OrderRow): Promise<PaymentQueryResult | null> {
    const provider = this.deps.providers.get(order.provider as PaymentProviderKey);
    if (!provider) return null;
    try {
      return await provider.queryPayment(order.merchant_order_no);
    } catch (error) {
      this.deps.log.warn({ err: error, merchantOrderNo: order.merchant_order_no }, "payment re-query failed; asked again at the next notification, read or housekeeping");
      return null;
    }
  }

  /**
   * Applies what the provider confirmed. Money taken that no balance may receive (another amount
   * than the order's, or paid after we closed the attempt) goes back to the payer.
   */
  private async settle(order: OrderRow, confirmed: Extract<PaymentQueryResult, { found: true }>): Promise<NotificationOutcome> {
    if (confirmed.amountFen !== Number(order.amount_fen)) {
      this.deps.log.error({ provider: order.provider, merchantOrderNo: order.merchant_order_no, amountFen: confirmed.amountFen }, "payment amount differs from the order's");
      if (confirmed.outcome === "paid") await this.refund(order, confirmed.amountFen, "amountMismatch");
      return "amountMismatch";
    }
    const outcome = await durableTransaction(this.deps.db, (trx) => this.apply(trx, order, confirmed.outcome, confirmed.providerTradeNo));
    if (outcome === "paidAfterClose") await this.refund(order, confirmed.amountFen, "paidAfterClose");
    return outcome;
  }

  private refund(order: OrderRow, receivedFen: number, reason: "amountMismatch" | "paidAfterClose"): Promise<void> {
    return this.deps.refunds.refundUncredited({ merchantOrderNo: order.merchant_order_no, provider: order.provider as PaymentProviderKey }, receivedFen, reason);
  }

  /**
   * Closes attempts nobody paid within their lifetime (housekeeping), at the provider first so it
   * cannot be paid afterwards. The provider is asked before anything: a paid attempt is credited
   * as a notification would credit it. An attempt whose provider cannot be reached stays open for
   * the next round, so no payment is lost. Returns how many attempts were closed or settled.
   */
  async closeStale(): Promise<number> {
    PAYMENT_ORDER_MACHINE.next("created", "closed");
    const stale = await this.deps.db
      .selectFrom("payment_orders")
      .select(["merchant_order_no", "user_id", "sub_account_id", "amount_fen", "channel", "provider", "state", "created_at", "paid_at"])
      .where("state", "=", "created")
      .where("created_at", "<", this.deps.now() - RECHARGE_ORDER_LIFETIME_MS)
      .orderBy("created_at")
      .limit(STALE_BATCH)
      .execute();
    let settled = 0;
    for (const order of stale) if (await this.closeOne(order)) settled += 1;
    return settled;
  }

  private async closeOne(order: OrderRow): Promise<boolean> {
    const merchantOrderNo = order.merchant_order_no;
    const confirmed = await this.query(order);
    if (confirmed === null) return false;
    if (confirmed.found && confirmed.outcome !== "pending") {
      const outcome = await this.settle(order, confirmed);
      // Another amount was refunded above; the attempt itself ends here.
      if (outcome === "amountMismatch") await this.move(this.deps.db, merchantOrderNo, "created", "closed", { closed_at: this.deps.now() });
      return true;
    }
    try {
      await this.deps.providers.get(order.provider as PaymentProviderKey)!.closePayment(merchantOrderNo);
    } catch (error) {
      this.deps.log.warn({ err: error, merchantOrderNo }, "closing a stale payment at the provider failed; asked again at the next housekeeping");
      return false;
    }
    return this.move(this.deps.db, merchantOrderNo, "created", "closed", { closed_at: this.deps.now() });
  }

  /**
   * Closes one attempt here only, without telling its provider: what the development cashier's
   * "关单后支付" plays, the race in which a payment arrives after our close.
   */
  async closeHereOnly(merchantOrderNo: string): Promise<boolean> {
    return this.move(this.deps.db, merchantOrderNo, "created", "closed", { closed_at: this.deps.now() });
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
    PAYMENT_ORDER_MACHINE.next(from, to);
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

/** The provider's notification id where it sends one, else its trade and outcome (one row per distinct news). */
function notificationKey(notification: VerifiedNotification): string {
  const raw = notification.raw;
  const id = raw.notificationId ?? raw.notify_id ?? raw.id;
  return (typeof id === "string" && id ? id : `${notification.providerTradeNo}:${notification.outcome}`).slice(0, 128);
}
