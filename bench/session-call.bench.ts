/**
 * Benchmark (issue 20): a signed /webapi call that needs a user session, through the compiled
 * server over real HTTP (signature check, session lookup and refresh, the handler's own read,
 * zod serialisation, envelope), against a bare Fastify route in the same run. Two calls: the
 * user's own info (getUserInfo, session required, one read of the user's row) and getTime with a
 * token (session resolved and refreshed, no other read). The bare route is measured before and
 * after them, and the ratio is taken against the mean of both, since other work on a shared
 * machine drifts over a run. Prints requests/s, p50, p99, each server's CPU time per request (Linux)
 * and the ratios. Never part of `npm test`.
 *
 *   npm run build:server && npx tsx bench/session-call.bench.ts   (BENCH_SECONDS, BENCH_CONNECTIONS)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../server/db/dialect.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { UserRepository } from "../server/modules/account/user.repository.js";
import { SessionRepository } from "../server/modules/session/session.repository.js";
import { SessionService } from "../server/modules/session/session.service.js";
import { ACCOUNT_ENDPOINTS } from "../src/schema/account.js";
import { COMMON_ENDPOINTS } from "../src/schema/common.js";
import { webapiPath } from "../src/schema/contract.js";
import { startServer } from "../tests/e2e/support/server-process.js";
import { LOAD, measure, printFigures, signedQuery, type LoadFigures } from "./support/http-load.js";

/** A user with a live session, written before the server starts. */
async function signedInUser(dataDir: string) {
  const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "platform.sqlite") });
  await migrateToLatest(handle.db);
  const now = Date.now();
  const user = await new UserRepository(handle.db).insert({
    login_account: "13800000000",
    mobile: "13800000000",
    password_hash: null,
    password_changed_at: null,
    account_type: 1,
    status: "active",
    created_at: now,
    updated_at: now,
  });
  const { token } = await new SessionService(new SessionRepository(handle.db), Date.now).create(String(user.id), "user");
  await handle.db.destroy();
  return { userId: String(user.id), token };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-session-"));
const { userId, token } = await signedInUser(dataDir);
const platform = await startServer({ dataDir, env: { LOG_LEVEL: "silent" } });
const bare = await startServer({ env: { LOG_LEVEL: "silent" }, entry: "bench/support/bare-server.ts" });

const userInfoUrl = `${platform.url}${webapiPath(ACCOUNT_ENDPOINTS.getUserInfo)}?${signedQuery({ token, userId })}`;
const getTimeUrl = `${platform.url}${webapiPath(COMMON_ENDPOINTS.getTime)}?${signedQuery({ token })}`;
for (const url of [userInfoUrl, getTimeUrl]) {
  const answer = await fetch(url).then((response) => response.json());
  if (answer.code !== 200) throw new Error(`the platform refused the benchmark request: ${JSON.stringify(answer)}`);
}

const bareUrl = `${bare.url}${webapiPath(COMMON_ENDPOINTS.getTime)}`;
const bareBefore = await measure("bare Fastify route (before)", bareUrl, bare.child.pid);
const userInfo = await measure("getUserInfo with a user session", userInfoUrl, platform.child.pid);
const getTime = await measure("getTime with a user session", getTimeUrl, platform.child.pid);
const bareAfter = await measure("bare Fastify route (after)", bareUrl, bare.child.pid);
await platform.stop();
await bare.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const bareRate = (bareBefore.requestsPerSecond + bareAfter.requestsPerSecond) / 2;
const bareP99 = Math.max((bareBefore.p99Ms + bareAfter.p99Ms) / 2, 1);
printFigures(`signed calls with a session, ${os.cpus().length} cores, Node ${process.version}`, [bareBefore, userInfo, getTime, bareAfter]);
const bareCpu = ((bareBefore.serverCpuUsPerRequest ?? NaN) + (bareAfter.serverCpuUsPerRequest ?? NaN)) / 2;
const ratios = (row: LoadFigures) =>
  `${row.label}: throughput ${(row.requestsPerSecond / bareRate).toFixed(2)}x bare, p99 ${(row.p99Ms / bareP99).toFixed(2)}x bare` +
  (Number.isNaN(bareCpu) || row.serverCpuUsPerRequest === undefined ? "" : `, server CPU per request ${(row.serverCpuUsPerRequest / bareCpu).toFixed(2)}x bare`);
console.log(`goal: at least 0.5x the bare route's throughput (issue 20)\n${ratios(userInfo)}\n${ratios(getTime)}`);
