import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/database.js";
import { parseLedgerAccount, type LedgerAccount } from "./ledger-accounts.js";

/** What a journal transaction records: the movement's kind, and the money each account gained (+) or gave (−). */
export const JOURNAL_KINDS = ["opening", "recharge", "purchase", "reserve", "charge", "release", "expire", "refund", "adjustment"] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export type Posting = { account: LedgerAccount; amountFen: number };

/** Who moved the money: the main account, the sub-account that spent from it, the operator who adjusted it. */
export type JournalActor = { userId?: number | null; subAccountId?: number | null; operatorId?: number | null };

export type JournalEntry = {
  kind: JournalKind;
  /** Unique per movement: posting the same key again answers the first transaction and moves nothing. */
  idempotencyKey: string;
  postings: readonly Posting[];
  memo?: string;
  actor?: JournalActor;
};

/** The column's width (migration 0019). */
const IDEMPOTENCY_KEY_MAX = 200;

export type PostedTransaction = { transactionId: number; posted: boolean };

export type BalanceCheck = { ok: boolean; problems: string[] };

/** A journal entry that can never be right (unbalanced, fractional fen): a programming error, refused before anything is written. */
export class JournalEntryError extends Error {
  override name = "JournalEntryError";
}

/**
 * The append-only double-entry journal (issue 14). Each post is one transaction whose postings sum
 * to zero; the customers' cached balances (billing_accounts) move in the same database
 * transaction, and verifyBalances() recomputes them from the postings.
 */
