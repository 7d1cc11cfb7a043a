import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { checkBundleUse, type BundleEvidence, type BundleSize, type BundleStatus } from "../../../src/schema/bundle.js";
import { BUNDLE_TRANSITIONS, BundleStateError, bundleTransition, type BundleAction } from "../../../src/schema/bundle-lifecycle.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { OwnedBundle } from "../../../src/schema/purchase.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { Notifier } from "../notifier/notifier.js";
import { notifyAccount } from "../notifier/notify-account.js";

export type BundleDependencies = {
  db: Kysely<Database>;
  now: () => number;
  users: Pick<AccountRecords, "findUser">;
  notifier: Notifier;
  log: FastifyBaseLogger;
};

/** A bundle that does not exist, or belongs to another account, or is held by another application. */
export class BundleNotFoundError extends Error {
  constructor(bundleId: number) {
    super(`bundle ${bundleId} is not one this caller may use`);
    this.name = "BundleNotFoundError";
  }
}

const EXPIRABLE = BUNDLE_TRANSITIONS.expire.from as readonly BundleStatus[];

/**
 * The notarisation bundles' lifecycle (src/schema/bundle-lifecycle.ts) applied to the rows: the
 * calls a notarisation application makes (freeze when it is submitted with a bundle, unfreeze on
 * rejection or cancellation before review, consume on approval) and expiry after 90 days, by
 * housekeeping and on every read so a list never shows an expired bundle as usable.
 */
export class Bundles {
  constructor(private readonly deps: BundleDependencies) {}

  /**
   * Holds an active bundle of `mainUserId` for the application `applicationReference`, after the
   * use rule of spec §5 (snapshots only, within the bundle's count, one page each) accepted the
   * chosen evidences (refused with its message, 1001).
   */
  async freeze(bundleId: number, mainUserId: number, applicationReference: string, evidences: readonly BundleEvidence[], trx?: Transaction<Database>): Promise<void> {
    await this.within(trx, async (trx) => {
      const row = await this.row(trx, bundleId);
      if (!row || row.user_id !== mainUserId) throw new BundleNotFoundError(bundleId);
      // The snapshot limit is what checkBundleUse counts against; the price table's bundles carry theirs.
      const refusal = checkBundleUse(row.snapshot_limit as BundleSize, evidences);
      if (refusal) throw new BusinessError(ResultCode.validationFailed, refusal, { errors: { evidences: refusal } });
      // Past its 90 days it is expired even before housekeeping writes so.
      if (row.state === "active" && row.expires_at <= this.deps.now()) throw new BundleStateError("expired", "freeze");
      await this.move(trx, bundleId, row.state as BundleStatus, "freeze", applicationReference);
    });
  }

  /** The application holding the bundle was rejected, or cancelled before review: the bundle is usable again. */
  async unfreeze(bundleId: number, applicationReference: string, trx?: Transaction<Database>): Promise<void> {
    await this.within(trx, (trx) => this.moveHeld(trx, bundleId, applicationReference, "unfreeze", null));
  }

  /** The application holding the bundle was approved: the bundle is used up, and the holder is told so. */
  async consume(bundleId: number, applicationReference: string): Promise<void> {
    const sendNotice = await durableTransaction(this.deps.db, (trx) => this.consumeWithin(trx, bundleId, applicationReference));
    await sendNotice();
  }

  /**
   * consume() inside the caller's transaction. The notice must not go before that transaction
   * commits (and on SQLite's one connection the holder's row cannot be read beside it), so this
   * answers the sending of it, for the caller to run once committed.
   */
  async consumeWithin(trx: Transaction<Database>, bundleId: number, applicationReference: string): Promise<() => Promise<void>> {
    const userId = await this.moveHeld(trx, bundleId, applicationReference, "consume", applicationReference);
    return () => this.noticeConsumed(userId, bundleId);
  }

  /** Housekeeping: every active bundle past its 90 days becomes expired. Answers how many. */
  async expireDue(mainUserId?: number): Promise<number> {
    let query = this.deps.db
      .updateTable("customer_bundles")
      .set({ state: BUNDLE_TRANSITIONS.expire.to, updated_at: this.deps.now() })
      .where("state", "in", EXPIRABLE)
      .where("expires_at", "<=", this.deps.now());
    if (mainUserId !== undefined) query = query.where("user_id", "=", mainUserId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A main account's bundles, newest first, with expiry applied first. */
  async owned(mainUserId: number): Promise<OwnedBundle[]> {
    await this.expireDue(mainUserId);
    const rows = await this.deps.db
      .selectFrom("customer_bundles")
      .innerJoin("product_prices", "product_prices.code", "customer_bundles.product_code")
      .select([
        "customer_bundles.id",
        "customer_bundles.product_code",
        "product_prices.name",
        "customer_bundles.snapshot_limit",
        "customer_bundles.state",
        "customer_bundles.purchased_at",
        "customer_bundles.expires_at",
      ])
      .where("customer_bundles.user_id", "=", mainUserId)
      .orderBy("customer_bundles.id", "desc")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      productCode: row.product_code,
      name: row.name,
      snapshotLimit: row.snapshot_limit,
      status: row.state as BundleStatus,
      purchasedAt: Number(row.purchased_at),
      expiresAt: Number(row.expires_at),
    }));
  }

  private row(db: Kysely<Database>, bundleId: number) {
    return db.selectFrom("customer_bundles").selectAll().where("id", "=", bundleId).executeTakeFirst();
  }

  /** Unfreeze or consume: only the application that froze the bundle may. Answers the bundle's owner. */
  private async moveHeld(trx: Transaction<Database>, bundleId: number, applicationReference: string, action: "unfreeze" | "consume", reference: string | null): Promise<number> {
    const row = await this.row(trx, bundleId);
    if (!row) throw new BundleNotFoundError(bundleId);
    const state = row.state as BundleStatus;
    if (state === "frozen" && row.application_reference !== applicationReference) throw new BundleNotFoundError(bundleId);
    await this.move(trx, bundleId, state, action, reference);
    return row.user_id;
  }

  /** One edge of the machine, written only if the row is still in the state it was read in. */
  private async move(trx: Transaction<Database>, bundleId: number, from: BundleStatus, action: BundleAction, applicationReference: string | null): Promise<void> {
    const to = bundleTransition(from, action);
    const result = await trx
      .updateTable("customer_bundles")
      .set({ state: to, application_reference: applicationReference, updated_at: this.deps.now() })
      .where("id", "=", bundleId)
      .where("state", "=", from)
      .executeTakeFirst();
    // Another caller moved it between the read and this write: this edge no longer applies.
    if (Number(result.numUpdatedRows) !== 1) throw new BundleStateError(from, action);
  }

  /** By SMS to the account's mobile, else by e-mail; a notice that cannot be sent is logged, the consumption stands. */
  private async noticeConsumed(userId: number, bundleId: number): Promise<void> {
    const text = `您的公证套餐（编号${bundleId}）已用于公证申请并审核通过，套餐已使用。`;
    await notifyAccount(this.deps.notifier, await this.deps.users.findUser(userId), { subject: "公证套餐使用通知", text }, (error) =>
      this.deps.log.warn({ userId, bundleId, error: error instanceof Error ? error.message : String(error) }, "公证套餐使用通知发送失败"),
    );
  }

  private within<T>(trx: Transaction<Database> | undefined, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return trx ? work(trx) : durableTransaction(this.deps.db, work);
  }
}
