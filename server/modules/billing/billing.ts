import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { AccountLimitCode, INSUFFICIENT_BALANCE_MESSAGE } from "../../../src/schema/billing.js";
import { ADJUSTMENT_MESSAGES } from "../../../src/schema/console/finance-adjustments.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import { PLATFORM_ACCOUNTS, customerAccount } from "./ledger-accounts.js";
import type { MoneyJournal, PostedTransaction } from "./money-journal.js";
import type { OfflineContracts } from "./offline-contracts.js";
import { ReservationExpiredError, ReservationStateError, reservationTransition, type ReservationAction, type ReservationState } from "./reservation-states.js";

export type BillingOperationsDependencies = {
  db: Kysely<Database>;
  journal: MoneyJournal;
  /** Resolves a sub-account to the main account whose money it spends. */
  users: Pick<AccountRecords, "findUser">;
  /** The credit of the contract in force decides how low a charge may take the balance. */
  contracts: Pick<OfflineContracts, "floorFen">;
  now: () => number;
};

/** An adjustment's outcome: `posted` false when its key had adjusted already (nothing moved again). */
export type Adjustment = PostedTransaction & { availableFen: number };

export type ReservationRequest = {
  /** The paid service ("capture", "monitoring", "notarisation"). */
  service: string;
  /** The service's own id for this use; reserving the same service and reference again answers the first reservation. */
  reference: string;
  /** When housekeeping hands the money back if the service never settles or releases it. */
  expiresAt: number;
};

/** Reservations expired per housekeeping pass, so one pass stays short. */
const EXPIRY_BATCH = 500;

type Spender = { mainId: number; subAccountId: number | null };

/**
 * Every way money moves for the rest of the product (issue 14). Each operation runs in one durable
 * database transaction that first takes the customer's account row (an upsert: a row lock on
 * PostgreSQL, the write lock on SQLite, so it behaves as BEGIN IMMEDIATE), re-reads the balance
 * under that lock, and only then posts: concurrent charges queue on the row and a balance never
 * drops below its floor. Pass `trx` to join a caller's transaction (an operator's audited change).
 */
export class Billing {
  constructor(private readonly deps: BillingOperationsDependencies) {}

  /** Money received for `userId` through a payment provider; idempotent per key (one key per confirmed payment). */
  async recharge(userId: number, fen: number, idempotencyKey: string, trx?: Transaction<Database>): Promise<PostedTransaction> {
    requirePositiveFen(fen);
    const spender = await this.spenderOf(userId, trx);
    return this.within(trx, async (trx) => {
      await this.lockAccount(trx, spender.mainId);
      return this.deps.journal.post(trx, {
        kind: "recharge",
        idempotencyKey,
        postings: [
          { account: PLATFORM_ACCOUNTS.cashIn, amountFen: -fen },
          { account: customerAccount(spender.mainId, "available"), amountFen: fen },
        ],
        memo: "在线充值",
        actor: { userId: spender.mainId },
      });
    });
  }

  /**
   * Pays `fen` of a main account's available balance to revenue for something bought (a package,
   * a notarisation bundle), inside the caller's transaction so what was bought is recorded with
   * the payment. Refused (301) when the available balance does not cover it; an offline contract's
   * credit is for services, not purchases. A key already posted answers its first transaction
   * without looking at the balance again, so a repeated attempt is never charged twice.
   */
  async purchase(mainUserId: number, fen: number, idempotencyKey: string, memo: string, trx: Transaction<Database>): Promise<PostedTransaction> {
    requirePositiveFen(fen);
    const account = await this.lockAccount(trx, mainUserId);
    const earlier = await this.deps.journal.find(trx, idempotencyKey);
    if (earlier !== undefined) return { transactionId: earlier, posted: false };
    if (Number(account.balance_fen) < fen) throw new BusinessError(AccountLimitCode.balanceInsufficient, INSUFFICIENT_BALANCE_MESSAGE);
    return this.deps.journal.post(trx, {
      kind: "purchase",
      idempotencyKey,
      postings: [
        { account: customerAccount(mainUserId, "available"), amountFen: -fen },
        { account: PLATFORM_ACCOUNTS.revenue, amountFen: fen },
      ],
      memo,
      actor: { userId: mainUserId },
    });
  }

