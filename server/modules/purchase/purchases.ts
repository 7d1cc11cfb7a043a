import type { Kysely } from "kysely";
import { bundleExpiresAt } from "../../../src/schema/bundle.js";
import { ACCOUNT_LIMIT_MESSAGES, AccountLimitCode } from "../../../src/schema/billing.js";
import { BUNDLE_TRANSITIONS } from "../../../src/schema/bundle-lifecycle.js";
import { PURCHASE_MESSAGES, type PurchaseResult } from "../../../src/schema/purchase.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { Billing } from "../billing/billing.js";
import type { MoneyJournal } from "../billing/money-journal.js";
import type { ProductPrices } from "./product-prices.js";

export type PurchaseDependencies = {
  db: Kysely<Database>;
  now: () => number;
  users: Pick<AccountRecords, "findUser">;
  prices: ProductPrices;
  money: Pick<Billing, "purchase">;
  journal: Pick<MoneyJournal, "balanceOf">;
};

export type PurchaseRequest = { productCode: string; quantity: number; attemptId: string };

/** A bundle's first state: usable from purchase (the machine's freeze and expire start there). */
const NEW_BUNDLE_STATE = BUNDLE_TRANSITIONS.freeze.from[0];

/**
 * Buying packages and bundles from the balance (issue 14): the payment (a `purchase` journal
 * transaction) and what it bought are written in one transaction, once per purchase attempt.
 * Package counts accumulate per product; each bundle bought is its own row, usable for 90 days.
 * Nothing is refunded.
 */
export class Purchases {
  constructor(private readonly deps: PurchaseDependencies) {}

  async purchase(userId: number, request: PurchaseRequest): Promise<PurchaseResult> {
    const user = await this.deps.users.findUser(userId);
    if (!user) throw new Error(`purchase: user ${userId} of a live session has no row`);
    // Spec §6, 305: paid products belong to the main account.
    if (user.parent_id !== null) throw new BusinessError(AccountLimitCode.subAccountNotAllowed, ACCOUNT_LIMIT_MESSAGES[AccountLimitCode.subAccountNotAllowed]);
    const idempotencyKey = `purchase:${userId}:${request.attemptId}`;
    return durableTransaction(this.deps.db, async (trx) => {
      const earlier = await this.answerOf(trx, idempotencyKey);
      if (earlier) return earlier;
      const now = this.deps.now();
      const product = await this.deps.prices.find(request.productCode, now, trx);
      if (!product || product.priceFen === null) throw new BusinessError(AccountLimitCode.productUnavailable, PURCHASE_MESSAGES.productUnavailable);
      const totalFen = product.priceFen * request.quantity;
      const { transactionId, posted } = await this.deps.money.purchase(userId, totalFen, idempotencyKey, `购买${product.name} × ${request.quantity}`, trx);
      // The same attempt raced this one and won the account's lock: answer what it bought.
      if (!posted) return (await this.answerOf(trx, idempotencyKey))!;
      const purchase = await trx
        .insertInto("product_purchases")
        .values({
          user_id: userId,
          product_code: product.code,
          quantity: request.quantity,
          unit_price_fen: product.priceFen,
          total_fen: totalFen,
          idempotency_key: idempotencyKey,
          transaction_id: transactionId,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (product.kind === "bundle") {
        const bundle = { user_id: userId, product_code: product.code, snapshot_limit: product.unitCount, purchase_id: purchase.id, state: NEW_BUNDLE_STATE, application_reference: null, purchased_at: now, expires_at: bundleExpiresAt(now), updated_at: now };
        await trx.insertInto("customer_bundles").values(Array.from({ length: request.quantity }, () => bundle)).execute();
      } else {
        const count = product.unitCount * request.quantity;
        await trx
          .insertInto("package_counts")
          .values({ user_id: userId, product_code: product.code, purchased_count: count, remaining_count: count, updated_at: now })
          .onConflict((conflict) =>
            conflict.columns(["user_id", "product_code"]).doUpdateSet((eb) => ({
              purchased_count: eb("package_counts.purchased_count", "+", count),
              remaining_count: eb("package_counts.remaining_count", "+", count),
              updated_at: now,
            })),
          )
          .execute();
      }
      return (await this.answerOf(trx, idempotencyKey))!;
    });
  }

  /** A main account's package counts. */
  packagesOf(mainUserId: number) {
    return this.deps.db
      .selectFrom("package_counts")
      .innerJoin("product_prices", "product_prices.code", "package_counts.product_code")
      .select(["package_counts.product_code as productCode", "product_prices.name", "package_counts.purchased_count as purchasedCount", "package_counts.remaining_count as remainingCount"])
      .where("package_counts.user_id", "=", mainUserId)
      .orderBy("product_prices.sort_order")
      .execute();
  }

  private async answerOf(db: Kysely<Database>, idempotencyKey: string): Promise<PurchaseResult | undefined> {
    const row = await db.selectFrom("product_purchases").selectAll().where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
    if (!row) return undefined;
    const { availableFen } = await this.deps.journal.balanceOf(row.user_id, db);
    return { purchaseId: row.id, productCode: row.product_code, quantity: row.quantity, totalFen: Number(row.total_fen), balanceFen: availableFen };
  }
}
