import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { allocateAlignedSlab } from "../../../server/blobs/aligned-slab.js";
import { BlobTooLargeError } from "../../../server/blobs/blob-store.js";
import { digestThreads } from "../../../server/blobs/digest-threads.js";
import { LocalBlobStore } from "../../../server/blobs/local-blob-store.js";
import { TempFile } from "../../../server/blobs/temp-file.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "write-temp-"));
const store = new LocalBlobStore(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const content = randomBytes(3 * 1024 * 1024 + 17);
const leftovers = () => (fs.existsSync(path.join(root, "tmp")) ? fs.readdirSync(path.join(root, "tmp")) : []);

async function* chunksOf(bytes: Buffer, failAfter?: Error): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += 65_536) {
    if (failAfter && offset >= bytes.length / 2) throw failAfter;
    yield bytes.subarray(offset, offset + 65_536);
  }
}

describe("LocalBlobStore.writeTemp", () => {
  it("writes the bytes it hashed, with both digests, and commits them under their SHA-256", async () => {
    const temp = await store.writeTemp(chunksOf(content));
    expect(temp).toMatchObject({
      size: content.length,
      sha256: createHash("sha256").update(content).digest("hex"),
      sm3: createHash("sm3").update(content).digest("hex"),
    });
    const name = await temp.commit();
    expect((await store.read(name))!.equals(content)).toBe(true);
    expect(leftovers()).toEqual([]);
    expect(digestThreads.openDigests).toBe(0);
  });

  it("leaves nothing behind and releases the digest threads when the body breaks off midway", async () => {
    const aborted = new Error("aborted");
    await expect(store.writeTemp(chunksOf(content, aborted))).rejects.toBe(aborted);
    expect(leftovers()).toEqual([]);
    expect(digestThreads.openDigests).toBe(0);
  });

  it("refuses more than maxBytes once the body is read, keeping nothing", async () => {
    const error = await store.writeTemp(chunksOf(content), { maxBytes: 1024 * 1024 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlobTooLargeError);
    expect(error).toMatchObject({ maxBytes: 1024 * 1024, size: content.length });
    expect(leftovers()).toEqual([]);
    expect(digestThreads.openDigests).toBe(0);
  });
});

describe("TempFile", () => {
  it("keeps every byte in order when its writes overlap, and refuses a file that exists", async () => {
    const file = path.join(root, "flushed");
    const piece = randomBytes(1024 * 1024);
    const pieces = Array.from({ length: 9 }, (_, index) => Buffer.concat([Buffer.from([index]), piece.subarray(1)]));
    const temp = await TempFile.create(file);
    await Promise.all(pieces.map((bytes) => temp.append(bytes)));
    await temp.sync();
    await temp.close();
    expect(fs.readFileSync(file).equals(Buffer.concat(pieces))).toBe(true);
    await expect(TempFile.create(file)).rejects.toMatchObject({ code: "EEXIST" });
  });

  it("writes page-aligned slabs straight to the disk and a ragged tail through the page cache, every byte in place", async () => {
    const file = path.join(root, "direct");
    const slabs = Array.from({ length: 5 }, () => {
      const slab = allocateAlignedSlab(1024 * 1024);
      slab.set(randomBytes(slab.length));
      return slab;
    });
    const pieces = [...slabs, slabs[0]!.subarray(0, 4096), slabs[1]!.subarray(0, 17)];
    const temp = await TempFile.create(file);
    await Promise.all(pieces.map((bytes) => temp.append(bytes)));
    await temp.sync();
    await temp.close();
    expect(fs.readFileSync(file).equals(Buffer.concat(pieces))).toBe(true);
  });
});