export class MoneyJournal {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  async post(trx: Transaction<Database>, entry: JournalEntry): Promise<PostedTransaction> {
    const customerDeltas = validatedCustomerDeltas(entry);
    const inserted = await trx
      .insertInto("money_transactions")
      .values({
        kind: entry.kind,
        idempotency_key: entry.idempotencyKey,
        user_id: entry.actor?.userId ?? null,
        sub_account_id: entry.actor?.subAccountId ?? null,
        operator_id: entry.actor?.operatorId ?? null,
        memo: entry.memo ?? "",
        created_at: this.now(),
      })
      .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) {
      const first = await this.find(trx, entry.idempotencyKey);
      if (!first) throw new Error(`journal: idempotency key "${entry.idempotencyKey}" conflicted but has no transaction`);
      return { transactionId: first, posted: false };
    }
    await trx
      .insertInto("money_postings")
      .values(entry.postings.map((posting) => ({ transaction_id: inserted.id, account: posting.account, amount_fen: posting.amountFen })))
      .execute();
    for (const [userId, delta] of customerDeltas) {
      await trx
        .insertInto("billing_accounts")
        .values({ user_id: userId, balance_fen: delta.available, reserved_fen: delta.reserved, updated_at: this.now() })
        .onConflict((conflict) =>
          conflict.column("user_id").doUpdateSet({
            balance_fen: sql`billing_accounts.balance_fen + ${delta.available}`,
            reserved_fen: sql`billing_accounts.reserved_fen + ${delta.reserved}`,
            updated_at: this.now(),
          }),
        )
        .execute();
    }
    return { transactionId: inserted.id, posted: true };
  }

  /** The transaction posted under `idempotencyKey`, if any. */
  async find(db: Kysely<Database>, idempotencyKey: string): Promise<number | undefined> {
    const row = await db.selectFrom("money_transactions").select("id").where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
    return row?.id;
  }

  /** What a transaction moved on its customer's available balance (a repeated attempt is compared with it). */
  async availableMoveOf(db: Kysely<Database>, transactionId: number): Promise<{ userId: number | null; fen: number }> {
    const row = await db
      .selectFrom("money_transactions as t")
      .leftJoin("money_postings as p", (join) => join.onRef("p.transaction_id", "=", "t.id").on("p.account", "like", "customer:%:available"))
      .select(["t.user_id", sql<string | number | null>`SUM(p.amount_fen)`.as("fen")])
      .where("t.id", "=", transactionId)
      .groupBy("t.user_id")
      .executeTakeFirstOrThrow();
    return { userId: row.user_id, fen: Number(row.fen ?? 0) };
  }

  /** The cached balances of a main account (no row: nothing yet). */
  async balanceOf(userId: number, db: Kysely<Database> = this.db): Promise<{ availableFen: number; reservedFen: number }> {
    const row = await db.selectFrom("billing_accounts").select(["balance_fen", "reserved_fen"]).where("user_id", "=", userId).executeTakeFirst();
    return { availableFen: Number(row?.balance_fen ?? 0), reservedFen: Number(row?.reserved_fen ?? 0) };
  }

  /**
   * Recomputes everything the caches and the reservations claim from the postings: every
   * transaction sums to zero, every customer's cached available and reserved balances equal the sums
   * of their postings, and the reserved balance equals the money of the reservations still open.
   */
  async verifyBalances(): Promise<BalanceCheck> {
    const problems: string[] = [];
    const unbalanced = await this.db
      .selectFrom("money_postings")
      .select(["transaction_id", sql<string>`SUM(amount_fen)`.as("total")])
      .groupBy("transaction_id")
      .having(sql`SUM(amount_fen)`, "<>", 0)
      .execute();
    for (const row of unbalanced) problems.push(`transaction ${row.transaction_id} sums to ${row.total}, not 0`);

    const expected = new Map<number, { available: number; reserved: number; open: number }>();
    const entry = (userId: number) => expected.get(userId) ?? expected.set(userId, { available: 0, reserved: 0, open: 0 }).get(userId)!;
    const sums = await this.db
      .selectFrom("money_postings")
      .select(["account", sql<string>`SUM(amount_fen)`.as("total")])
      .where("account", "like", "customer:%")
      .groupBy("account")
      .execute();
    for (const row of sums) {
      const { userId, pocket } = parseLedgerAccount(row.account)!;
      entry(userId)[pocket] = Number(row.total);
    }
    const open = await this.db
      .selectFrom("money_reservations")
      .select(["user_id", sql<string>`SUM(amount_fen)`.as("total")])
      .where("state", "=", "reserved")
      .groupBy("user_id")
      .execute();
    for (const row of open) entry(row.user_id).open = Number(row.total);

    const cached = await this.db.selectFrom("billing_accounts").select(["user_id", "balance_fen", "reserved_fen"]).execute();
    const cachedByUser = new Map(cached.map((row) => [row.user_id, row]));
    for (const row of cached) entry(row.user_id);
    for (const [userId, sum] of expected) {
      const row = cachedByUser.get(userId);
      const available = Number(row?.balance_fen ?? 0);
      const reserved = Number(row?.reserved_fen ?? 0);
      if (available !== sum.available) problems.push(`customer ${userId}: cached available ${available} ≠ journal ${sum.available}`);
      if (reserved !== sum.reserved) problems.push(`customer ${userId}: cached reserved ${reserved} ≠ journal ${sum.reserved}`);
      if (sum.reserved !== sum.open) problems.push(`customer ${userId}: reserved ${sum.reserved} ≠ open reservations ${sum.open}`);
    }
    return { ok: problems.length === 0, problems };
  }
}

/** Checks the entry and answers how it moves each customer's cached balances. */
function validatedCustomerDeltas(entry: JournalEntry): Map<number, { available: number; reserved: number }> {
  if (entry.idempotencyKey.length === 0 || entry.idempotencyKey.length > IDEMPOTENCY_KEY_MAX) {
    throw new JournalEntryError(`journal idempotency key must have 1 to ${IDEMPOTENCY_KEY_MAX} characters`);
  }
  if (entry.postings.length < 2) throw new JournalEntryError(`journal entry "${entry.idempotencyKey}" needs at least two postings`);
  let total = 0;
  const deltas = new Map<number, { available: number; reserved: number }>();
  for (const posting of entry.postings) {
    if (!Number.isSafeInteger(posting.amountFen) || posting.amountFen === 0) {
      throw new JournalEntryError(`journal entry "${entry.idempotencyKey}": ${posting.amountFen} is not a non-zero whole number of fen`);
    }
    total += posting.amountFen;
    const customer = parseLedgerAccount(posting.account);
    if (!customer) continue;
    const delta = deltas.get(customer.userId) ?? { available: 0, reserved: 0 };
    delta[customer.pocket] += posting.amountFen;
    deltas.set(customer.userId, delta);
  }
  if (total !== 0) throw new JournalEntryError(`journal entry "${entry.idempotencyKey}" sums to ${total}, not 0`);
  return deltas;
}
