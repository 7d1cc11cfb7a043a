/**
 * Benchmark: the ledger service end to end on a real SQLite file (DESIGN.md §6): appends per second
 * with many appends in flight, against two baselines measured in the same run on the same entries:
 *  - raw fsynced SQLite inserts (WAL, synchronous=FULL) of the entries alone, in transactions of the
 *    same block size and one transaction per entry;
 *  - raw SHA-256 of the entries.
 * And the append → signed-checkpoint latency (what a user waits before "stored"), saturated and at a
 * steady 40 appends per second. Never part of `npm test`.
 *
 *   npx tsx bench/ledger-appends.bench.ts     (BENCH_APPENDS, BENCH_IN_FLIGHT, BENCH_STEADY_SECONDS)
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { openDatabase } from "../server/db/dialect.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { generateNoteKeys } from "../server/ledger/signer-keys.js";
import { loadLedgerKey } from "../server/modules/ledger/ledger-signer-key.js";
import { BLOCK_MAX_DELAY_MS, BLOCK_MAX_ENTRIES, LedgerService } from "../server/modules/ledger/ledger.service.js";

// A whole number of blocks, so the saturated run does not end on a partial block waiting out its timer.
const APPENDS = Math.ceil(Number(process.env.BENCH_APPENDS ?? 20_000) / BLOCK_MAX_ENTRIES) * BLOCK_MAX_ENTRIES;
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 1024);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 10);
const STEADY_RATE = 40;
const ORIGIN = "bench.hengzheng.local/evidence-log";

// About one canonical JSON evidence entry (~300 bytes), each distinct.
const entryFor = (n: number) =>
  new TextEncoder().encode(
    JSON.stringify({
      certificateNo: `HZ${String(n).padStart(20, "0")}`,
      kind: "file",
      meta: createHash("sha256").update(`meta${n}`).digest("hex"),
      sha256: createHash("sha256").update(`file${n}`).digest("hex"),
      size: 1_048_576 + n,
      sm3: createHash("sha256").update(`sm3${n}`).digest("hex"),
      time: 1_795_000_000_000 + n,
      v: 1,
    }),
  );
const entries = Array.from({ length: APPENDS }, (_, n) => entryFor(n));
const meanBytes = Math.round(entries.reduce((sum, entry) => sum + entry.length, 0) / entries.length);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-"));

async function openLedger(dir: string) {
  const database = openDatabase({ kind: "sqlite", file: path.join(dir, "platform.sqlite") });
  await migrateToLatest(database.db);
  const key = loadLedgerKey({ signerKey: generateNoteKeys(ORIGIN).signerKey, dataDir: dir, origin: ORIGIN });
  return { database, ledger: await LedgerService.open({ db: database.db, origin: ORIGIN, key }) };
}

/** `IN_FLIGHT` callers, each appending the next entry as soon as its previous one is acknowledged. */
async function saturated() {
  const dir = folder();
  const { database, ledger } = await openLedger(dir);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < APPENDS) {
        const entry = entries[next++];
        const t0 = performance.now();
        await ledger.append(entry);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const blocks = (await ledger.latestCheckpoint())!.blockHeight;
  await ledger.close();
  await database.db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  return { perSecond: APPENDS / seconds, latencies: latencies.sort((a, b) => a - b), blocks };
}

/** One append every 1/40 s for STEADY_SECONDS, each timed until its receipt. */
async function steady() {
  const dir = folder();
  const { database, ledger } = await openLedger(dir);
  const count = STEADY_RATE * STEADY_SECONDS;
  const pending: Promise<number>[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const due = started + (i * 1000) / STEADY_RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const t0 = performance.now();
    pending.push(ledger.append(entries[i]).then(() => performance.now() - t0));
  }
  const latencies = (await Promise.all(pending)).sort((a, b) => a - b);
  const blocks = (await ledger.latestCheckpoint())!.blockHeight;
  await ledger.close();
  await database.db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  return { latencies, blocks };
}

/** The entries alone into an fsynced SQLite table, `perTransaction` rows per commit. */
function rawSqlite(perTransaction: number, count: number) {
  const dir = folder();
  const sqlite = new SQLite(path.join(dir, "raw.sqlite"));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.exec("CREATE TABLE entries (idx INTEGER PRIMARY KEY, entry BLOB NOT NULL)");
  const insert = sqlite.prepare("INSERT INTO entries (idx, entry) VALUES (?, ?)");
  const commit = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i += 1) insert.run(i, Buffer.from(entries[i]));
  });
  const started = performance.now();
  for (let from = 0; from < count; from += perTransaction) commit(from, Math.min(count, from + perTransaction));
  const seconds = (performance.now() - started) / 1000;
  sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return count / seconds;
}

function rawSha256() {
  const started = performance.now();
  for (const entry of entries) createHash("sha256").update(entry).digest();
  return APPENDS / ((performance.now() - started) / 1000);
}

rawSha256(); // warm-up
const sha = rawSha256();
const rawBlocks = rawSqlite(BLOCK_MAX_ENTRIES, APPENDS);
const rawSingles = rawSqlite(1, Math.min(APPENDS, 2_000));
const load = await saturated();
const calm = await steady();

console.log(
  `\nledger appends: ${APPENDS.toLocaleString("en")} entries of ~${meanBytes} bytes, ${IN_FLIGHT} in flight, SQLite WAL + synchronous=FULL per block, ` +
    `blocks of ≤ ${BLOCK_MAX_ENTRIES} entries or ${BLOCK_MAX_DELAY_MS} ms; ${os.cpus()[0]?.model ?? "?"} (${os.cpus().length} cores), Node ${process.version}`,
);
console.table([
  { what: "ledger service: append → durable signed checkpoint", "entries/s": load.perSecond, note: `${load.blocks} blocks` },
  { what: `raw SQLite insert, fsync per ${BLOCK_MAX_ENTRIES} rows`, "entries/s": rawBlocks, note: "same batching, no Merkle tree, no signature" },
  { what: "raw SQLite insert, fsync per row", "entries/s": rawSingles, note: "what a naive per-request commit gets" },
  { what: "raw SHA-256 of each entry", "entries/s": sha, note: "hashing alone" },
].map((row) => ({ ...row, "entries/s": Math.round(row["entries/s"]).toLocaleString("en"), "ledger ÷ this": `${(load.perSecond / row["entries/s"]).toFixed(3)}×` })));

const ms = (value: number) => `${value.toFixed(0)} ms`;
console.log("\nappend → signed checkpoint latency (the wait before a user is told \"stored\")");
console.table([
  { load: `saturated (${IN_FLIGHT} in flight)`, p50: ms(percentile(load.latencies, 0.5)), p99: ms(percentile(load.latencies, 0.99)), max: ms(load.latencies.at(-1)!), blocks: load.blocks },
  {
    load: `steady ${STEADY_RATE}/s for ${STEADY_SECONDS} s`,
    p50: ms(percentile(calm.latencies, 0.5)),
    p99: ms(percentile(calm.latencies, 0.99)),
    max: ms(calm.latencies.at(-1)!),
    blocks: calm.blocks,
  },
]);
