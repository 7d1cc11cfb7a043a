/**
 * Benchmark: password logins (mode 0) per second end to end against the real server process with
 * the production cost (scrypt N=2^17), and the share of one login's time each step takes,
 * measured in-process. Never part of `npm test`.
 *
 *   npm run build:server && npx tsx bench/login.bench.ts   (BENCH_LOGINS, BENCH_CONCURRENCY change the load)
 */
import { constants, createHash, createPublicKey, publicEncrypt, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import svgCaptcha from "svg-captcha";
import { openDatabase } from "../server/db/dialect.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { PasswordHasher } from "../server/modules/account/password-hasher.js";
import { UserRepository } from "../server/modules/account/user.repository.js";
import { loadOrCreateLoginKey } from "../server/modules/security/login-key.js";
import { ACCOUNT_ENDPOINTS } from "../src/schema/account.js";
import { webapiPath, type Endpoint } from "../src/schema/contract.js";
import { DEV_ENDPOINTS } from "../src/schema/dev-tools.js";
import { computeSignature } from "../src/schema/signature.js";
import { startServer } from "../tests/e2e/support/server-process.js";

const LOGINS = Number(process.env.BENCH_LOGINS ?? 64);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const LOG_N = 17;
const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const md5 = (text: string) => createHash("md5").update(text, "utf8").digest("hex");

async function time<T>(runs: number, work: () => Promise<T> | T): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) await work();
  return (performance.now() - started) / runs;
}

// ---- in-process: what one login spends where ----
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-login-"));
const key = loadOrCreateLoginKey(dataDir);
const publicKey = createPublicKey({ key: Buffer.from(key.publicKeyBase64, "base64"), format: "der", type: "spki" });
const encrypt = (value: string) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(JSON.stringify({ v: value, ts: Date.now(), n: randomBytes(16).toString("base64") }))).toString("base64");
const hasher = new PasswordHasher(LOG_N);
const storedHash = await hasher.hash(md5("abc12345"));
const ciphertext = encrypt("13800000000");

const steps = {
  "RSA-OAEP decrypt ×2 (account, password)": 2 * (await time(50, () => key.decrypt(ciphertext))),
  [`scrypt verify (N=2^${LOG_N}, r=8, p=1)`]: await time(8, () => hasher.verify(md5("abc12345"), storedHash)),
  "image captcha (generated for the attempt)": await time(50, () => svgCaptcha.create({ size: 4, noise: 3, color: true })),
  "request signature (SHA-256)": await time(2000, () => computeSignature({ encryptAccount: ciphertext, encryptPassword: ciphertext, vcode: "abcd", type: 0, timestamp: 1 }, sha256Hex)),
};
const total = Object.values(steps).reduce((sum, ms) => sum + ms, 0);

// ---- end to end: the real server, real HTTP, real captchas ----
const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "platform.sqlite") });
await migrateToLatest(handle.db);
const users = new UserRepository(handle.db);
for (let i = 0; i < LOGINS; i += 1) {
  const account = `1380000${String(i).padStart(4, "0")}`;
  await users.insert({ login_account: account, mobile: account, password_hash: storedHash, password_changed_at: Date.now(), account_type: 1, status: "active", created_at: Date.now(), updated_at: Date.now() });
}
await handle.db.destroy();

const server = await startServer({ dataDir, env: { LOG_LEVEL: "silent", PASSWORD_SCRYPT_LOG_N: String(LOG_N), LOGIN_RATE_LIMIT_PER_MINUTE: "100000" } });
async function call(endpoint: Endpoint, params: Record<string, string>, cookie?: string) {
  const withTime = { ...params, timestamp: String(Date.now()) };
  const query = new URLSearchParams({ ...withTime, signature: computeSignature(withTime, sha256Hex) });
  const response = await fetch(`${server.url}${webapiPath(endpoint)}?${query}`, { headers: cookie ? { cookie } : {} });
  return { body: await response.json(), setCookie: response.headers.get("set-cookie") };
}
async function loginOnce(index: number) {
  const captcha = await call(ACCOUNT_ENDPOINTS.getCodeV2, { time: String(Date.now()) });
  const cookie = captcha.setCookie!.split(";")[0];
  const answer = (await call(DEV_ENDPOINTS.captchaAnswer, {}, cookie)).body.datas.answer;
  const account = `1380000${String(index).padStart(4, "0")}`;
  const started = performance.now();
  const result = await call(ACCOUNT_ENDPOINTS.loginV2, { encryptAccount: encrypt(account), encryptPassword: encrypt(md5("abc12345")), vcode: answer, type: "0" }, cookie);
  if (result.body.code !== 200) throw new Error(`login ${account} answered ${JSON.stringify(result.body)}`);
  return performance.now() - started;
}

const latencies: number[] = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < LOGINS) latencies.push(await loginOnce(next++));
  }),
);
const seconds = (performance.now() - started) / 1000;
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
console.log(`\npassword logins, ${LOGINS} accounts, ${CONCURRENCY} at a time, ${os.cpus().length} cores, Node ${process.version}`);
console.log(`end to end (captcha fetch + login request): ${(LOGINS / seconds).toFixed(1)} logins/s; login request p50 ${latencies[Math.floor(LOGINS / 2)].toFixed(0)} ms, p99 ${latencies[Math.floor(LOGINS * 0.99)].toFixed(0)} ms`);
console.log("\none login, in-process, by step:");
console.table(Object.entries(steps).map(([step, ms]) => ({ step, ms: Number(ms.toFixed(2)), share: `${((ms / total) * 100).toFixed(1)}%` })));
