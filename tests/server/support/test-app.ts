import { Writable } from "node:stream";
import { webapiPath, type Endpoint } from "../../../src/schema/contract";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp, type AppOptions } from "../../../server/app.js";
import { loadConfig } from "../../../server/config.js";
import { openDatabase } from "../../../server/db/dialect.js";
import { sha256Hex } from "../../../server/plugins/signature.js";
import { computeSignature } from "../../../src/schema/signature.js";
import { provideTestLoginKey } from "./test-login-key.js";
import { createTestDatabase, type TestDatabase } from "./test-database.js";

export type TestClock = { now: () => number; advance(ms: number): void; set(ms: number): void };

export function createClock(start = Date.UTC(2026, 10, 22, 2, 0, 0)): TestClock {
  let current = start;
  return { now: () => current, advance: (ms) => void (current += ms), set: (ms) => void (current = ms) };
}

/** `ip` stands for the caller's address (throttling is per address); `cookies` for the browser's; `headers` for a proxy's. */
export type RequestOptions = { token?: string; ip?: string; cookies?: Record<string, string>; headers?: Record<string, string> };

export type TestApp = {
  app: FastifyInstance;
  clock: TestClock;
  database: TestDatabase;
  logs: string[];
  get(url: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: Record<string, unknown>, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /** A signed call of one contract endpoint: its method and /webapi path come from the endpoint object. */
  call(endpoint: Pick<Endpoint, "method" | "path">, params?: Record<string, unknown>, options?: RequestOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

type TestAppOptions = { seedDemo?: boolean; env?: Record<string, string>; modules?: AppOptions["modules"]; onRoute?: AppOptions["onRoute"]; capture?: AppOptions["capture"]; legalAi?: AppOptions["legalAi"] };

/** The real app on a fresh database, with a controllable clock and captured logs. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  provideTestLoginKey(database.dataDir);
  return startTestApp(database, createClock(), options);
}

/**
 * A restart: closes `previous`'s app (not its database) and starts the app again on the same
 * database and data folder, with the same clock and options. Close only the answer afterwards.
 */
export async function restartTestApp(previous: TestApp, options: TestAppOptions = {}): Promise<TestApp> {
  await previous.app.close();
  return startTestApp({ ...previous.database, handle: openDatabase(previous.database.handle.target) }, previous.clock, options);
}

/**
 * Another process of the same installation (issue 20): a second app on `first`'s database, data
 * folder (its keys) and clock. Close it before `first`; its close leaves the database to `first`.
 */
export async function startPeerTestApp(first: TestApp, options: TestAppOptions = {}): Promise<TestApp> {
  const database = { ...first.database, handle: openDatabase(first.database.handle.target), dispose: async () => undefined };
  return startTestApp(database, first.clock, options);
}

async function startTestApp(database: TestDatabase, clock: TestClock, options: TestAppOptions): Promise<TestApp> {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: database.dataDir,
    CLIENT_DIR: `${database.dataDir}/no-client`,
    LOG_LEVEL: "info",
    SEED_DEMO: options.seedDemo === false ? "false" : "true",
    // OWASP's cost makes each hash take ~0.3 s; the tests check behaviour, not strength.
    PASSWORD_SCRYPT_LOG_N: "14",
    // Every 存证 waits for its block: 500 ms each was a fifth of the server projects' time. Appends
    // sent together still share a block.
    LEDGER_BLOCK_DELAY_MS: "20",
    ...options.env,
  });
  const app = await buildApp({ config, database: database.handle, now: clock.now, logStream, modules: options.modules, onRoute: options.onRoute, capture: options.capture, legalAi: options.legalAi });

  const signed = (params: Record<string, unknown>) => {
    const withTime = { ...params, timestamp: clock.now() };
    return { ...withTime, signature: computeSignature(withTime, sha256Hex) };
  };

  const get: TestApp["get"] = (url, params = {}, { token, ip, cookies, headers } = {}) =>
    app.inject({ method: "GET", url, query: stringValues(signed(token ? { ...params, token } : params)), remoteAddress: ip, cookies, headers });
  const post: TestApp["post"] = (url, body = {}, { token, ip, cookies, headers } = {}) => {
    const withToken = token ? { ...body, token } : body;
    const timestamp = clock.now();
    const signature = computeSignature({ ...withToken, timestamp }, sha256Hex);
    return app.inject({ method: "POST", url, query: { timestamp: String(timestamp), signature }, payload: withToken, remoteAddress: ip, cookies, headers });
  };

  return {
    app,
    clock,
    database,
    logs,
    get,
    post,
    call: (endpoint, params, options) => (endpoint.method === "GET" ? get : post)(webapiPath(endpoint), params, options),
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

function stringValues(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value)]),
  );
}
