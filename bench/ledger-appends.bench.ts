/**
 * Benchmark: the ledger service end to end (DESIGN.md §6): appends per second with many appends in
 * flight, against baselines measured in the same run on the same entries:
 *  - raw durable inserts of the entries alone into the same database, with the same batching (one
 *    commit per block of 256) and the same fsync (bench/support/ledger-bench-databases.ts), and one
 *    commit per entry;
 *  - raw SHA-256 of the entries.
 * After one unmeasured run of each, the ledger and its raw-insert baseline run in alternating rounds
 * and the ratio is taken per round, so a machine shared with other work slows both sides of each
 * ratio alike; the median is reported.
 * And the append → signed-checkpoint latency (what a user waits before "stored"), saturated and at a
 * steady 40 appends per second. Never part of `npm test`.
 *
 *   npx tsx bench/ledger-appends.bench.ts                                         SQLite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ledger-appends.bench.ts
 *                                                   PostgreSQL (a scratch database, dropped at the end)
 *   (BENCH_APPENDS, BENCH_IN_FLIGHT, BENCH_ROUNDS, BENCH_STEADY_SECONDS)
 */
import { createHash } from "node:crypto";
import os from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "../server/db/database.js";
import { generateNoteKeys } from "../server/ledger/signer-keys.js";
import { loadLedgerKey } from "../server/modules/ledger/ledger-signer-key.js";
import { BLOCK_MAX_DELAY_MS, BLOCK_MAX_ENTRIES, LedgerService } from "../server/modules/ledger/ledger.service.js";
import { postgresBenchDatabase, sqliteBenchDatabase, type BenchDatabase } from "./support/ledger-bench-databases.js";

// A whole number of blocks, so the saturated run does not end on a partial block waiting out its timer.
const APPENDS = Math.ceil(Number(process.env.BENCH_APPENDS ?? 20_000) / BLOCK_MAX_ENTRIES) * BLOCK_MAX_ENTRIES;
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 1024);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
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
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const signerKey = generateNoteKeys(ORIGIN).signerKey;
const target: BenchDatabase = process.env.BENCH_DATABASE_URL ? await postgresBenchDatabase(process.env.BENCH_DATABASE_URL) : await sqliteBenchDatabase();

async function withLedger<T>(run: (ledger: LedgerService) => Promise<T>): Promise<T> {
  const { db, dispose } = await target.ledgerDatabase();
  const key = loadLedgerKey({ signerKey, dataDir: os.tmpdir(), origin: ORIGIN });
  const ledger = await LedgerService.open({ db: db as Kysely<Database>, origin: ORIGIN, key });
  try {
    return await run(ledger);
  } finally {
    await ledger.close();
    await dispose();
  }
}

/** `IN_FLIGHT` callers, each appending the next entry as soon as its previous one is acknowledged. */
function saturated() {
  return withLedger(async (ledger) => {
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
    return { perSecond: APPENDS / seconds, latencies: latencies.sort((a, b) => a - b), blocks };
  });
}

/** One append every 1/40 s for STEADY_SECONDS, each timed until its receipt. */
function steady() {
  return withLedger(async (ledger) => {
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
    return { latencies, blocks: (await ledger.latestCheckpoint())!.blockHeight };
  });
}

function rawSha256() {
  const started = performance.now();
  for (const entry of entries) createHash("sha256").update(entry).digest();
  return APPENDS / ((performance.now() - started) / 1000);
}

rawSha256(); // warm-up
/** This process's CPU time (user + system) per entry, in µs, of `work`: unlike wall time, barely moved by other work on the machine. */
async function withCpu<T>(work: () => Promise<T>): Promise<[T, number]> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return [result, (used.user + used.system) / APPENDS];
}

// One unmeasured run of each first: it starts the ledger's threads (block hashing, and on SQLite the
// block writer) and warms the JIT, as in a server that has been up a while; measured from the
// sources (tsx), a thread's start alone takes about a second.
await target.rawInserts(entries, BLOCK_MAX_ENTRIES);
await saturated();

const rounds: { raw: number; ledger: number; blocks: number; latencies: number[]; rawCpu: number; ledgerCpu: number }[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const [raw, rawCpu] = await withCpu(() => target.rawInserts(entries, BLOCK_MAX_ENTRIES));
  const [load, ledgerCpu] = await withCpu(() => saturated());
  rounds.push({ raw, ledger: load.perSecond, blocks: load.blocks, latencies: load.latencies, rawCpu, ledgerCpu });
}
const sha = rawSha256();
const rawSingles = await target.rawInserts(entries.slice(0, Math.min(APPENDS, 500)), 1);
const calm = await steady();
await target.close();

const perSecond = (value: number) => Math.round(value).toLocaleString("en");
const ratio = (value: number) => `${value.toFixed(3)}×`;
const ledgerRate = median(rounds.map((round) => round.ledger));
console.log(
  `\nledger appends on ${target.label}: ${APPENDS.toLocaleString("en")} entries of ~${meanBytes} bytes, ${IN_FLIGHT} in flight, ` +
    `blocks of ≤ ${BLOCK_MAX_ENTRIES} entries or ${BLOCK_MAX_DELAY_MS} ms; ${os.cpus()[0]?.model ?? "?"} (${os.cpus().length} cores), Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`,
);
console.log(`\nalternating rounds: ledger service (append → durable signed checkpoint) against raw inserts, fsync per ${BLOCK_MAX_ENTRIES} rows`);
console.table(
  rounds.map((round, i) => ({
    round: i + 1,
    "ledger entries/s": perSecond(round.ledger),
    "raw inserts/s": perSecond(round.raw),
    "ledger ÷ raw": ratio(round.ledger / round.raw),
    // On PostgreSQL the server's own CPU is not in these (another process).
    "ledger CPU µs/entry": round.ledgerCpu.toFixed(1),
    "raw CPU µs/entry": round.rawCpu.toFixed(1),
    blocks: round.blocks,
  })),
);
console.log(`median ledger ÷ raw inserts (same batching, same fsync): ${ratio(median(rounds.map((round) => round.ledger / round.raw)))}`);
console.table([
  { what: "ledger service (median round)", "entries/s": ledgerRate, note: "Merkle tree, signed checkpoint, tree state" },
  { what: `raw insert, fsync per ${BLOCK_MAX_ENTRIES} rows (median round)`, "entries/s": median(rounds.map((round) => round.raw)), note: "same batching, no Merkle tree, no signature" },
  { what: "raw insert, fsync per row", "entries/s": rawSingles, note: "what a naive per-request commit gets" },
  { what: "raw SHA-256 of each entry", "entries/s": sha, note: "hashing alone" },
].map((row) => ({ ...row, "entries/s": perSecond(row["entries/s"]), "ledger ÷ this": ratio(ledgerRate / row["entries/s"]) })));

const ms = (value: number) => `${value.toFixed(0)} ms`;
const last = rounds.at(-1)!;
console.log("\nappend → signed checkpoint latency (the wait before a user is told \"stored\")");
console.table([
  { load: `saturated (${IN_FLIGHT} in flight), last round`, p50: ms(percentile(last.latencies, 0.5)), p99: ms(percentile(last.latencies, 0.99)), max: ms(last.latencies.at(-1)!), blocks: last.blocks },
  {
    load: `steady ${STEADY_RATE}/s for ${STEADY_SECONDS} s`,
    p50: ms(percentile(calm.latencies, 0.5)),
    p99: ms(percentile(calm.latencies, 0.99)),
    max: ms(calm.latencies.at(-1)!),
    blocks: calm.blocks,
  },
]);
