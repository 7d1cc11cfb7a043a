/**
 * Benchmark: charges per second through the money journal's reserve → settle path (issue 14) with
 * 32 concurrent clients on PostgreSQL, against bare single-row `UPDATE … SET balance_fen =
 * balance_fen - x` statements measured in the same run on the same database. Two shapes of load:
 * every client charging its own customer (the usual case), and all 32 charging one customer (the
 * hot row: charges of one account queue on its row lock by design). The server's own connection
 * pool (dialect.ts) is used for both sides. A throwaway database is created and dropped. Never part
 * of `npm test`; it prints figures and ratios and never fails on a figure.
 *
 *   npx tsx bench/money-charges.bench.ts     (TEST_DATABASE_URL, BENCH_CHARGES, BENCH_CLIENTS)
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { sql, type Kysely } from "kysely";
import { AccountType } from "../src/schema/account.js";
import type { Database } from "../server/db/database.js";
import { openDatabase } from "../server/db/dialect.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { UserRepository } from "../server/modules/account/user.repository.js";
import { Billing } from "../server/modules/billing/billing.js";
import { OfflineContracts } from "../server/modules/billing/offline-contracts.js";
import { OfflineContractsRepository } from "../server/modules/billing/offline-contracts.repository.js";
import { MoneyJournal } from "../server/modules/billing/money-journal.js";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CHARGES = Number(process.env.BENCH_CHARGES ?? 4_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const CHARGE_FEN = 7;

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `CLIENTS` callers, each starting its next charge when the previous one answered; answers charges per second. */
async function drive(charge: (client: number, n: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (next < CHARGES) await charge(client, next++);
    }),
  );
  return CHARGES / ((performance.now() - started) / 1000);
}

/** `count` main accounts (users rows as registration leaves them, without contacts). */
async function customers(db: Kysely<Database>, count: number): Promise<number[]> {
  const now = Date.now();
  const nothing = { mobile: null, mail: null, password_hash: null, password_changed_at: null, disabled_by: null, oauth_user_id: null };
  const unverified = { real_name: null, enterprise_name: null, head_portrait_path: null, industry_id: null, region_district_id: null };
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const user = await db
      .insertInto("users")
      .values({
        ...nothing,
        ...unverified,
        login_account: `bench${i}`,
        account_type: AccountType.personal,
        parent_id: null,
        status: "active",
        created_at: now,
        updated_at: now,
        cancelled_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(user.id);
  }
  return ids;
}

async function main() {
  const name = `money_bench_${randomBytes(5).toString("hex")}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const { db } = openDatabase({ kind: "postgres", url: url.toString() });
  try {
    await migrateToLatest(db);
    const users = new UserRepository(db);
    const journal = new MoneyJournal(db, Date.now);
    const contracts = new OfflineContracts({ db, repository: new OfflineContractsRepository(db), now: Date.now });
    const billing = new Billing({ db, journal, users: { findUser: (id) => users.findById(id) }, contracts, now: Date.now });
    const ids = await customers(db, CLIENTS);
    const funding = CHARGES * CHARGE_FEN * 2;
    for (const id of ids) await billing.recharge(id, funding, `bench-funding:${id}`);

    const reserveSettle = (customerOf: (client: number) => number, run: string) =>
      drive(async (client, n) => {
        const reservation = await billing.reserve(customerOf(client), CHARGE_FEN, { service: "bench", reference: `${run}-${n}`, expiresAt: Date.now() + 600_000 });
        await billing.settle(reservation);
      });
    const bareUpdate = (customerOf: (client: number) => number) =>
      drive((client) => sql`UPDATE billing_accounts SET balance_fen = balance_fen - ${CHARGE_FEN} WHERE user_id = ${customerOf(client)} AND balance_fen >= ${CHARGE_FEN}`.execute(db));

    // A short warm-up so neither side pays for cold caches and new pool connections.
    await drive((client) => sql`SELECT balance_fen FROM billing_accounts WHERE user_id = ${ids[client]}`.execute(db));

    const own = (client: number) => ids[client];
    const hot = () => ids[0];
    const ownJournal = await reserveSettle(own, "own");
    const hotJournal = await reserveSettle(hot, "hot");
    // Checked before the bare updates, which move the cache behind the journal's back.
    const check = await journal.verifyBalances();
    const figures = { ownJournal, hotJournal, ownBare: await bareUpdate(own), hotBare: await bareUpdate(hot) };

    const line = (label: string, perSecond: number) => console.log(`  ${label.padEnd(46)} ${perSecond.toFixed(0).padStart(7)} /s`);
    console.log(`money charges on PostgreSQL: ${CHARGES} charges per run, ${CLIENTS} concurrent clients, the server's pool`);
    console.log("each client charging its own customer:");
    line("reserve + settle (2 durable transactions)", figures.ownJournal);
    line("bare UPDATE balance = balance - x", figures.ownBare);
    console.log(`  ratio bare / journal: ${(figures.ownBare / figures.ownJournal).toFixed(1)}×`);
    console.log("all clients charging one customer (hot row):");
    line("reserve + settle", figures.hotJournal);
    line("bare UPDATE balance = balance - x", figures.hotBare);
    console.log(`  ratio bare / journal: ${(figures.hotBare / figures.hotJournal).toFixed(1)}×`);
    console.log(`verifyBalances after the journal's runs: ${check.ok ? "caches agree with the postings" : check.problems.join("; ")}`);
  } finally {
    await db.destroy();
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

await main();
