import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { durableTransaction, openDatabase } from "../../server/db/dialect.js";
import { openCheckpoint } from "../../isomorphic/ledger/checkpoint.js";
import { checkConsistencyProof, generateConsistencyProof } from "../../isomorphic/ledger/consistency.js";
import { encodeHex } from "../../isomorphic/ledger/encoding.js";
import { splitEntryBundle } from "../../server/ledger/entry-bundle.js";
import { hashLeaf } from "../../isomorphic/ledger/hashing.js";
import { checkInclusionProof, generateInclusionProof } from "../../isomorphic/ledger/inclusion.js";
import { parseVerifierKey } from "../../isomorphic/ledger/note-keys.js";
import { generateNoteKeys } from "../../server/ledger/signer-keys.js";
import { parseProofBundle } from "../../isomorphic/ledger/proof-bundle.js";
import { createTileHashReader } from "../../server/ledger/tile-hashes.js";
import { entryBundlePath, tilePath } from "../../server/ledger/tiles.js";
import { loadLedgerKey, SIGNER_KEY_FILE } from "../../server/modules/ledger/ledger-signer-key.js";
import { LedgerService } from "../../server/modules/ledger/ledger.service.js";
import type { LedgerReceipt } from "../../server/modules/ledger/ledger.types.js";
import { nodeLedgerCrypto, sha256 } from "../../server/ledger/node-crypto.js";
import { sha256Hex } from "../../server/plugins/signature.js";
import { CHAIN_STATS_ENDPOINT } from "../../src/schema/chain-live.js";
import { webapiPath } from "../../src/schema/contract.js";
import { LEDGER_ENDPOINTS } from "../../src/schema/ledger.js";
import { computeSignature } from "../../src/schema/signature.js";
import { createTestDatabase, type TestDatabase } from "./support/test-database.js";
import { provideTestLoginKey } from "./support/test-login-key.js";

const ORIGIN = "test.hengzheng.local/evidence-log";
const b64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The real app on `database` (a second call opens the same database and data folder again: a restart). */
async function startApp(database: TestDatabase, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const handle = openDatabase(database.handle.target);
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: database.dataDir,
    CLIENT_DIR: `${database.dataDir}/no-client`,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    PASSWORD_SCRYPT_LOG_N: "14",
    LEDGER_ORIGIN: ORIGIN,
    ...env,
  });
  try {
    return await buildApp({ config, database: handle });
  } catch (error) {
    await handle.db.destroy();
    throw error;
  }
}

async function signedGet(app: FastifyInstance, url: string, params: Record<string, string | number> = {}) {
  const withTime = { ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), timestamp: String(Date.now()) };
  const response = await app.inject({ method: "GET", url, query: { ...withTime, signature: computeSignature(withTime, sha256Hex) } });
  return response.json();
}

async function plainGet(app: FastifyInstance, url: string) {
  return app.inject({ method: "GET", url });
}

let databases: TestDatabase[] = [];
let apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) {
    await database.handle.db.destroy();
    await database.dispose();
  }
  apps = [];
  databases = [];
});

async function freshLedger(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  provideTestLoginKey(database.dataDir);
  databases.push(database);
  const app = await startApp(database, env);
  apps.push(app);
  return { database, app, ledger: app.services.ledger };
}

async function appendMany(app: FastifyInstance, count: number, prefix = "entry") {
  const entries = Array.from({ length: count }, (_, i) => utf8(JSON.stringify({ v: 1, kind: "hash", n: `${prefix}-${i}` })));
  const receipts = await Promise.all(entries.map((entry) => app.services.ledger.append(entry)));
  return { entries, receipts };
}

async function close(app: FastifyInstance) {
  apps = apps.filter((item) => item !== app);
  await app.close();
}

