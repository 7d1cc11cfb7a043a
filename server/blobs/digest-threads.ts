import os from "node:os";
import { Worker } from "node:worker_threads";

/** The digests a blob gets (DESIGN.md §3 "crypto"): its name, and the second digest GB/T 32905 asks for. */
export type DigestAlgorithm = "sha256" | "sm3";

/** One running digest on a thread. */
export interface ThreadDigest {
  /**
   * Hashes bytes that live in a SharedArrayBuffer (the thread reads them in place, nothing is
   * copied). Resolves once the thread is done with them, so the caller may then reuse the memory.
   */
  update(bytes: Uint8Array): Promise<void>;
  /** The lowercase hex digest of everything updated; the digest is then closed. */
  digest(): Promise<string>;
  /** Drops the digest's state on its thread; pending updates reject. */
  abort(): void;
}

type ThreadRequest =
  | { type: "open"; id: number; algorithm: DigestAlgorithm }
  | { type: "update"; id: number; buffer: SharedArrayBuffer; offset: number; length: number }
  | { type: "digest"; id: number }
  | { type: "abort"; id: number };
type ThreadReply = { type: "updated"; id: number } | { type: "digested"; id: number; hex: string } | { type: "failed"; id: number; error: string };

/**
 * The whole program of a digest thread: hash states by id, fed views of shared memory. Plain
 * CommonJS evaluated as a string, so the thread starts alike under tsx, vitest and the compiled
 * server (no TypeScript loader to register, no second entry to bundle). Each request is answered
 * in order, which is what lets the main thread match replies to requests with a queue.
 */
const THREAD_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const states = new Map();
parentPort.on("message", (request) => {
  const { type, id } = request;
  try {
    if (type === "open") {
      states.set(id, createHash(request.algorithm));
    } else if (type === "update") {
      const state = states.get(id);
      if (!state) return;
      state.update(new Uint8Array(request.buffer, request.offset, request.length));
      parentPort.postMessage({ type: "updated", id });
    } else if (type === "digest") {
      const state = states.get(id);
      if (!state) return;
      states.delete(id);
      parentPort.postMessage({ type: "digested", id, hex: state.digest("hex") });
    } else if (type === "abort") {
      states.delete(id);
    }
  } catch (error) {
    states.delete(id);
    parentPort.postMessage({ type: "failed", id, error: String((error && error.message) || error) });
  }
});
`;

interface Pending {
  resolve(value: string | undefined): void;
  reject(error: Error): void;
}

/** A digest's open requests, answered in the order they were sent. */
interface OpenDigest {
  readonly pending: Pending[];
  failure: Error | null;
}

class DigestThread {
  readonly digests = new Map<number, OpenDigest>();
  private readonly worker: Worker;
  #isDead = false;

  constructor(private readonly onDeath: (thread: DigestThread) => void) {
    this.worker = new Worker(THREAD_SOURCE, { eval: true, execArgv: [], name: "blob-digests" });
    this.worker.on("message", (reply: ThreadReply) => this.#answer(reply));
    this.worker.on("error", (error) => this.#die(error));
    this.worker.on("exit", (code) => this.#die(new Error(`digest thread exited (code ${code})`)));
    // After the listeners: adding a "message" listener refs the thread's port again, and a thread
    // never given a digest (one SHA-256 of a package, a pool bigger than two) kept the process alive.
    this.worker.unref();
  }

  get isDead(): boolean {
    return this.#isDead;
  }

  open(id: number, algorithm: DigestAlgorithm): ThreadDigest {
    const state: OpenDigest = { pending: [], failure: null };
    this.digests.set(id, state);
    // Referenced while a digest is open: a caller awaiting a reply must keep the process alive.
    if (this.digests.size === 1) this.worker.ref();
    this.#post({ type: "open", id, algorithm });
    const request = (message: ThreadRequest) =>
      new Promise<string | undefined>((resolve, reject) => {
        if (state.failure) return reject(state.failure);
        state.pending.push({ resolve, reject });
        this.#post(message);
      });
    return {
      update: async (bytes) => {
        if (!(bytes.buffer instanceof SharedArrayBuffer)) throw new TypeError("digest threads read shared memory only");
        await request({ type: "update", id, buffer: bytes.buffer, offset: bytes.byteOffset, length: bytes.byteLength });
      },
      digest: async () => {
        const hex = await request({ type: "digest", id });
        this.#close(id);
        return hex!;
      },
      abort: () => {
        if (!this.digests.has(id)) return;
        this.#post({ type: "abort", id });
        this.#fail(id, new Error("digest aborted"));
      },
    };
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }

  #post(message: ThreadRequest) {
    if (!this.#isDead) this.worker.postMessage(message);
  }

  #answer(reply: ThreadReply) {
    const state = this.digests.get(reply.id);
    if (!state) return; // an aborted digest's late replies
    if (reply.type === "failed") return this.#fail(reply.id, new Error(`digest thread: ${reply.error}`));
    state.pending.shift()?.resolve(reply.type === "digested" ? reply.hex : undefined);
  }

  /** Rejects what the digest still waits for and forgets it (its thread is released from it). */
  #fail(id: number, error: Error) {
    const state = this.digests.get(id);
    if (!state) return;
    state.failure = error;
    for (const pending of state.pending.splice(0)) pending.reject(error);
    this.#close(id);
  }

  #close(id: number) {
    this.digests.delete(id);
    if (this.digests.size === 0) this.worker.unref();
  }

  #die(error: Error) {
    if (this.#isDead) return;
    this.#isDead = true;
    for (const id of [...this.digests.keys()]) this.#fail(id, error);
    this.onDeath(this);
  }
}

/**
 * A few threads that compute digests of shared memory, started on first use and kept for the
 * process's life (a thread costs tens of milliseconds to start: too much per small upload). Idle
 * threads do not keep the process alive. A thread that dies fails its open digests and is
 * replaced by the next open().
 */
export class DigestThreadPool {
  private threads: DigestThread[] = [];
  #nextId = 1;

  constructor(private readonly size = defaultThreadCount()) {}

  /**
   * One digest per algorithm, each on the least busy thread and on different threads while there
   * are enough: the digests of one stream then run side by side.
   */
  open(algorithms: readonly DigestAlgorithm[]): ThreadDigest[] {
    while (this.threads.length < this.size) this.threads.push(new DigestThread((dead) => (this.threads = this.threads.filter((thread) => thread !== dead))));
    const byLoad = [...this.threads].sort((a, b) => a.digests.size - b.digests.size);
    return algorithms.map((algorithm, index) => byLoad[index % byLoad.length]!.open(this.#nextId++, algorithm));
  }

  /** Digests open on the threads right now (each is released by digest() or abort()). */
  get openDigests(): number {
    return this.threads.reduce((sum, thread) => sum + thread.digests.size, 0);
  }

  async close(): Promise<void> {
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}

/** Two threads: one stream's SHA-256 and SM3 side by side. More on a bigger machine, for concurrent uploads. */
function defaultThreadCount(): number {
  return Math.min(4, Math.max(2, os.availableParallelism() - 1));
}

/** The process's digest threads, shared by every blob written. */
export const digestThreads = new DigestThreadPool();