  /**
   * Holds `fen` of the acting user's main account for a service and answers the reservation id.
   * Refused (301) when the available balance would fall below zero, or below minus the credit of
   * the offline contract in force today (offline-contracts.ts says why it is read here).
   */
  async reserve(actingUserId: number, fen: number, request: ReservationRequest, trx?: Transaction<Database>): Promise<number> {
    requirePositiveFen(fen);
    // The columns' widths (migration 0019); a service names itself and its use in a few characters.
    if (!/^[a-z][a-z-]{0,31}$/.test(request.service) || request.reference.length === 0 || request.reference.length > 128) {
      throw new RangeError(`reservation needs a service name and a reference of 1 to 128 characters: ${request.service}/${request.reference}`);
    }
    const spender = await this.spenderOf(actingUserId, trx);
    return this.within(trx, async (trx) => {
      const account = await this.lockAccount(trx, spender.mainId);
      const earlier = await trx
        .selectFrom("money_reservations")
        .select(["id", "user_id", "amount_fen"])
        .where("service", "=", request.service)
        .where("reference", "=", request.reference)
        .executeTakeFirst();
      if (earlier) {
        if (earlier.user_id !== spender.mainId || Number(earlier.amount_fen) !== fen) {
          throw new Error(`reservation ${request.service}/${request.reference} exists for another account or amount`);
        }
        return earlier.id;
      }
      const floor = await this.deps.contracts.floorFen(spender.mainId, trx);
      if (Number(account.balance_fen) - fen < floor) throw new BusinessError(AccountLimitCode.balanceInsufficient, INSUFFICIENT_BALANCE_MESSAGE);
      const { transactionId } = await this.deps.journal.post(trx, {
        kind: "reserve",
        idempotencyKey: `reserve:${request.service}:${request.reference}`,
        postings: [
          { account: customerAccount(spender.mainId, "available"), amountFen: -fen },
          { account: customerAccount(spender.mainId, "reserved"), amountFen: fen },
        ],
        memo: `${request.service} ${request.reference}`,
        actor: { userId: spender.mainId, subAccountId: spender.subAccountId },
      });
      const reservation = await trx
        .insertInto("money_reservations")
        .values({
          user_id: spender.mainId,
          sub_account_id: spender.subAccountId,
          amount_fen: fen,
          service: request.service,
          reference: request.reference,
          state: "reserved",
          expires_at: request.expiresAt,
          created_at: this.deps.now(),
          reserve_transaction_id: transactionId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return reservation.id;
    });
  }

  /** The service happened: the reserved money becomes revenue. A reservation past its expiry can no longer be settled. */
  settle(reservationId: number, trx?: Transaction<Database>): Promise<void> {
    return this.close(reservationId, "settle", trx);
  }

  /** The service did not happen (a failed capture): the money goes back to the available balance. */
  release(reservationId: number, trx?: Transaction<Database>): Promise<void> {
    return this.close(reservationId, "release", trx);
  }

  /**
   * Housekeeping: reservations nobody settled or released by their expiry (the service crashed
   * between the two calls) go back to the available balance, never to revenue. Answers how many.
   */
  async expireStale(): Promise<number> {
    const stale = await this.deps.db
      .selectFrom("money_reservations")
      .select("id")
      .where("state", "=", "reserved")
      .where("expires_at", "<=", this.deps.now())
      .orderBy("expires_at")
      .limit(EXPIRY_BATCH)
      .execute();
    let expired = 0;
    for (const { id } of stale) {
      // A service may settle or release it in the meantime; that one wins and this is skipped.
      try {
        await this.close(id, "expire");
        expired += 1;
      } catch (error) {
        if (!(error instanceof ReservationStateError)) throw error;
      }
    }
    return expired;
  }

  /**
   * An operator's correction of a main account's available balance (positive credits, negative
   * debits) with its reason. A debit never takes the available balance below zero (refused, and
   * nothing moves): a debt is what a contract's credit allows, not an operator's decision. One
   * `idempotencyKey` adjusts once; repeating it with another customer or amount is refused.
   */
  async adjust(userId: number, fen: number, reason: string, operator: { id: number }, options: { idempotencyKey?: string; trx?: Transaction<Database> } = {}): Promise<Adjustment> {
    if (!Number.isSafeInteger(fen) || fen === 0) throw new RangeError(`调整金额必须是非零的整数分：${fen}`);
    if (reason.trim() === "") throw new RangeError("调整余额须写明原因");
    const spender = await this.spenderOf(userId, options.trx);
    const idempotencyKey = options.idempotencyKey ?? `adjustment:${randomUUID()}`;
    return this.within(options.trx, async (trx) => {
      const account = await this.lockAccount(trx, spender.mainId);
      const balance = Number(account.balance_fen);
      const earlier = await this.deps.journal.find(trx, idempotencyKey);
      if (earlier !== undefined) {
        const move = await this.deps.journal.availableMoveOf(trx, earlier);
        if (move.userId !== spender.mainId || move.fen !== fen) throw new BusinessError(ResultCode.validationFailed, ADJUSTMENT_MESSAGES.attemptReused);
        return { transactionId: earlier, posted: false, availableFen: balance };
      }
      if (fen < 0 && balance + fen < 0) throw new BusinessError(ResultCode.validationFailed, ADJUSTMENT_MESSAGES.belowZero(balance));
      const posted = await this.deps.journal.post(trx, {
        kind: "adjustment",
        idempotencyKey,
        postings: [
          { account: PLATFORM_ACCOUNTS.adjustments, amountFen: -fen },
          { account: customerAccount(spender.mainId, "available"), amountFen: fen },
        ],
        memo: reason.trim(),
        actor: { userId: spender.mainId, operatorId: operator.id },
      });
      return { ...posted, availableFen: balance + fen };
    });
  }

  private async close(reservationId: number, action: ReservationAction, trx?: Transaction<Database>): Promise<void> {
    const owner = await (trx ?? this.deps.db).selectFrom("money_reservations").select("user_id").where("id", "=", reservationId).executeTakeFirst();
    if (!owner) throw new Error(`reservation ${reservationId} does not exist`);
    await this.within(trx, async (trx) => {
      await this.lockAccount(trx, owner.user_id);
      // Re-read under the account's lock: every transition of this customer's reservations holds it.
      const reservation = await trx.selectFrom("money_reservations").selectAll().where("id", "=", reservationId).executeTakeFirstOrThrow();
      const transition = reservationTransition(reservation.state as ReservationState, action);
      if (action === "settle" && this.deps.now() >= reservation.expires_at) {
        throw new ReservationExpiredError(reservationId, reservation.expires_at);
      }
      const fen = Number(reservation.amount_fen);
      const destination = action === "settle" ? PLATFORM_ACCOUNTS.revenue : customerAccount(reservation.user_id, "available");
      const { transactionId } = await this.deps.journal.post(trx, {
        kind: transition.kind,
        idempotencyKey: `reservation:${reservationId}:close`,
        postings: [
          { account: customerAccount(reservation.user_id, "reserved"), amountFen: -fen },
          { account: destination, amountFen: fen },
        ],
        memo: `${reservation.service} ${reservation.reference}`,
        actor: { userId: reservation.user_id, subAccountId: reservation.sub_account_id },
      });
      await trx
        .updateTable("money_reservations")
        .set({ state: transition.to, closed_at: this.deps.now(), close_transaction_id: transactionId })
        .where("id", "=", reservationId)
        .where("state", "=", "reserved")
        .execute();
    });
  }

  /** Takes the main account's row for the rest of the transaction and answers it as it now stands. */
  private lockAccount(trx: Transaction<Database>, userId: number) {
    const now = this.deps.now();
    return trx
      .insertInto("billing_accounts")
      .values({ user_id: userId, updated_at: now })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ updated_at: now }))
      .returning(["balance_fen", "reserved_fen"])
      .executeTakeFirstOrThrow();
  }

  /** Sub-accounts spend from their main account (spec §6); the sub-account is recorded on the transaction. */
  private async spenderOf(userId: number, trx?: Transaction<Database>): Promise<Spender> {
    // Within a caller's transaction the read joins it: on SQLite's one connection a read outside would wait for that transaction forever.
    const user = trx
      ? await trx.selectFrom("users").select(["id", "parent_id"]).where("id", "=", userId).executeTakeFirst()
      : await this.deps.users.findUser(userId);
    if (!user) throw new Error(`billing: user ${userId} does not exist`);
    return user.parent_id === null ? { mainId: user.id, subAccountId: null } : { mainId: user.parent_id, subAccountId: user.id };
  }

  private within<T>(trx: Transaction<Database> | undefined, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return trx ? work(trx) : durableTransaction(this.deps.db, work);
  }
}

function requirePositiveFen(fen: number): void {
  if (!Number.isSafeInteger(fen) || fen <= 0) throw new RangeError(`金额必须是正的整数分：${fen}`);
}
