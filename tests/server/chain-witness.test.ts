import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { generateNoteKeys } from "../../server/ledger/signer-keys.js";
import { parseNote, verifyNote } from "../../isomorphic/ledger/signed-note.js";
import { generateCosignerKeys, parseCosignerVerifierKey } from "../../server/witness/cosignature.js";
import { buildWitnessServer } from "../../server/witness/witness-server.js";
import { CHAIN_STATS_ENDPOINT } from "../../src/schema/chain-live.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

const entry = (text: string) => new TextEncoder().encode(JSON.stringify({ v: 1, text }));

/** The chain module in the real app: every checkpoint goes to the local witness and any external ones. */
describe("witness cosignatures on ledger checkpoints", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function app(env: Record<string, string> = {}): Promise<TestApp> {
    const test = await createTestApp({ seedDemo: false, env });
    cleanups.push(() => test.close());
    return test;
  }

  it("the local witness cosigns each checkpoint; /ledger/checkpoint carries its cosignature, which verifies with /witness/vkey", async () => {
    const test = await app();
    const { ledger, chain } = test.app.services;
    await ledger.append(entry("a"));
    const receipt = await ledger.append(entry("b"));
    await chain!.idle();

    const vkey = (await test.app.inject({ method: "GET", url: "/witness/vkey" })).body.trim();
    const witness = parseCosignerVerifierKey(vkey);
    const served = (await test.app.inject({ method: "GET", url: "/ledger/checkpoint" })).body;
    const signers = parseNote(served).signatures.map((signature) => signature.name);
    expect(signers).toEqual([ledger.origin, witness.name]);
    expect(verifyNote(served, [witness]).ok).toBe(true);
    expect(served.startsWith(receipt.checkpoint.split("\n\n")[0])).toBe(true);

    const nodes = chain!.nodes();
    expect(nodes).toEqual([
      { name: ledger.origin, status: 1, kind: "log", lastSize: receipt.treeSize },
      { name: witness.name, status: 1, kind: "witness", lastSize: receipt.treeSize },
    ]);
    const stats = await test.call(CHAIN_STATS_ENDPOINT);
    expect(stats.json().datas.nodeList).toEqual([
      { name: ledger.origin, status: 1 },
      { name: witness.name, status: 1 },
    ]);
    expect(stats.json().datas.peerCount).toBe(2);
  });

  it("an external witness over HTTP cosigns too; one that cannot be reached shows offline and never blocks appends", async () => {
    const logKeys = generateNoteKeys("hengzheng.local/evidence-log");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "external-witness-"));
    const external = await buildWitnessServer({ name: "witness.other/w1", dataDir, logKeys: [logKeys.verifierKey], logLevel: "silent" });
    await external.app.listen({ port: 0, host: "127.0.0.1" });
    cleanups.push(async () => {
      await external.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const port = (external.app.server.address() as { port: number }).port;
    const unreachable = generateCosignerKeys("witness.down/w1").verifierKey;

    const test = await app({
      LEDGER_SIGNER_KEY: logKeys.signerKey,
      LEDGER_LOCAL_WITNESS: "false",
      LEDGER_WITNESS_URLS: `http://127.0.0.1:${port},http://127.0.0.1:9`,
      LEDGER_WITNESS_KEYS: `${external.witness.verifierKey},${unreachable}`,
    });
    const { ledger, chain } = test.app.services;
    const receipts = await Promise.all([ledger.append(entry("x")), ledger.append(entry("y"))]);
    await chain!.idle();
    const third = await ledger.append(entry("z"));
    await chain!.idle();
    expect(third.treeSize).toBe(Math.max(...receipts.map((receipt) => receipt.treeSize)) + 1);

    expect(chain!.nodes()).toEqual([
      { name: ledger.origin, status: 1, kind: "log", lastSize: third.treeSize },
      { name: "witness.other/w1", status: 1, kind: "witness", lastSize: third.treeSize },
      { name: "witness.down/w1", status: 0, kind: "witness", lastSize: null },
    ]);
    // The external witness recorded the tree it cosigned, durably, in its own state.
    expect(external.witness.latest(ledger.origin)?.size).toBe(third.treeSize);
    const served = (await test.app.inject({ method: "GET", url: "/ledger/checkpoint" })).body;
    expect(verifyNote(served, [parseCosignerVerifierKey(external.witness.verifierKey)]).ok).toBe(true);
    expect(test.app.hasRoute({ method: "POST", url: "/witness/add-checkpoint" })).toBe(false);
  });
});
