import type { Worker } from "node:worker_threads";
import { startModuleThread, threadEntry } from "../../module-thread.js";
import type { BlockRecord, StoredState } from "./ledger.repository.js";

export type BlockWriterMessage =
  | { kind: "write"; id: number; file: string; expected: StoredState; block: BlockRecord }
  /** No more blocks for `file`: the thread closes its connection to it. */
  | { kind: "release"; file: string };
export type BlockWriteReply = { id: number; outcome: "stored" | "stale" } | { id: number; error: { message: string; code?: string } };
/** The thread's `workerData`: a flag it sets once it can take blocks (see block-hashing-thread.ts for why not a message). */
export type BlockWriterThreadData = { ready: Int32Array };

/**
 * What became of a block sent to the thread: stored; not stored because the stored state was no
 * longer the one it was built on ("stale": another writer, or a block before it that failed); or
 * not known, because the thread ended before it answered.
 */
export type BlockWriteOutcome = "stored" | "stale" | "unknown";

const ENTRY = threadEntry("block-writer.worker", import.meta.url);

/** A failure the thread reported, with SQLite's code (so a busy database reads as a write conflict). */
class BlockWriteError extends Error {
  override name = "BlockWriteError";
  constructor(message: string, readonly code: string | undefined) {
    super(message);
  }
}

/**
 * One thread per process that stores the blocks of SQLite ledgers, each file on a connection of
 * its own, one block after another (block-writer.worker.ts). On SQLite a block's statements and
 * its fsync hold the thread that runs them; here they hold this one, while the ledger's thread
 * answers the appends of the block before and builds the next. Started by the first ledger that
 * asks; until it is up (it loads its modules), and for good once it failed, `available` is false
 * and ledgers write on their own connection. Idle, it does not keep the process alive.
 */
export class BlockWriterThread {
  #worker: Worker | null = null;
  readonly #ready = new Int32Array(new SharedArrayBuffer(4));
  #failed = false;
  readonly #jobs = new Map<number, { resolve(outcome: BlockWriteOutcome): void; reject(error: Error): void }>();
  #nextId = 1;

  /** `entry`: the thread's program (block-writer.worker.ts; a test gives one that fails). */
  constructor(private readonly entry: URL = ENTRY) {}

  /** Whether the thread takes blocks now. */
  get ready(): boolean {
    return this.#worker !== null && Atomics.load(this.#ready, 0) === 1;
  }

  /** Starts the thread if it was never started; answers whether it takes blocks now. */
  get available(): boolean {
    if (!this.#worker && !this.#failed) this.#start();
    return this.ready;
  }

  /** Stores `block` in `file` if the stored tree state is `expected` when its turn on the thread comes. */
  write(file: string, expected: StoredState, block: BlockRecord): Promise<BlockWriteOutcome> {
    const worker = this.#worker;
    if (!worker) return Promise.resolve("unknown");
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#jobs.set(id, { resolve, reject });
      if (this.#jobs.size === 1) worker.ref();
      worker.postMessage({ kind: "write", id, file, expected, block } satisfies BlockWriterMessage);
    });
  }

  /** Closes the thread's connection to `file` once the blocks sent for it are stored. */
  release(file: string): void {
    this.#worker?.postMessage({ kind: "release", file } satisfies BlockWriterMessage);
  }

  #start(): void {
    const worker = startModuleThread(this.entry, { name: "ledger-block-writer", workerData: { ready: this.#ready } satisfies BlockWriterThreadData });
    worker.on("message", (reply: BlockWriteReply) => this.#answer(reply));
    worker.on("error", () => this.#fail());
    worker.on("exit", () => this.#fail());
    // After the listeners, which ref the thread's port again.
    worker.unref();
    this.#worker = worker;
  }

  #answer(reply: BlockWriteReply): void {
    const job = this.#jobs.get(reply.id);
    if (!job) return;
    this.#jobs.delete(reply.id);
    if (this.#jobs.size === 0) this.#worker?.unref();
    if ("outcome" in reply) job.resolve(reply.outcome);
    else job.reject(new BlockWriteError(reply.error.message, reply.error.code));
  }

  /** Blocks still on the thread are answered "unknown": their ledgers look up whether they were stored. */
  #fail(): void {
    if (this.#failed) return;
    this.#failed = true;
    void this.#worker?.terminate();
    this.#worker = null;
    for (const job of this.#jobs.values()) job.resolve("unknown");
    this.#jobs.clear();
  }
}

export const blockWriterThread = new BlockWriterThread();
