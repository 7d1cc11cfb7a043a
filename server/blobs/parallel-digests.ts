import { allocateAlignedSlab } from "./aligned-slab.js";
import { digestThreads, type DigestAlgorithm, type DigestThreadPool, type ThreadDigest } from "./digest-threads.js";

/** The digests of a stream by algorithm (lowercase hex); by default a blob's two. */
export type StreamDigests<A extends DigestAlgorithm = "sha256" | "sm3"> = { readonly [algorithm in A]: string };

const BLOB_ALGORITHMS = ["sha256", "sm3"] as const;

/**
 * Why these sizes: a slab of 1 MiB is ~2.5 ms of SM3, long enough that the two messages per slab
 * cost nothing; eight of them let the socket, the file write and both threads each work on
 * different slabs, with ~20 ms of SM3 queued so the slowest thread does not starve when the event
 * loop is briefly busy elsewhere. Memory per stream is bounded by their sum (8 MiB), whatever the
 * stream's size.
 */
const SLAB_BYTES = 1024 * 1024;
const SLABS_PER_STREAM = 8;

/**
 * Slabs a finished stream gave back, for the next one. Fresh memory costs a page fault per 4 KiB
 * on first touch (in this VM more than the copy into it), and a package hashes each original in
 * its own stream; up to 16 MiB of them is kept for the process's life.
 */
const idleSlabs: Uint8Array[] = [];
const MAX_IDLE_SLABS = 16;

/**
 * SHA-256 and SM3 of a stream (or the `algorithms` asked for), each on its own thread, so the
 * event loop only copies bytes. Every chunk is copied once, from the socket's buffer into a slab
 * of shared memory; the threads hash the slab in place and `sink` (the temporary file) is handed
 * it, slab after slab, to write it from there (it must accept a call before the previous one has
 * resolved). A slab is reused once all of them are done with it, and update() waits when every
 * slab is busy: that wait is the back-pressure that slows the socket to the speed of the slowest.
 */
export class ParallelDigests<A extends DigestAlgorithm = "sha256" | "sm3"> {
  private readonly algorithms: readonly A[];
  private readonly digests: ThreadDigest[];
  private readonly freeSlabs: Uint8Array[] = [];
  private readonly waitingForSlab: (() => void)[] = [];
  private slabsMade = 0;
  private current: Uint8Array | null = null;
  private filled = 0;
  private inFlight = new Set<Promise<void>>();
  private failure: unknown = null;
  private isClosed = false;

  constructor(private readonly options: { algorithms?: readonly A[]; sink?: (bytes: Uint8Array) => Promise<unknown>; pool?: DigestThreadPool } = {}) {
    this.algorithms = options.algorithms ?? (BLOB_ALGORITHMS as readonly DigestAlgorithm[] as readonly A[]);
    this.digests = (options.pool ?? digestThreads).open(this.algorithms);
  }

  /** Takes a chunk (copied: the caller may reuse it once this resolves). */
  async update(chunk: Uint8Array): Promise<void> {
    for (let offset = 0; offset < chunk.length; ) {
      this.throwIfUnusable();
      this.current ??= await this.takeSlab();
      this.throwIfUnusable();
      const length = Math.min(chunk.length - offset, SLAB_BYTES - this.filled);
      this.current.set(chunk.subarray(offset, offset + length), this.filled);
      this.filled += length;
      offset += length;
      if (this.filled === SLAB_BYTES) this.dispatch();
    }
  }

  /** Every digest, once the threads and the sink are done with every byte. */
  async finish(): Promise<StreamDigests<A>> {
    this.throwIfUnusable();
    if (this.filled > 0) this.dispatch();
    this.isClosed = true;
    const hexes = this.digests.map((digest) => digest.digest());
    const settled = await Promise.allSettled([...hexes, this.settleInFlight()]);
    if (this.failure) throw this.failure;
    const rejected = settled.find((result) => result.status === "rejected");
    if (rejected) throw rejected.reason;
    const values = await Promise.all(hexes);
    return Object.fromEntries(this.algorithms.map((algorithm, index) => [algorithm, values[index]])) as StreamDigests<A>;
  }

  /** Gives up: the threads drop their state, and this resolves once the sink has stopped writing. */
  async abort(): Promise<void> {
    if (!this.isClosed) for (const digest of this.digests) digest.abort();
    this.isClosed = true;
    await this.settleInFlight();
  }

  private dispatch() {
    const bytes = this.current!.subarray(0, this.filled);
    const slab = this.current!;
    this.current = null;
    this.filled = 0;
    // The sink is called in order but not waited for between slabs: each write waiting for the
    // one before cost a thread-pool round trip per slab, which a loaded machine turns into ~50 ms.
    const written = this.options.sink?.(bytes);
    const work = Promise.allSettled([...this.digests.map((digest) => digest.update(bytes)), written]).then((results) => {
      this.failure ??= results.find((result) => result.status === "rejected")?.reason ?? null;
      this.inFlight.delete(work);
      this.releaseSlab(slab);
    });
    this.inFlight.add(work);
  }

  private async takeSlab(): Promise<Uint8Array> {
    while (true) {
      const free = this.freeSlabs.pop();
      if (free) return free;
      // Taken on demand: a small upload touches one slab (and, when fresh, only the pages it writes).
      if (this.slabsMade < SLABS_PER_STREAM) {
        this.slabsMade += 1;
        return idleSlabs.pop() ?? allocateAlignedSlab(SLAB_BYTES);
      }
      await new Promise<void>((resolve) => this.waitingForSlab.push(resolve));
    }
  }

  private releaseSlab(slab: Uint8Array) {
    this.freeSlabs.push(slab);
    this.waitingForSlab.shift()?.();
  }

  /**
   * Waits until no write uses a slab, then gives the slabs back. (After abort() a thread may still
   * be reading one for a digest nobody will ask for: only reads, so the next owner is unharmed.)
   */
  private async settleInFlight(): Promise<void> {
    await Promise.all([...this.inFlight]);
    if (this.current) this.freeSlabs.push(this.current);
    this.current = null;
    idleSlabs.push(...this.freeSlabs.splice(0, MAX_IDLE_SLABS - idleSlabs.length));
  }

  private throwIfUnusable() {
    if (this.failure) throw this.failure;
    if (this.isClosed) throw new Error("ParallelDigests: already finished or aborted");
  }
}
