import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildServer, SERVER_OUT_DIR } from "../../../scripts/build-server.js";
import { startServer, type ServerProcess } from "../../e2e/support/server-process.js";
import { dropRedisNamespace, testRedisEnv, testRedisPrefix } from "../../multi-process/support/test-redis.js";
import { startTestS3, type TestS3 } from "../../multi-process/support/s3-server.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const WORKER_BUNDLE = path.join(SERVER_OUT_DIR, "worker.js");
/** A worker says it is ready on stdout once its queues listen (server/worker.ts). */
const WORKER_READY = /后台任务进程已启动/;

/** A worker process of the platform: `node dist-server/worker.js`, as `npm run worker` runs it. */
export type WorkerProcess = { child: ChildProcess; output(): string; stop(): Promise<void>; kill9(): Promise<void> };

/**
 * The platform as a production installation runs it, on this machine (issue 20): web processes
 * and worker processes, each with a data folder of its own (only the keys copied into each, as an
 * operator copies DATA_DIR/keys to every machine), sharing one PostgreSQL database, one Redis
 * namespace and one S3-compatible store. Web processes are added and removed by the caller.
 */
export type Cluster = {
  env: Record<string, string>;
  s3: TestS3;
  webs: ServerProcess[];
  workers: WorkerProcess[];
  addWeb(): Promise<ServerProcess>;
  addWorker(): Promise<WorkerProcess>;
  close(): Promise<void>;
};

/** `databaseUrl`: a migrated PostgreSQL database, created and dropped by the caller. */
export async function startCluster(options: { databaseUrl: string; env?: Record<string, string> }): Promise<Cluster> {
  await buildServer();
  const redisPrefix = testRedisPrefix("scale");
  const s3 = await startTestS3("scale");
  const env: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    ...testRedisEnv(redisPrefix),
    ...s3.env,
    MIGRATE_ON_START: "false",
    TRUST_PROXY: "true",
    // Quick enough for a bounded test, and the same for every process.
    LEDGER_BLOCK_DELAY_MS: "50",
    PASSWORD_SCRYPT_LOG_N: "14",
    ...options.env,
  };
  const webs: ServerProcess[] = [];
  const workers: WorkerProcess[] = [];
  // The first web process creates the installation's keys in its folder; every later process gets a copy.
  const keysOf = (dataDir: string) => path.join(dataDir, "keys");
  const first = await startServer({ env });
  webs.push(first);
  const freshDataDir = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "evidence-scale-"));
    fs.cpSync(keysOf(first.dataDir), keysOf(dataDir), { recursive: true });
    return dataDir;
  };

  return {
    env,
    s3,
    webs,
    workers,
    async addWeb() {
      const web = await startServer({ env, dataDir: freshDataDir() });
      webs.push(web);
      return web;
    },
    async addWorker() {
      const worker = await startWorker(env, freshDataDir());
      workers.push(worker);
      return worker;
    },
    async close() {
      await Promise.allSettled([...webs.map((web) => (web.child.exitCode === null && web.child.signalCode === null ? web.stop() : null)), ...workers.map((worker) => worker.stop())]);
      await s3.close();
      await dropRedisNamespace(redisPrefix);
    },
  };
}

async function startWorker(env: Record<string, string>, dataDir: string): Promise<WorkerProcess> {
  if (!fs.existsSync(WORKER_BUNDLE)) throw new Error(`${WORKER_BUNDLE} is missing (scripts/build-server.ts)`);
  const child = spawn(process.execPath, ["--enable-source-maps", WORKER_BUNDLE], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "development", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start within 120 s:\n${output}`)), 120_000);
    const listen = (chunk: Buffer) => {
      output += chunk;
      if (WORKER_READY.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", listen);
    child.stderr!.on("data", listen);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with ${code} before it was ready:\n${output}`));
    });
  });
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    output: () => output,
    async stop() {
      if (!isRunning()) return;
      child.kill("SIGTERM");
      await exited;
    },
    async kill9() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}
