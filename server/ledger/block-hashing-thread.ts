import type { Worker } from "node:worker_threads";
import { startModuleThread, threadEntry } from "../module-thread.js";
import { BlockHashes, type PackedEntries } from "./block-hashes.js";

export type BlockHashingRequest = { id: number; start: number; bytes: Uint8Array; ends: Uint32Array };
export type BlockHashingReply = { id: number; bytes: Uint8Array } | { id: number; error: string };
/**
 * The thread's `workerData`: a flag it sets once its modules are loaded. Shared memory rather than
 * a message, because a writer kept busy by back-to-back blocks (all in promise reactions) never
 * turns its event loop to read one.
 */
export type BlockHashingThreadData = { ready: Int32Array };

const ENTRY = threadEntry("block-hashing.worker", import.meta.url);

/**
 * Smaller blocks are hashed on the calling thread: less work than the round trip to the thread,
 * and a process that never writes a bigger block (a quiet server, most tests) never starts one.
 */
const THREAD_MIN_ENTRIES = 32;

const hashHere = (entries: PackedEntries, start: number) => BlockHashes.compute(entries, start);

interface Job {
  readonly entries: PackedEntries;
  readonly start: number;
  /** Settles the caller's promise with what `make` answers, or with what it throws. */
  settle(make: () => BlockHashes): void;
}

/**
 * One thread per process that hashes ledger blocks (block-hashes.ts) for every ledger in it, so the
 * hashing of a block overlaps the commit of the one before (on SQLite the writer's thread is busy in
 * the database for the whole commit, fsync included). Started by the first block big enough; until
 * it is up (it loads its modules: tens of milliseconds compiled, longer from the sources), and for
 * good once it failed, blocks are hashed on the calling thread instead: a block never waits for the
 * thread, nor fails with it. Idle, it does not keep the process alive.
 */
export class BlockHashingThread {
  #worker: Worker | null = null;
  #ready = new Int32Array(new SharedArrayBuffer(4));
  #failed = false;
  readonly #jobs = new Map<number, Job>();
  #nextId = 1;

  /** `entry`: the thread's program (block-hashing.worker.ts; a test gives one that fails). */
  constructor(private readonly entry: URL = ENTRY) {}

  /** Whether blocks are hashed on the thread now (it has started, and not failed). */
  get onThread(): boolean {
    return this.#worker !== null && Atomics.load(this.#ready, 0) === 1;
  }

  /**
   * The block hashes of `entries` with the first at index `start` of the tree. Entries in shared
   * memory (EntryArena) are read there by the thread; others are copied to it.
   */
  hash(entries: PackedEntries, start: number): Promise<BlockHashes> {
    const worker = entries.ends.length >= THREAD_MIN_ENTRIES ? this.#started() : null;
    if (!worker || !this.onThread) return Promise.resolve().then(() => hashHere(entries, start));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const settle = (make: () => BlockHashes) => {
        try {
          resolve(make());
        } catch (error) {
          reject(error);
        }
      };
      this.#jobs.set(id, { entries, start, settle });
      if (this.#jobs.size === 1) worker.ref();
      worker.postMessage({ id, start, bytes: entries.bytes, ends: entries.ends } satisfies BlockHashingRequest);
    });
  }

  #started(): Worker | null {
    if (this.#worker || this.#failed) return this.#worker;
    const worker = startModuleThread(this.entry, { name: "ledger-block-hashing", workerData: { ready: this.#ready } satisfies BlockHashingThreadData });
    worker.on("message", (reply: BlockHashingReply) => this.#answer(reply));
    worker.on("error", () => this.#fail());
    worker.on("exit", () => this.#fail());
    // After the listeners, which ref the thread's port again.
    worker.unref();
    return (this.#worker = worker);
  }

  #answer(reply: BlockHashingReply) {
    const job = this.#jobs.get(reply.id);
    if (!job) return;
    this.#jobs.delete(reply.id);
    if (this.#jobs.size === 0) this.#worker?.unref();
    // A thread that threw hashes nothing different here: the error then reaches the block.
    job.settle(() => ("bytes" in reply ? new BlockHashes(job.start, job.entries.ends.length, reply.bytes) : hashHere(job.entries, job.start)));
  }

  /** Hashes what the thread still owed here, and everything after it. */
  #fail() {
    if (this.#failed) return;
    this.#failed = true;
    void this.#worker?.terminate();
    this.#worker = null;
    for (const job of this.#jobs.values()) job.settle(() => hashHere(job.entries, job.start));
    this.#jobs.clear();
  }
}

export const blockHashingThread = new BlockHashingThread();
