import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setImmediate as nextLoopTurn } from "node:timers/promises";
import { HEALTH_PATH } from "../../../src/schema/health.js";
import { SERVER_BUNDLE } from "../../../scripts/build-server.js";
import { provideTestLoginKey } from "../../server/support/test-login-key.js";

/**
 * The real platform as a separate process, exactly as `npm start` runs it after the build:
 * `node dist-server/server.js` (compiled once per run by the e2e global setup) on a free loopback
 * port with its own data folder. An `entry` ending in .ts runs through tsx instead (test-only
 * variants of the server). Ready when GET /healthz answers 200.
 */
export type ServerProcess = {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** kill -9: no chance to flush or close anything. */
  kill9(): Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, "../../..");
/** Fresh data folders, migrations and key generation included, take seconds on a loaded 2-core machine. */
const START_TIMEOUT_MS = 60_000;

let runLoginKey: string | undefined;

/**
 * The run's RSA login key (support/file-setup.ts), put into each data folder startServer creates:
 * a server generating its own 3072-bit key takes seconds on a loaded 2-core machine. A folder the
 * caller names is left as it is, so the first-start test still sees the server make its own.
 */
export function useRunLoginKey(pem: string): void {
  runLoginKey = pem;
}

function freshDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "evidence-e2e-"));
  if (runLoginKey) provideTestLoginKey(dataDir, runLoginKey);
  return dataDir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}${HEALTH_PATH}`, { signal: AbortSignal.timeout(2000) });
    return response.status === 200;
  } catch {
    return false; // not listening yet
  }
}

export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; entry?: string } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? freshDataDir();
  const port = await freePort();
  const entry = options.entry ?? SERVER_BUNDLE;
  if (!fs.existsSync(path.resolve(ROOT, entry))) throw new Error(`${entry} is missing: the end-to-end tests run the compiled server (\`npm run build:server\`).`);
  const args = entry.endsWith(".ts") ? ["--import", "tsx", entry] : ["--enable-source-maps", entry];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "development", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // After the exit, once its last words on stdout and stderr are read too.
  const closed = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await isHealthy(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      const exitCode = await closed;
      throw new Error(`server did not start (exit code ${exitCode}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The start-up lines were written before the server answered: one more turn of the event loop
  // hands them to output() too.
  await nextLoopTurn();

  return {
    url,
    dataDir,
    child,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      return exited;
    },
    async kill9() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}
