import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCheckpoint } from "../../isomorphic/ledger/checkpoint.js";
import { hashLeaf } from "../../isomorphic/ledger/hashing.js";
import { checkInclusionProof } from "../../isomorphic/ledger/inclusion.js";
import { parseVerifierKey } from "../../isomorphic/ledger/note-keys.js";
import { CompactRange } from "../../server/ledger/compact-range.js";
import { nodeLedgerCrypto, sha256 } from "../../server/ledger/node-crypto.js";
import { generateNoteKeys } from "../../server/ledger/signer-keys.js";
import { loadLedgerKey } from "../../server/modules/ledger/ledger-signer-key.js";
import { LedgerService } from "../../server/modules/ledger/ledger.service.js";
import { createTestDatabase, type TestDatabase } from "../server/support/test-database.js";

const ORIGIN = "multi.hengzheng.local/evidence-log";
const WRITER_SCRIPT = path.join(import.meta.dirname, "support/ledger-writer-process.ts");
const SIGNER_KEY = generateNoteKeys(ORIGIN).signerKey;
/** Appends each survivor must get acknowledged after a kill before the next step. */
const AFTER_KILL = 40;
/** "Replaced within seconds": generous on a loaded 2-core machine, far below the file's budget. */
const TAKEOVER_LIMIT_MS = 10_000;

const b64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000, pollMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (failures.length > 0) throw failures[0];
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** One child process appending to the ledger (support/ledger-writer-process.ts), with what it acknowledged. */
class Writer {
  readonly acks = new Map<number, { index: number; at: number }>();
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  readonly exited: Promise<number | null>;
  killed = false;

  constructor(readonly name: string, databaseUrl: string) {
    // The application name lets the test see which writer's session holds the lock (pg_stat_activity).
    const url = new URL(databaseUrl);
    url.searchParams.set("application_name", name);
    this.child = spawn(process.execPath, ["--import", "tsx", WRITER_SCRIPT], {
      env: { ...process.env, LEDGER_TEST_DATABASE_URL: url.toString(), LEDGER_TEST_SIGNER_KEY: SIGNER_KEY, LEDGER_TEST_ORIGIN: ORIGIN, WRITER_NAME: name },
      stdio: ["pipe", "pipe", "inherit"],
    });
    this.exited = new Promise((resolve) =>
      this.child.on("exit", (code) => {
        // A writer that dies on its own (a failed block, a crash) fails the test at once.
        if (!this.killed && code !== 0) failures.push(new Error(`${name} exited with ${code}`));
        resolve(code);
      }),
    );
    this.ready = new Promise((resolve, reject) => {
      this.child.on("exit", (code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
      readline.createInterface({ input: this.child.stdout! }).on("line", (line) => {
        if (line === "ready") resolve();
        const [word, n, index] = line.split(" ");
        if (word === "ack") this.acks.set(Number(n), { index: Number(index), at: Date.now() });
      });
    });
    this.ready.catch(() => undefined);
  }

  acksAfter(time: number): number {
    let count = 0;
    for (const ack of this.acks.values()) if (ack.at > time) count += 1;
    return count;
  }

  firstAckAfter(time: number): number {
    return Math.min(...[...this.acks.values()].filter((ack) => ack.at > time).map((ack) => ack.at));
  }
}

let database: TestDatabase;
const failures: Error[] = [];
const writers: Writer[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const writer of writers) {
    writer.killed = true;
    writer.child.kill("SIGKILL");
  }
  await database.handle.db.destroy();
  await database.dispose();
});

/** The application name of the session holding the ledger's writer lock in this database, if any. */
async function lockHolder(): Promise<string | null> {
  const { rows } = await sql<{ application_name: string }>`
    SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(database.handle.db);
  return rows[0]?.application_name ?? null;
}

/** SIGKILL `writer` while its session holds the writer lock: in the middle of one of its blocks. */
async function killMidBlock(writer: Writer): Promise<number> {
  await until(async () => (await lockHolder()) === writer.name, `${writer.name} to hold the writer lock`, 20_000, 1);
  writer.killed = true;
  writer.child.kill("SIGKILL");
  const killedAt = Date.now();
  await writer.exited;
  return killedAt;
}

describe("the ledger writer across processes (PostgreSQL)", () => {
  it("lets three processes append at once, survives writers killed mid-block, and loses no acknowledged entry", async () => {
    const url = (database.handle.target as { url: string }).url;
    writers.push(...["writer-a", "writer-b", "writer-c"].map((name) => new Writer(name, url)));
    const [a, b, c] = writers;
    await Promise.all(writers.map((writer) => writer.ready));
    await until(() => writers.every((writer) => writer.acks.size >= 50), "every writer's first acknowledged appends");

    for (const [victim, survivors] of [[a, [b, c]], [b, [c]]] as const) {
      const killedAt = await killMidBlock(victim);
      await until(() => survivors.every((writer) => writer.acksAfter(killedAt) >= AFTER_KILL), `the survivors of ${victim.name} to go on appending`);
      for (const survivor of survivors) expect(survivor.firstAckAfter(killedAt) - killedAt).toBeLessThan(TAKEOVER_LIMIT_MS);
    }
    c.child.stdin!.end();
    expect(await c.exited).toBe(0);

    // Opening the ledger runs the full stored-ledger check (state, checkpoint, entries, nodes).
    const key = loadLedgerKey({ signerKey: SIGNER_KEY, dataDir: database.dataDir, origin: ORIGIN });
    const ledger = await LedgerService.open({ db: database.handle.db, origin: ORIGIN, key });
    const checkpoint = (await ledger.latestCheckpoint())!;
    const opened = openCheckpoint(checkpoint.note, [parseVerifierKey(ledger.verifierKey, nodeLedgerCrypto)]);
    if (!opened.ok) throw new Error(opened.detail);

    // An audit of every stored entry: the tree over them has the signed root, and no entry is there twice.
    const rows = await database.handle.db.selectFrom("ledger_entries").select(["idx", "entry"]).orderBy("idx").execute();
    expect(rows.map((row) => Number(row.idx))).toEqual(rows.map((_, i) => i));
    const range = CompactRange.empty();
    range.appendAll(rows.map((row) => hashLeaf(row.entry, sha256)));
    expect(range.size).toBe(opened.checkpoint.size);
    expect(Buffer.from(range.root()).equals(Buffer.from(opened.checkpoint.rootHash))).toBe(true);
    const indexOf = new Map(rows.map((row) => [Buffer.from(row.entry).toString("utf8"), Number(row.idx)]));
    expect(indexOf.size).toBe(rows.length);

    // Every acknowledged entry, of the killed writers too, is in the log at the index its receipt gave.
    for (const writer of writers) {
      for (const [n, ack] of writer.acks) expect(indexOf.get(`${writer.name}-${n}`), `${writer.name}-${n}`).toBe(ack.index);
    }
    // And proven under the final signed checkpoint, e.g. each writer's last acknowledged entry.
    for (const writer of writers) {
      const last = Math.max(...[...writer.acks.values()].map((ack) => ack.index));
      const answer = await ledger.inclusionProof(last);
      const claim = { leafHash: hashLeaf(rows[last].entry, sha256), index: last, treeSize: answer.treeSize, proof: answer.proof.map(b64), rootHash: opened.checkpoint.rootHash };
      expect(checkInclusionProof(claim, sha256).ok).toBe(true);
    }
    await ledger.close();
  });
});
