/**
 * Benchmark (issue 20): sustained requests per second and latency of a mixed load (logins, uploads,
 * user info, public verifications) through a round-robin front with 1, 2 and 3 web processes and
 * one worker on this machine, all on one PostgreSQL, one Redis and one S3-compatible store (s3rver).
 * The same cluster and load as the scale test (tests/scale), without the kills and the captures, and
 * without public verifications: every user here comes from one address, whose verification budget
 * (60 a minute, shared by all processes) would otherwise turn most of them into quick refusals.
 * The users sign up once, before the first step.
 * The load generator shares the machine's two cores with the processes it measures, so the figures
 * show how the platform grows here, not what more machines would give. Never part of `npm test`.
 *
 *   npx tsx bench/scale.bench.ts     (BENCH_DATABASE_URL, TEST_REDIS_URL, BENCH_USERS, BENCH_SECONDS)
 */
import type { LoginResult } from "../tests/e2e/support/api-accounts.js";
import { startCluster } from "../tests/scale/support/cluster.js";
import { runMixedLoad, summarise } from "../tests/scale/support/mixed-load.js";
import { startRoundRobinFront } from "../tests/scale/support/round-robin-front.js";
import { scratchPostgresDatabase } from "./support/scratch-postgres.js";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// Sign-up codes are limited to 10 per address and minute, and every user here comes from one address.
const USERS = Math.min(10, Number(process.env.BENCH_USERS ?? 8));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

const scratch = await scratchPostgresDatabase(ADMIN_URL, "scale_bench");
await scratch.handle.db.destroy(); // the processes open their own connections

const cluster = await startCluster({ databaseUrl: scratch.url.toString() });
try {
  await cluster.addWorker();
  const rows: string[] = [];
  let single = 0;
  let sessions: LoginResult[] | undefined;
  for (let webs = 1; webs <= 3; webs++) {
    while (cluster.webs.length < webs) await cluster.addWeb();
    const front = await startRoundRobinFront(cluster.webs.map((web) => web.url));
    const load = await runMixedLoad({ baseUrl: front.url, users: USERS, sessions, durationMs: SECONDS * 1000, captureUrls: [], capturesPerUser: 0, verifications: false });
    sessions ??= load.sessions;
    const figures = summarise(load);
    await front.close();
    if (webs === 1) single = figures.perSecond;
    rows.push(`${webs} web | ${figures.perSecond.toFixed(1)} req/s | p50 ${figures.p50.toFixed(0)} ms | p99 ${figures.p99.toFixed(0)} ms | ${figures.failed} not answered 200 of ${figures.requests} (${figures.byKind}) | ${(figures.perSecond / single).toFixed(2)}x of 1 web`);
  }
  console.log(`mixed load, ${USERS} users, ${SECONDS} s per step, 1 worker:\n${rows.join("\n")}`);
} finally {
  await cluster.close();
  await scratch.drop();
}
