import { parentPort, workerData } from "node:worker_threads";
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";
import { durableTransaction, openDatabase } from "../../db/dialect.js";
import type { BlockWriterMessage, BlockWriteReply, BlockWriterThreadData } from "./block-writer-thread.js";
import { ledgerRepository as repo, sameState } from "./ledger.repository.js";

/**
 * The ledger's block writer thread (block-writer-thread.ts): a connection of its own to each SQLite
 * file it is sent blocks for, on which it stores each block, in the order sent, only if the stored
 * tree state is still the one the block was built on.
 */
const port = parentPort;
if (!port) throw new Error("block-writer.worker.ts runs only as a worker thread");
const connections = new Map<string, Kysely<Database>>();

function connection(file: string): Kysely<Database> {
  let db = connections.get(file);
  if (!db) connections.set(file, (db = openDatabase({ kind: "sqlite", file }, { durableCommits: true }).db));
  return db;
}

async function handle(message: BlockWriterMessage): Promise<void> {
  if (message.kind === "release") {
    await connections.get(message.file)?.destroy();
    connections.delete(message.file);
    return;
  }
  const { id, file, expected, block } = message;
  let reply: BlockWriteReply;
  try {
    const outcome = await durableTransaction(connection(file), async (trx) => {
      const stored = await repo.readState(trx);
      if (!stored || !sameState(stored, expected)) return "stale" as const;
      await repo.writeBlock(trx, block);
      return "stored" as const;
    });
    reply = { id, outcome };
  } catch (error) {
    const { message: text, code } = error as { message?: string; code?: unknown };
    reply = { id, error: { message: String(text ?? error), code: typeof code === "string" ? code : undefined } };
  }
  port!.postMessage(reply);
}

// One message at a time, in the order they came: each block extends the state the one before left.
let previous: Promise<void> = Promise.resolve();
port.on("message", (message: BlockWriterMessage) => {
  previous = previous.then(() => handle(message));
});
Atomics.store((workerData as BlockWriterThreadData).ready, 0, 1);
