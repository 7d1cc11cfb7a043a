import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generateInclusionProof } from "../../isomorphic/ledger/inclusion.js";
import { sha256 } from "../../server/ledger/node-crypto.js";
import { webapiPath } from "../../src/schema/contract.js";
import { LEDGER_ENDPOINTS } from "../../src/schema/ledger.js";
import { auditLedger } from "../support/ledger-audit.js";
import { startServer, type ServerProcess } from "./support/server-process.js";
import { signedGet } from "./support/signed-fetch.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

let server: ServerProcess | undefined;
afterEach(async () => {
  if (server && server.child.exitCode === null) await server.kill9();
  server = undefined;
});

/** Runs the burst writer on `dataDir` until `acknowledged` entries came back, then kill -9. */
async function burstThenKill(dataDir: string, acknowledged: number): Promise<Map<number, string>> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/support/ledger-burst.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "development", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const acks = new Map<number, string>();
  let pending = "";
  let errors = "";
  child.stderr!.on("data", (chunk) => (errors += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const lines = (pending + chunk.toString("utf8")).split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        const match = /^ack (\d+) (.+)$/.exec(line);
        if (match) acks.set(Number(match[1]), match[2]);
      }
      if (acks.size >= acknowledged && child.exitCode === null) {
        child.kill("SIGKILL");
        resolve();
      }
    });
    child.once("exit", () => (acks.size >= acknowledged ? resolve() : reject(new Error(`the writer stopped after ${acks.size} acks:\n${errors}`))));
  });
  expect(await exited).toBe("SIGKILL");
  return acks;
}

describe("ledger crash safety", () => {
  it("keeps every acknowledged entry, provably, after kill -9 during a burst of appends", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-crash-"));
    // The real server creates the data, the key and the empty-tree checkpoint, then stops.
    server = await startServer({ dataDir });
    const vkey = (await (await fetch(`${server.url}/ledger/vkey`)).text()).trim();
    expect(await server.stop()).toBe(0);

    // Killed while blocks are being written back to back: the kill lands inside some block.
    const acks = await burstThenKill(dataDir, 1500);
    expect(acks.size).toBeGreaterThanOrEqual(1500);

    // The real server starts again on the same data (its self-check passes) and serves the log.
    server = await startServer({ dataDir });
    expect((await (await fetch(`${server.url}/ledger/vkey`)).text()).trim()).toBe(vkey);
    const audit = await auditLedger(server.url, vkey);
    expect(audit.size).toBeGreaterThan(Math.max(...acks.keys()));
    for (const [index, text] of acks) {
      const { entry, proven } = await audit.entry(index);
      expect(new TextDecoder().decode(entry), `entry ${index}`).toBe(text);
      expect(proven, `entry ${index}`).toBe(true);
    }

    // The JSON proof of the same server agrees with the tiles.
    const sample = [...acks.keys()][Math.floor(acks.size / 2)];
    const json = await signedGet(server.url, webapiPath(LEDGER_ENDPOINTS.getInclusionProof), { index: String(sample) });
    expect(json.body.code).toBe(200);
    const fromTiles = await generateInclusionProof(sample, audit.size, audit.reader, sha256);
    expect(json.body.datas.proof).toEqual(fromTiles.map((hash) => Buffer.from(hash).toString("base64")));
  });
});
