import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * The real platform as a separate process, exactly as `npm start` runs it after the build:
 * `tsx server/server.ts` on a free loopback port with its own data folder.
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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; entry?: string } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "evidence-e2e-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", options.entry ?? "server/server.ts"], {
    cwd: path.resolve(import.meta.dirname, "../../.."),
    env: { ...process.env, NODE_ENV: "development", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  while (!output.includes("已启动")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const exitCode = child.exitCode;
      child.kill("SIGKILL");
      throw new Error(`server did not start (exit code ${exitCode}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url: `http://127.0.0.1:${port}`,
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
