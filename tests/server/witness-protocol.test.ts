import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseNote, verifyNote } from "../../isomorphic/ledger/signed-note.js";
import { generateNoteKeys } from "../../server/ledger/signer-keys.js";
import { parseCosignerVerifierKey } from "../../server/witness/cosignature.js";
import { buildWitnessServer } from "../../server/witness/witness-server.js";
import { addCheckpointBody, MemoryLog } from "./support/memory-log.js";

/** The standalone witness over real HTTP on a loopback port, fed by a log built from the ledger library. */
describe("C2SP tlog-witness: add-checkpoint", () => {
  let dataDir: string;
  let app: FastifyInstance;
  let base: string;
  let log: MemoryLog;
  let clock = 1_790_000_000_000;

  async function start() {
    const built = await buildWitnessServer({ name: "witness.test/w1", dataDir, logKeys: [log.verifierKey], logLevel: "silent", now: () => clock });
    app = built.app;
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
  }

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "witness-test-"));
    log = new MemoryLog("example.test/log");
    await start();
  });
  afterEach(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const submit = (body: string) => fetch(`${base}/add-checkpoint`, { method: "POST", body });
  const vkey = async () => (await (await fetch(`${base}/vkey`)).text()).trim();

  async function submitGrowth(oldSize: number) {
    return submit(addCheckpointBody(oldSize, await log.proof(oldSize), log.checkpoint()));
  }

  it("cosigns a first checkpoint and then consistent ones; the cosignature verifies with the witness vkey", async () => {
    log.append(5);
    const first = await submitGrowth(0);
    expect(first.status).toBe(200);
    log.append(12);
    const second = await submitGrowth(5);
    expect(second.status).toBe(200);
    const lines = await second.text();
    expect(lines).toMatch(/^— witness\.test\/w1 [A-Za-z0-9+/=]+\n$/);

    const verifier = parseCosignerVerifierKey(await vkey());
    const cosigned = log.checkpoint() + lines;
    const verified = verifyNote(cosigned, [verifier]);
    expect(verified.ok).toBe(true);
    const signature = parseNote(cosigned).signatures.at(-1)!;
    expect(verifier.timestampOf(signature.signature)).toBe(Math.floor(clock / 1000));
    // The cosignature is over this checkpoint only: another tree head does not verify with it.
    log.append(1);
    expect(verifyNote(log.checkpoint() + lines, [verifier]).ok).toBe(false);
  });

  it("answers 409 with the known size as text/x.tlog.size when the old size is stale, and keeps its state across restarts", async () => {
    log.append(8);
    expect((await submitGrowth(0)).status).toBe(200);
    log.append(3);
    const stale = await submitGrowth(0);
    expect(stale.status).toBe(409);
    expect(stale.headers.get("content-type")).toBe("text/x.tlog.size");
    expect(await stale.text()).toBe("8\n");

    await app.close();
    await start();
    const afterRestart = await submitGrowth(3);
    expect(afterRestart.status).toBe(409);
    expect(await afterRestart.text()).toBe("8\n");
    expect((await submitGrowth(8)).status).toBe(200);
  });

  it("refuses a checkpoint without a valid signature of a known key (403) and unknown logs (404)", async () => {
    log.append(4);
    const stranger = generateNoteKeys(log.origin).signerKey;
    const forged = await submit(addCheckpointBody(0, [], log.checkpoint(stranger)));
    expect(forged.status).toBe(403);

    const tampered = log.checkpoint().replace(/\n4\n/, "\n5\n");
    expect((await submit(addCheckpointBody(0, [], tampered))).status).toBe(403);

    const other = new MemoryLog("other.test/log");
    other.append(2);
    expect((await submit(addCheckpointBody(0, [], other.checkpoint()))).status).toBe(404);
  });

  it("refuses an inconsistent proof (422), a fork at the same size (409) and an old size above the new one (400)", async () => {
    log.append(8);
    expect((await submitGrowth(0)).status).toBe(200);

    // A fork that rewrote history after entry 5: properly signed, but not an extension of size 8.
    const fork = log.fork(5);
    fork.append(5, "rewritten");
    const forked = await submit(addCheckpointBody(8, await fork.proof(8), fork.checkpoint()));
    expect(forked.status).toBe(422);

    // The honest log's proof with a flipped hash.
    log.append(4);
    const proof = await log.proof(8);
    const flipped = [proof[0].startsWith("A") ? `B${proof[0].slice(1)}` : `A${proof[0].slice(1)}`, ...proof.slice(1)];
    expect((await submit(addCheckpointBody(8, flipped, log.checkpoint()))).status).toBe(422);

    const sameSizeFork = log.fork(5);
    sameSizeFork.append(3, "other");
    expect((await submit(addCheckpointBody(8, [], sameSizeFork.checkpoint()))).status).toBe(409);

    expect((await submit(addCheckpointBody(20, [], log.checkpoint()))).status).toBe(400);
    expect((await submit("old 8\nnot a proof line\n\n" + log.checkpoint())).status).toBe(400);
    // The refused submissions did not move the witness: the honest growth is still accepted.
    expect((await submitGrowth(8)).status).toBe(200);
  });
});

describe("server/cli/witness.ts as its own process", () => {
  it("starts, prints and serves its verifier key, and cosigns a checkpoint over HTTP", async () => {
    const { spawn } = await import("node:child_process");
    const { freePort } = await import("../e2e/support/server-process.js");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "witness-cli-"));
    const port = await freePort();
    const log = new MemoryLog("cli.test/log");
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli/witness.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, WITNESS_NAME: "witness.cli/w1", WITNESS_DATA_DIR: dataDir, WITNESS_PORT: String(port), WITNESS_LOG_KEYS: log.verifierKey, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    try {
      const deadline = Date.now() + 30_000;
      while (!output.includes("见证者已启动")) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`witness did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const vkey = (await (await fetch(`http://127.0.0.1:${port}/vkey`)).text()).trim();
      expect(output).toContain(vkey);
      log.append(3);
      const answer = await fetch(`http://127.0.0.1:${port}/add-checkpoint`, { method: "POST", body: addCheckpointBody(0, [], log.checkpoint()) });
      expect(answer.status).toBe(200);
      expect(verifyNote(log.checkpoint() + (await answer.text()), [parseCosignerVerifierKey(vkey)]).ok).toBe(true);
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
