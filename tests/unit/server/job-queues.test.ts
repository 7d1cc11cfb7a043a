import { describe, expect, it } from "vitest";
import { JobQueues } from "../../../server/jobs/job-queues.js";
import { BlockQueue } from "../../../server/modules/ledger/block-queue.js";
import { LatestOnlyWorker } from "../../../server/modules/chain/latest-only-worker.js";

/** A promise the test settles by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe("job queue depths", () => {
  it("the registry lists each declared queue with its depth now, and refuses a key twice", async () => {
    const queues = new JobQueues();
    let waiting = 2;
    queues.declare({ key: "a", name: "甲", depth: () => ({ waiting, running: 1, failed: 0 }) });
    queues.declare({ key: "b", name: "乙", depth: () => ({ waiting: 0, running: 0, failed: 3 }) });
    waiting = 5;
    expect(await queues.depths()).toEqual([
      { key: "a", name: "甲", waiting: 5, running: 1, failed: 0 },
      { key: "b", name: "乙", waiting: 0, running: 0, failed: 3 },
    ]);
    expect(() => queues.declare({ key: "a", name: "again", depth: () => ({ waiting: 0, running: 0, failed: 0 }) })).toThrow(/twice/);
  });

  it("names the queues shared through Redis, which a worker process runs, and only those", () => {
    const queues = new JobQueues();
    const idle = () => ({ waiting: 0, running: 0, failed: 0 });
    queues.declare({ key: "ledger.blocks", name: "账本区块", depth: idle });
    queues.declare({ key: "capture.pages", name: "网页取证", depth: idle, shared: true });
    queues.declare({ key: "monitor.reports", name: "监测报告", depth: idle, shared: true });
    expect(queues.sharedNames()).toEqual(["网页取证", "监测报告"]);
  });

  it("the ledger's block queue counts items waiting, in the block being integrated, and in failed blocks", async () => {
    const blocks: { items: number[]; done: ReturnType<typeof deferred<number[]>> }[] = [];
    const queue = new BlockQueue<number, number>({
      maxItems: 2,
      maxDelayMs: 60_000,
      integrate: (items) => {
        const done = deferred<number[]>();
        blocks.push({ items, done });
        return done.promise;
      },
    });
    expect(queue.depth()).toEqual({ waiting: 0, running: 0, failed: 0 });

    const first = [queue.push(1), queue.push(2), queue.push(3)];
    // Two items fill a block, which starts at once; the third waits for the next one.
    expect(queue.depth()).toEqual({ waiting: 1, running: 2, failed: 0 });

    blocks[0].done.reject(new Error("disk full"));
    await expect(first[0]).rejects.toThrow("disk full");
    await expect(first[1]).rejects.toThrow("disk full");
    expect(queue.depth()).toEqual({ waiting: 1, running: 0, failed: 2 });
    const flushed = queue.flush();
    expect(queue.depth()).toEqual({ waiting: 0, running: 1, failed: 2 });

    blocks[1].done.resolve([30]);
    await expect(first[2]).resolves.toBe(30);
    await flushed;
    expect(queue.depth()).toEqual({ waiting: 0, running: 0, failed: 2 });
  });

  it("the ledger's block queue hands each item its own result, in blocks of at most maxItems, a short block once its oldest item has waited", async () => {
    const blocks: number[][] = [];
    const queue = new BlockQueue<number, string>({
      maxItems: 3,
      maxDelayMs: 5,
      integrate: async (items) => {
        blocks.push([...items]);
        return items.map((item) => `r${item}`);
      },
    });
    const results = Promise.all([1, 2, 3, 4, 5].map((item) => queue.push(item)));
    expect(queue.waiting).toBe(2);
    expect(await results).toEqual(["r1", "r2", "r3", "r4", "r5"]);
    expect(blocks).toEqual([[1, 2, 3], [4, 5]]);
  });

  it("the ledger's block queue prepares each block as it closes, while the one before is still integrating, and hands integrate what prepare answered", async () => {
    const prepared: number[][] = [];
    const integrating: { items: number[]; prepared: string; done: ReturnType<typeof deferred<number[]>> }[] = [];
    const queue = new BlockQueue<number, number, string>({
      maxItems: 2,
      maxDelayMs: 60_000,
      prepare: (items) => {
        prepared.push([...items]);
        if (items.includes(5)) throw new Error("prepare failed");
        return `p${items.join("")}`;
      },
      integrate: (items, value) => {
        const done = deferred<number[]>();
        integrating.push({ items, prepared: value, done });
        return done.promise;
      },
    });
    const results = [1, 2, 3, 4, 5, 6, 7].map((item) => queue.push(item));
    // [1, 2] integrates; [3, 4] and [5, 6] are full, so closed and prepared already; [7] is still open.
    expect(prepared).toEqual([[1, 2], [3, 4], [5, 6]]);
    expect(integrating.map(({ items, prepared }) => [items, prepared])).toEqual([[[1, 2], "p12"]]);
    integrating[0].done.resolve([10, 20]);
    await waitUntil(() => integrating.length === 2);
    expect(integrating[1].prepared).toBe("p34");
    integrating[1].done.resolve([30, 40]);
    await expect(results[4]).rejects.toThrow("prepare failed");
    await expect(results[5]).rejects.toThrow("prepare failed");
    const flushed = queue.flush();
    await waitUntil(() => integrating.length === 3);
    expect(prepared.at(-1)).toEqual([7]);
    integrating[2].done.resolve([70]);
    await flushed;
    expect(await Promise.all([results[0], results[1], results[2], results[3], results[6]])).toEqual([10, 20, 30, 40, 70]);
    expect(queue.depth()).toEqual({ waiting: 0, running: 0, failed: 2 });
  });

  it("the ledger's block queue starts the next block once one passes its turn, before it settles, and flush waits for both", async () => {
    const integrating: { items: number[]; passTurn: () => void; done: ReturnType<typeof deferred<number[]>> }[] = [];
    const queue = new BlockQueue<number, number>({
      maxItems: 2,
      maxDelayMs: 60_000,
      integrate: (items, _prepared, passTurn) => {
        const done = deferred<number[]>();
        integrating.push({ items, passTurn, done });
        return done.promise;
      },
    });
    const results = [1, 2, 3, 4].map((item) => queue.push(item));
    expect(integrating.map(({ items }) => items)).toEqual([[1, 2]]);
    integrating[0].passTurn();
    await waitUntil(() => integrating.length === 2);
    // Both blocks are running; the first still settles with its own results, in order.
    expect(queue.depth()).toEqual({ waiting: 0, running: 4, failed: 0 });
    const flushed = queue.flush();
    integrating[1].done.resolve([30, 40]);
    await expect(results[2]).resolves.toBe(30);
    let flushDone = false;
    void flushed.then(() => (flushDone = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(flushDone).toBe(false);
    integrating[0].done.resolve([10, 20]);
    await flushed;
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40]);
    expect(queue.depth()).toEqual({ waiting: 0, running: 0, failed: 0 });
  });

  it("a latest-only worker (witness, TSA) has at most one running and one newest waiting", async () => {
    const runs: ReturnType<typeof deferred<void>>[] = [];
    const worker = new LatestOnlyWorker<number>(() => {
      const run = deferred<void>();
      runs.push(run);
      return run.promise;
    }, () => undefined);
    expect([worker.isRunning, worker.isWaiting]).toEqual([false, false]);
    worker.offer(1);
    worker.offer(2);
    worker.offer(3);
    expect([worker.isRunning, worker.isWaiting]).toEqual([true, true]);
    runs[0].resolve();
    await waitUntil(() => runs.length === 2);
    expect([worker.isRunning, worker.isWaiting]).toEqual([true, false]);
    runs[1].resolve();
    await worker.idle();
    expect([worker.isRunning, worker.isWaiting]).toEqual([false, false]);
  });
});

async function waitUntil(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 1));
  expect(condition()).toBe(true);
}
