/**
 * Benchmark: concurrent getTime calls through the whole stack (signature check, session lookup and
 * refresh on SQLite, zod serialisation, envelope) against a bare Fastify route in the same run.
 * Prints requests/s, p99 latency and the ratio. Never part of `npm test`.
 *
 *   npm run bench            (BENCH_SECONDS and BENCH_CONNECTIONS change the load)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../server/db/dialect.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { SessionRepository } from "../server/modules/session/session.repository.js";
import { SessionService } from "../server/modules/session/session.service.js";
import { COMMON_ENDPOINTS } from "../src/schema/common.js";
import { webapiPath } from "../src/schema/contract.js";
import { startServer } from "../tests/e2e/support/server-process.js";
import { LOAD, measure, printFigures, signedQuery } from "./support/http-load.js";

async function tokenFor(dataDir: string) {
  const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "platform.sqlite") });
  await migrateToLatest(handle.db);
  const { token } = await new SessionService(new SessionRepository(handle.db), Date.now).create("bench-user", "user");
  await handle.db.destroy();
  return token;
}

const GET_TIME = webapiPath(COMMON_ENDPOINTS.getTime);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
const token = await tokenFor(dataDir);

const platform = await startServer({ dataDir, env: { LOG_LEVEL: "silent" } });
const full = await measure("full stack (signature + session + envelope)", `${platform.url}${GET_TIME}?${signedQuery({ token })}`);
const anonymous = await measure("full stack without a session", `${platform.url}${GET_TIME}?${signedQuery({})}`);
const check = await fetch(`${platform.url}${GET_TIME}?${signedQuery({ token })}`).then((response) => response.json());
if (check.code !== 200) throw new Error(`the platform refused the benchmark request: ${JSON.stringify(check)}`);
await platform.stop();

const bare = await startServer({ env: { LOG_LEVEL: "silent" }, entry: "bench/support/bare-server.ts" });
const baseline = await measure("bare Fastify route", `${bare.url}${GET_TIME}`);
await bare.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

printFigures(`getTime, ${os.cpus().length} cores, Node ${process.version}`, [full, anonymous, baseline]);
console.log(`throughput ratio full/bare: ${(full.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}`);
console.log(`p99 ratio full/bare: ${(full.p99Ms / Math.max(baseline.p99Ms, 1)).toFixed(2)} (${LOAD.connections} connections)`);
