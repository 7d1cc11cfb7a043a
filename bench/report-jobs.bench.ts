/**
 * What making a report through the queue costs the asker (issue 20, server/jobs/requested-jobs.ts),
 * embedded (SQLite, one process): monitoring reports asked through `create` (the period checked,
 * the request written, put on the in-process row queue, claimed, made, settled, read back) against
 * the same report made directly by `make` (what the call did before it was a job), in three
 * alternating rounds in the same run: p50/p95 per report and the ratio. The report is of a user
 * with no tasks (a one-page PDF), so the queue's own cost is as large a share as it can be.
 *
 *   npm run build:server && npx tsx bench/report-jobs.bench.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildApp } from "../server/app.js";
import { loadConfig } from "../server/config.js";
import { openDatabase } from "../server/db/dialect.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { UserRepository } from "../server/modules/account/user.repository.js";

const ROUNDS = 3;
const PER_ROUND = 30;
const DAY_MS = 86_400_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-report-jobs-"));
const database = openDatabase({ kind: "sqlite", file: path.join(dataDir, "platform.sqlite") });
await migrateToLatest(database.db);
const now = Date.now();
const user = await new UserRepository(database.db).insert({ login_account: "13800000000", mobile: "13800000000", password_hash: null, password_changed_at: null, account_type: 1, status: "active", created_at: now, updated_at: now });
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, "no-client"), LOG_LEVEL: "silent", SEED_DEMO: "false" }), database });
const { reports, entries } = app.services.monitor.reports;
const userId = Number(user.id);

let made = 0;
const direct = () => {
  const at = Date.now();
  return reports.make(userId, { channel: "text", from: at - DAY_MS, to: at, issuedAt: at, reportNo: `JCBGBENCH${String(made++).padStart(8, "0")}` });
};
const queued = () => {
  const at = Date.now();
  return reports.create(userId, { channel: "text", startTime: at - DAY_MS, endTime: at });
};

async function timed(work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < PER_ROUND; run++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  await entries.idle();
  return times;
}

const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
const figures = (times: number[]) => ({ p50: percentile(times, 50), p95: percentile(times, 95) });

// Warm-up: the PDF thread loads its font once.
await timed(direct);
const all = { direct: [] as number[], queued: [] as number[] };
for (let round = 1; round <= ROUNDS; round++) {
  const d = await timed(direct);
  const q = await timed(queued);
  all.direct.push(...d);
  all.queued.push(...q);
  const [fd, fq] = [figures(d), figures(q)];
  console.log(`round ${round}: direct p50 ${fd.p50.toFixed(1)} ms p95 ${fd.p95.toFixed(1)} ms; through the queue p50 ${fq.p50.toFixed(1)} ms p95 ${fq.p95.toFixed(1)} ms (p50 ${(fq.p50 / fd.p50).toFixed(2)}x)`);
}
const [d, q] = [figures(all.direct), figures(all.queued)];
console.log(`all ${ROUNDS * PER_ROUND} each: direct p50 ${d.p50.toFixed(1)} / p95 ${d.p95.toFixed(1)} ms; through the queue p50 ${q.p50.toFixed(1)} / p95 ${q.p95.toFixed(1)} ms; ratio p50 ${(q.p50 / d.p50).toFixed(2)}x, p95 ${(q.p95 / d.p95).toFixed(2)}x; added p50 ${(q.p50 - d.p50).toFixed(1)} ms`);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
