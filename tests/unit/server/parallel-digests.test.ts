import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DigestThreadPool } from "../../../server/blobs/digest-threads.js";
import { ParallelDigests } from "../../../server/blobs/parallel-digests.js";

const MiB = 1024 * 1024;
const pool = new DigestThreadPool(2);
afterAll(() => pool.close());

/** `content` cut into pieces of the given sizes, the last size repeated to the end. */
function piecesOf(content: Buffer, ...sizes: number[]): Buffer[] {
  const pieces: Buffer[] = [];
  for (let offset = 0, index = 0; offset < content.length; index += 1) {
    const size = sizes[Math.min(index, sizes.length - 1)]!;
    pieces.push(content.subarray(offset, offset + size));
    offset += size;
  }
  return pieces;
}

const expected = (content: Buffer) => ({ sha256: createHash("sha256").update(content).digest("hex"), sm3: createHash("sm3").update(content).digest("hex") });

describe("ParallelDigests", () => {
  const content = randomBytes(5 * MiB + 321);

  it.each([
    ["nothing", Buffer.alloc(0), [1]],
    ["one byte", Buffer.from([0x61]), [1]],
    ["exactly one slab", content.subarray(0, MiB), [65_536]],
    ["a slab and one byte, byte by byte across the seam", content.subarray(0, MiB + 1), [MiB - 3, 1]],
    ["odd pieces", content, [7_919]],
    ["socket-sized pieces", content, [65_536]],
    ["pieces larger than a slab", content, [3 * MiB]],
  ])("answers node:crypto's SHA-256 and SM3 for %s", async (_name, bytes, pieceSizes) => {
    const written: Buffer[] = [];
    const digests = new ParallelDigests({ pool, sink: async (slab) => void written.push(Buffer.from(slab)) });
    for (const piece of piecesOf(bytes, ...pieceSizes)) await digests.update(piece);
    expect(await digests.finish()).toEqual(expected(bytes));
    // The sink saw every byte once, in order.
    expect(Buffer.concat(written).equals(bytes)).toBe(true);
    expect(pool.openDigests).toBe(0);
  });

  it("keeps concurrent streams apart", async () => {
    const [first, second] = [randomBytes(3 * MiB), randomBytes(2 * MiB + 5)];
    const digestOf = async (bytes: Buffer) => {
      const digests = new ParallelDigests({ pool });
      for (const piece of piecesOf(bytes, 100_000)) await digests.update(piece);
      return digests.finish();
    };
    expect(await Promise.all([digestOf(first!), digestOf(second!)])).toEqual([expected(first!), expected(second!)]);
  });

  it("releases the threads when a stream is given up midway, and they serve the next one", async () => {
    const digests = new ParallelDigests({ pool });
    for (const piece of piecesOf(content, 65_536)) await digests.update(piece);
    expect(pool.openDigests).toBe(2);
    await digests.abort();
    expect(pool.openDigests).toBe(0);
    await expect(digests.update(Buffer.from("late"))).rejects.toThrow();

    const next = new ParallelDigests({ pool });
    await next.update(content);
    expect(await next.finish()).toEqual(expected(content));
  });

  it("fails the stream, never a wrong digest, when the sink fails; the threads are released by abort", async () => {
    const full = new Error("ENOSPC: no space left on device");
    const digests = new ParallelDigests({ pool, sink: async () => Promise.reject(full) });
    const feeding = (async () => {
      for (const piece of piecesOf(content, 65_536)) await digests.update(piece);
      return digests.finish();
    })();
    await expect(feeding).rejects.toBe(full);
    await digests.abort();
    expect(pool.openDigests).toBe(0);
  });

  it("fails the stream when its threads die, and the pool starts fresh ones", async () => {
    const own = new DigestThreadPool(2);
    const digests = new ParallelDigests({ pool: own });
    await digests.update(content.subarray(0, 2 * MiB));
    await own.close();
    await expect(digests.finish()).rejects.toThrow(/digest thread/);
    expect(own.openDigests).toBe(0);

    const next = new ParallelDigests({ pool: own });
    await next.update(content);
    expect(await next.finish()).toEqual(expected(content));
    await own.close();
  });

  it("lets the process end once its digests are done, also with a thread that was never given one", () => {
    // One SHA-256 on a pool of three leaves two threads idle from the start: they must not hold the process.
    const program = `
      import { DigestThreadPool } from "./server/blobs/digest-threads.ts";
      import { ParallelDigests } from "./server/blobs/parallel-digests.ts";
      const digests = new ParallelDigests({ algorithms: ["sha256"], pool: new DigestThreadPool(3) });
      await digests.update(new Uint8Array([0x61, 0x62, 0x63]));
      console.log((await digests.finish()).sha256);`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", program], { cwd: path.resolve(import.meta.dirname, "../../.."), encoding: "utf8", timeout: 20_000 });
    expect(run.stdout.trim()).toBe(createHash("sha256").update("abc").digest("hex"));
    expect(run.status).toBe(0);
  });
});