/** Each receipt's entry is in its signed checkpoint: the checkpoint verifies, and so does the inclusion proof the ledger gives. */
async function expectProven(ledger: LedgerService, entries: readonly Uint8Array[], receipts: readonly LedgerReceipt[]) {
  const verifier = parseVerifierKey(ledger.verifierKey, nodeLedgerCrypto);
  for (const [i, receipt] of receipts.entries()) {
    const opened = openCheckpoint(receipt.checkpoint, [verifier]);
    if (!opened.ok) throw new Error(opened.detail);
    const answer = await ledger.inclusionProof(receipt.index, receipt.treeSize);
    const claim = { leafHash: hashLeaf(entries[i], sha256), index: receipt.index, treeSize: receipt.treeSize, proof: answer.proof.map(b64), rootHash: opened.checkpoint.rootHash };
    expect(checkInclusionProof(claim, sha256)).toEqual({ ok: true });
  }
}

describe("ledger service", () => {
  it("starts a new log with the signed empty tree and publishes its verifier key", async () => {
    const { app, database } = await freshLedger();
    const vkey = (await plainGet(app, "/ledger/vkey")).body.trim();
    const checkpoint = await plainGet(app, "/ledger/checkpoint");
    expect(checkpoint.statusCode).toBe(200);
    expect(checkpoint.headers["content-type"]).toContain("text/plain");
    const opened = openCheckpoint(checkpoint.body, [parseVerifierKey(vkey, nodeLedgerCrypto)]);
    expect(opened.ok && opened.checkpoint).toMatchObject({ origin: ORIGIN, size: 0 });
    expect(vkey.startsWith(`${ORIGIN}+`)).toBe(true);
    const keyFile = path.join(database.dataDir, SIGNER_KEY_FILE);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(keyFile, "utf8")).toMatch(/^PRIVATE\+KEY\+/);
  });

  it("resolves appends with receipts whose proofs verify against the signed checkpoint", async () => {
    const { app, ledger } = await freshLedger();
    const verifier = parseVerifierKey((await plainGet(app, "/ledger/vkey")).body.trim(), nodeLedgerCrypto);
    const { entries, receipts } = await appendMany(app, 300);

    // 256 entries close a block at once; the other 44 wait for the timer.
    expect(new Set(receipts.map((receipt) => receipt.blockHeight))).toEqual(new Set([1, 2]));
    expect(receipts.map((receipt) => receipt.index).sort((a, b) => a - b)).toEqual(entries.map((_, i) => i));
    for (const [i, receipt] of receipts.entries()) {
      expect(receipt.leafHash).toBe(encodeHex(hashLeaf(entries[i], sha256)));
      const opened = openCheckpoint(receipt.checkpoint, [verifier]);
      if (!opened.ok) throw new Error(opened.detail);
      expect(opened.checkpoint.size).toBe(receipt.treeSize);
      expect(receipt.treeSize).toBeGreaterThan(receipt.index);
      const answer = await ledger.inclusionProof(receipt.index, receipt.treeSize);
      const claim = { leafHash: hashLeaf(entries[i], sha256), index: receipt.index, treeSize: receipt.treeSize, proof: answer.proof.map(b64), rootHash: opened.checkpoint.rootHash };
      expect(checkInclusionProof(claim, sha256)).toEqual({ ok: true });
      if (i % 50 === 0) {
        expect(checkInclusionProof({ ...claim, leafHash: hashLeaf(utf8("changed"), sha256) }, sha256).ok).toBe(false);
        expect(Buffer.from(await ledger.entry(receipt.index) ?? [])).toEqual(Buffer.from(entries[i]));
        expect(await ledger.blockHeightOf(receipt.index)).toBe(receipt.blockHeight);
      }
    }

    // The same through /webapi, tokenless, against the latest checkpoint.
    const json = await signedGet(app, webapiPath(LEDGER_ENDPOINTS.getInclusionProof), { index: 7 });
    expect(json.code).toBe(200);
    expect(json.datas.treeSize).toBe(300);
    const latest = openCheckpoint(json.datas.checkpoint, [verifier]);
    if (!latest.ok) throw new Error(latest.detail);
    expect(checkInclusionProof({ leafHash: hashLeaf(entries[7], sha256), index: 7, treeSize: 300, proof: json.datas.proof.map(b64), rootHash: latest.checkpoint.rootHash }, sha256).ok).toBe(true);

    const bundle = parseProofBundle(await ledger.proofBundle(299));
    expect(bundle.index).toBe(299);
    expect(checkInclusionProof({ leafHash: hashLeaf(entries[299], sha256), index: 299, treeSize: 300, proof: bundle.proof, rootHash: latest.checkpoint.rootHash }, sha256).ok).toBe(true);

    expect((await signedGet(app, webapiPath(LEDGER_ENDPOINTS.getInclusionProof), { index: 300 })).code).toBe(1001);
    expect((await signedGet(app, webapiPath(LEDGER_ENDPOINTS.getInclusionProof), { index: 1, treeSize: 299 })).code).toBe(404);
    await expect(ledger.append(new Uint8Array(65_536))).rejects.toThrow(/65535/);
    expect(await ledger.blockHeightOf(300)).toBeNull();
  });

  it("serves C2SP tiles from which a client rebuilds the same proofs", async () => {
    const { app, ledger } = await freshLedger();
    const { entries } = await appendMany(app, 600);
    const note = (await plainGet(app, "/ledger/checkpoint")).body;
    const opened = openCheckpoint(note, [parseVerifierKey(ledger.verifierKey, nodeLedgerCrypto)]);
    if (!opened.ok) throw new Error(opened.detail);
    const { size, rootHash } = opened.checkpoint;
    expect(size).toBe(600);

    const fetched: string[] = [];
    const reader = createTileHashReader(size, async (tile) => {
      const response = await plainGet(app, `/ledger/${tilePath(tile)}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/octet-stream");
      expect(response.headers["cache-control"]).toBe(tile.width === 256 ? "public, max-age=31536000, immutable" : "public, max-age=86400");
      fetched.push(tilePath(tile));
      return new Uint8Array(response.rawPayload);
    });
    for (const index of [0, 255, 256, 511, 512, 599]) {
      const fromTiles = await generateInclusionProof(index, size, reader, sha256);
      const fromServer = await ledger.inclusionProof(index);
      expect(fromTiles.map((hash) => Buffer.from(hash).toString("base64"))).toEqual(fromServer.proof);
      expect(checkInclusionProof({ leafHash: hashLeaf(entries[index], sha256), index, treeSize: size, proof: fromTiles, rootHash }, sha256).ok).toBe(true);
    }
    expect(fetched).toEqual(expect.arrayContaining(["tile/0/000", "tile/0/001", "tile/0/002.p/88", "tile/1/000.p/2"]));

    const bundles = [
      { path: entryBundlePath({ index: 0, width: 256 }), from: 0, width: 256 },
      { path: entryBundlePath({ index: 2, width: 88 }), from: 512, width: 88 },
      { path: entryBundlePath({ index: 2, width: 10 }), from: 512, width: 10 },
    ];
    for (const bundle of bundles) {
      const response = await plainGet(app, `/ledger/${bundle.path}`);
      expect(response.statusCode).toBe(200);
      const served = splitEntryBundle(new Uint8Array(response.rawPayload), bundle.width);
      expect(served.map((entry) => Buffer.from(entry).toString())).toEqual(entries.slice(bundle.from, bundle.from + bundle.width).map((entry) => Buffer.from(entry).toString()));
    }
    // Not (yet) in the tree, or not a tile path at all.
    for (const missing of ["tile/0/002", "tile/0/002.p/89", "tile/0/003.p/1", "tile/1/000", "tile/entries/002", "tile/0/x001", "tile/abc"]) {
      expect((await plainGet(app, `/ledger/${missing}`)).statusCode).toBe(404);
    }
  });

  it("proves consistency between two checkpoints", async () => {
    const { app, ledger } = await freshLedger();
    const first = await appendMany(app, 10, "a");
    const second = await appendMany(app, 290, "b");
    const verifier = parseVerifierKey(ledger.verifierKey, nodeLedgerCrypto);
    const open = (receipt: LedgerReceipt) => {
      const opened = openCheckpoint(receipt.checkpoint, [verifier]);
      if (!opened.ok) throw new Error(opened.detail);
      return opened.checkpoint;
    };
    const older = open(first.receipts[0]);
    const newer = open(second.receipts.at(-1)!);
    expect([older.size, newer.size]).toEqual([10, 300]);

    const json = await signedGet(app, webapiPath(LEDGER_ENDPOINTS.getConsistencyProof), { oldSize: older.size, newSize: newer.size });
    expect(json.code).toBe(200);
    const claim = { size1: older.size, size2: newer.size, rootHash1: older.rootHash, rootHash2: newer.rootHash, proof: json.datas.proof.map(b64) };
    expect(checkConsistencyProof(claim, sha256)).toEqual({ ok: true });
    expect(checkConsistencyProof({ ...claim, rootHash1: newer.rootHash }, sha256).ok).toBe(false);

    const reader = createTileHashReader(newer.size, async (tile) => new Uint8Array((await plainGet(app, `/ledger/${tilePath(tile)}`)).rawPayload));
    const fromTiles = await generateConsistencyProof(older.size, newer.size, reader, sha256);
    expect(fromTiles.map((hash) => Buffer.from(hash).toString("base64"))).toEqual(json.datas.proof);

    expect((await signedGet(app, webapiPath(LEDGER_ENDPOINTS.getConsistencyProof), { oldSize: 20, newSize: 301 })).code).toBe(1001);
    expect((await signedGet(app, webapiPath(LEDGER_ENDPOINTS.getConsistencyProof), { oldSize: 30, newSize: 20 })).code).toBe(1001);
  });

  it("answers the chain statistics and the checkpoint as JSON without a token", async () => {
    const { app, ledger } = await freshLedger();
    const { receipts } = await appendMany(app, 3);
    const stats = await signedGet(app, webapiPath(CHAIN_STATS_ENDPOINT));
    expect(stats.code).toBe(200);
    expect(stats.datas).toMatchObject({ blockHeight: 1, blockNum: 1, txCount: 3 });
    // The log itself first; witnesses (chain module) after it, each counted as a peer.
    expect(stats.datas.nodeList[0]).toEqual({ name: ORIGIN, status: 1 });
    expect(stats.datas.peerCount).toBe(stats.datas.nodeList.length);
    expect(stats.datas.txList.map((tx: { txHash: string }) => tx.txHash)).toEqual([...receipts].reverse().map((receipt) => receipt.leafHash));

    const checkpoint = await signedGet(app, webapiPath(LEDGER_ENDPOINTS.getCheckpoint));
    expect(checkpoint.datas).toMatchObject({ origin: ORIGIN, verifierKey: ledger.verifierKey, blockHeight: 1, treeSize: 3, note: receipts[0].checkpoint });
  });

  it("continues the log after a restart on the same data", async () => {
    const { app, database } = await freshLedger();
    const before = await appendMany(app, 20, "before");
    const vkey = app.services.ledger.verifierKey;
    await close(app);

    const restarted = await startApp(database);
    apps.push(restarted);
    expect(restarted.services.ledger.verifierKey).toBe(vkey);
    expect((await restarted.services.ledger.latestCheckpoint())?.note).toBe(before.receipts[0].checkpoint);
    const after = await restarted.services.ledger.append(utf8("after restart"));
    expect(after).toMatchObject({ index: 20, blockHeight: 2, treeSize: 21 });
    const oldRoot = openCheckpoint(before.receipts[0].checkpoint, [parseVerifierKey(vkey, nodeLedgerCrypto)]);
    const newRoot = openCheckpoint(after.checkpoint, [parseVerifierKey(vkey, nodeLedgerCrypto)]);
    if (!oldRoot.ok || !newRoot.ok) throw new Error("checkpoint does not verify");
    const proof = await restarted.services.ledger.consistencyProof(20, 21);
    expect(checkConsistencyProof({ size1: 20, size2: 21, rootHash1: oldRoot.checkpoint.rootHash, rootHash2: newRoot.checkpoint.rootHash, proof: proof.proof.map(b64) }, sha256).ok).toBe(true);
  });

  it("integrates the waiting appends when the app closes", async () => {
    const { app, database } = await freshLedger();
    const pending = app.services.ledger.append(utf8("in flight at close"));
    await close(app);
    expect(await pending).toMatchObject({ index: 0, blockHeight: 1 });
    await expect(app.services.ledger.append(utf8("too late"))).rejects.toThrow(/已关闭/);
    const restarted = await startApp(database);
    apps.push(restarted);
    expect((await restarted.services.ledger.latestCheckpoint())?.treeSize).toBe(1);
  });

  it("leaves nothing of a block whose transaction fails halfway", async () => {
    const { app } = await freshLedger();
    // The app's own connection: a second SQLite connection in the same process would block the
    // event loop in its busy wait while the app holds the write lock.
    const { db } = app.database;
    await appendMany(app, 200, "first");
    // A stray node where the next block will write its first level-8 node: the block's insert fails
    // after its entries were written, inside the same transaction.
    await db.insertInto("ledger_nodes").values({ level: 8, idx: 0, hash: Buffer.alloc(32) }).execute();
    await expect(appendMany(app, 100, "second")).rejects.toThrow();
    expect((await app.services.ledger.latestCheckpoint())?.treeSize).toBe(200);
    const count = await db.selectFrom("ledger_entries").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(200);

    await db.deleteFrom("ledger_nodes").execute();
    const retried = await appendMany(app, 100, "second");
    expect(Math.max(...retried.receipts.map((receipt) => receipt.treeSize))).toBe(300);
  });

  it("integrates blocks hashed ahead for a start a failed block before them did not leave", async () => {
    const { app, database } = await freshLedger();
    // A second service on the app's own database, with blocks of 4 started as soon as the one before
    // is done, whose clock fails one block when told to (as the block is built: nothing of it is stored).
    let failNextBlock = false;
    const now = () => {
      if (!failNextBlock) return Date.now();
      failNextBlock = false;
      throw new Error("clock failed");
    };
    const key = loadLedgerKey({ signerKey: undefined, dataDir: database.dataDir, origin: ORIGIN });
    const ledger = await LedgerService.open({ db: app.database.db, origin: ORIGIN, key, now, blockMaxEntries: 4, blockMaxDelayMs: 0 });
    await Promise.all([0, 1, 2, 3].map((i) => ledger.append(utf8(`first-${i}`))));
    // The first entry starts a block alone, which fails; the two blocks of 4 closed behind it were
    // hashed for starts 5 and 9, and go in at 4 and 8, where some of their nodes' positions hold
    // other leaves (the nodes of leaves 6-7 and 10-11).
    failNextBlock = true;
    const entries = Array.from({ length: 9 }, (_, i) => utf8(`second-${i}`));
    const settled = await Promise.allSettled(entries.map((entry) => ledger.append(entry)));
    expect(settled[0]).toMatchObject({ status: "rejected", reason: new Error("clock failed") });
    const receipts = settled.slice(1).map((result) => (result.status === "fulfilled" ? result.value : expect.unreachable(String(result.reason))));
    expect(receipts.map((receipt) => receipt.index)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    await expectProven(ledger, entries.slice(1), receipts);
    // And the next blocks are hashed for where they start again.
    const more = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => ledger.append(utf8(`third-${i}`))));
    expect(more.map((receipt) => receipt.index)).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
    await ledger.close();
    // The stored tree is the one a fresh start checks against the last checkpoint.
    const again = await LedgerService.open({ db: app.database.db, origin: ORIGIN, key });
    expect((await again.latestCheckpoint())?.treeSize).toBe(20);
    await again.close();
  });

  /** Appends `count` entries of `batch` at once; answers them with each one's outcome. */
  async function appendAll(ledger: LedgerService, batch: string, count: number) {
    const entries = Array.from({ length: count }, (_, i) => utf8(JSON.stringify({ v: 1, kind: "hash", batch, n: i })));
    return { entries, settled: await Promise.allSettled(entries.map((entry) => ledger.append(entry))) };
  }
  const fulfilled = (settled: PromiseSettledResult<LedgerReceipt>[]) => settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));

  /** A ledger whose blocks of 256 go to the writer thread: the first big block starts it. */
  async function ledgerWritingOnThread() {
    const started = await freshLedger();
    await appendAll(started.ledger, "start", 256);
    await vi.waitFor(() => expect(started.ledger.writesOnThread).toBe(true), { timeout: 30_000, interval: 50 });
    return started;
  }

  it.skipIf(process.env.TEST_DB_KIND === "postgres")("stores blocks that come back to back on the writer thread, one history a restart checks", async () => {
    const { app, database, ledger } = await ledgerWritingOnThread();
    const { entries, settled } = await appendAll(ledger, "burst", 4 * 256);
    const receipts = fulfilled(settled);
    expect(receipts.map((receipt) => receipt.index)).toEqual(entries.map((_, i) => 256 + i));
    expect(new Set(receipts.map((receipt) => receipt.blockHeight))).toEqual(new Set([2, 3, 4, 5]));
    await expectProven(ledger, entries, receipts);
    await close(app);
    // The start-up check rebuilds the tree from what the thread stored and checks it against the last checkpoint.
    const restarted = await startApp(database);
    apps.push(restarted);
    expect(await restarted.services.ledger.latestCheckpoint()).toMatchObject({ blockHeight: 5, treeSize: 1280 });
  });

  it.skipIf(process.env.TEST_DB_KIND === "postgres")("builds again on this thread the blocks sent on top of one the writer thread could not store", async () => {
    const { app, database, ledger } = await ledgerWritingOnThread();
    const { db } = app.database;
    // Any block holding this entry fails on the thread, after its tip was handed to the next block.
    await sql`CREATE TRIGGER poison BEFORE INSERT ON ledger_entries WHEN CAST(NEW.entry AS TEXT) LIKE '%poison%' BEGIN SELECT RAISE(ABORT, 'poisoned entry'); END`.execute(db);
    const poisoned = expect(ledger.append(utf8("poison"))).rejects.toThrow("poisoned entry");
    const { entries, settled } = await appendAll(ledger, "after", 3 * 256 - 1);
    await poisoned;
    // The block it was in failed whole (255 more entries); the two blocks behind it went in where it would have.
    expect(settled.slice(0, 255).every((result) => result.status === "rejected")).toBe(true);
    const receipts = fulfilled(settled);
    expect(receipts.map((receipt) => receipt.index)).toEqual(entries.slice(255).map((_, i) => 256 + i));
    await expectProven(ledger, entries.slice(255), receipts);

    await sql`DROP TRIGGER poison`.execute(db);
    const more = await appendAll(ledger, "more", 2 * 256);
    expect(fulfilled(more.settled).map((receipt) => receipt.index)).toEqual(more.entries.map((_, i) => 768 + i));
    await close(app);
    const restarted = await startApp(database);
    apps.push(restarted);
    expect((await restarted.services.ledger.latestCheckpoint())?.treeSize).toBe(1280);
  });

  // Two apps in one process on one SQLite file would deadlock in SQLite's synchronous busy wait; real
  // processes do not, but the test needs PostgreSQL's asynchronous driver to run both in one process.
  it.runIf(process.env.TEST_DB_KIND === "postgres")("keeps one history when two processes append to the same database", async () => {
    const { app, database } = await freshLedger();
    const other = await startApp(database);
    apps.push(other);
    const [mine, theirs] = await Promise.all([appendMany(app, 150, "mine"), appendMany(other, 150, "theirs")]);
    const receipts = [...mine.receipts, ...theirs.receipts];
    expect(new Set(receipts.map((receipt) => receipt.index)).size).toBe(300);
    const latest = (await other.services.ledger.latestCheckpoint())!;
    expect(latest.treeSize).toBe(300);
    // Every checkpoint either process signed is a prefix of the final tree.
    const verifier = parseVerifierKey(app.services.ledger.verifierKey, nodeLedgerCrypto);
    const final = openCheckpoint(latest.note, [verifier]);
    if (!final.ok) throw new Error(final.detail);
    for (const note of new Set(receipts.map((receipt) => receipt.checkpoint))) {
      const opened = openCheckpoint(note, [verifier]);
      if (!opened.ok) throw new Error(opened.detail);
      const proof = await app.services.ledger.consistencyProof(opened.checkpoint.size, 300);
      const claim = { size1: opened.checkpoint.size, size2: 300, rootHash1: opened.checkpoint.rootHash, rootHash2: final.checkpoint.rootHash, proof: proof.proof.map(b64) };
      expect(checkConsistencyProof(claim, sha256).ok).toBe(true);
    }
  });

  it("refuses to start when the stored ledger contradicts its checkpoint or key", async () => {
    const { app, database } = await freshLedger();
    await appendMany(app, 40);
    await close(app);
    const db = database.handle.db;
    const last = await db.selectFrom("ledger_checkpoints").selectAll().orderBy("block_height", "desc").executeTakeFirstOrThrow();
    const state = await db.selectFrom("ledger_state").selectAll().executeTakeFirstOrThrow();
    const logged39 = await db.selectFrom("ledger_entries").select("entry").where("idx", "=", 39).executeTakeFirstOrThrow();
    const otherRoot = Buffer.alloc(32, 7).toString("base64");

    const tampering: { name: string; apply: () => Promise<unknown>; undo: () => Promise<unknown>; message: RegExp }[] = [
      {
        name: "root hash column",
        apply: () => db.updateTable("ledger_checkpoints").set({ root_hash: otherRoot }).where("block_height", "=", last.block_height).execute(),
        undo: () => db.updateTable("ledger_checkpoints").set({ root_hash: last.root_hash }).where("block_height", "=", last.block_height).execute(),
        message: /签名内容与同一行记录/,
      },
      {
        name: "signed note",
        apply: () => db.updateTable("ledger_checkpoints").set({ note: last.note.replace(last.root_hash, otherRoot) }).where("block_height", "=", last.block_height).execute(),
        undo: () => db.updateTable("ledger_checkpoints").set({ note: last.note }).where("block_height", "=", last.block_height).execute(),
        message: /无法用本账本公钥/,
      },
      {
        name: "tree state",
        apply: () => db.updateTable("ledger_state").set({ frontier: Buffer.alloc(state.frontier.length, 1) }).execute(),
        undo: () => db.updateTable("ledger_state").set({ frontier: state.frontier }).execute(),
        message: /树状态算出的根哈希/,
      },
      {
        // The leaf hashes are computed from the stored bytes, so the tree no longer gives the signed root.
        name: "a logged entry's bytes",
        apply: () => db.updateTable("ledger_entries").set({ entry: Buffer.from(`${Buffer.from(logged39.entry).toString()} `) }).where("idx", "=", 39).execute(),
        undo: () => db.updateTable("ledger_entries").set({ entry: logged39.entry }).where("idx", "=", 39).execute(),
        message: /存储的树节点算出的根哈希/,
      },
      {
        name: "a lost entry",
        apply: () => db.deleteFrom("ledger_entries").where("idx", "=", 39).execute(),
        undo: () => Promise.resolve(),
        message: /数据库中有 39 条条目/,
      },
    ];
    for (const tamper of tampering) {
      await tamper.apply();
      await expect(startApp(database), tamper.name).rejects.toThrow(tamper.message);
      await tamper.undo();
    }
  });

  it("signs with LEDGER_SIGNER_KEY and refuses a different key for an existing log", async () => {
    const keys = generateNoteKeys(ORIGIN);
    const { app, database } = await freshLedger({ LEDGER_SIGNER_KEY: keys.signerKey });
    expect((await plainGet(app, "/ledger/vkey")).body).toBe(`${keys.verifierKey}\n`);
    expect(fs.existsSync(path.join(database.dataDir, SIGNER_KEY_FILE))).toBe(false);
    await appendMany(app, 2);
    await close(app);
    await expect(startApp(database, { LEDGER_SIGNER_KEY: generateNoteKeys(ORIGIN).signerKey })).rejects.toThrow(/账本自检失败.*无法用本账本公钥/);
    await expect(startApp(database, { LEDGER_SIGNER_KEY: "PRIVATE+KEY+broken" })).rejects.toThrow(/账本签名私钥（环境变量 LEDGER_SIGNER_KEY）无法解析/);
  });

  it.runIf(process.env.TEST_DB_KIND !== "postgres")("commits blocks with SQLite synchronous=FULL and returns to NORMAL", async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const { db } = database.handle;
    const level = async (executor: typeof db) => (await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(executor)).rows[0].synchronous;
    expect(await level(db)).toBe(1);
    expect(await durableTransaction(db, (trx) => level(trx))).toBe(2);
    expect(await level(db)).toBe(1);
  });
});
