import { Writable } from "node:stream";
import { ParallelDigests } from "./parallel-digests.js";
import { TempFile } from "./temp-file.js";

/**
 * A write stream to a new file (`wx`: it must not exist) that gathers what it is given into
 * page-aligned slabs of shared memory and writes them straight to the disk (temp-file.ts), for a
 * large file written once and read back once, such as an evidence package. Through the page cache
 * the kernel copies every byte (temp-file.ts: up to ~1.8 s of CPU per GiB on a busy machine);
 * this way the event loop makes the one copy into a slab and the disk takes it from there.
 * The slab pipeline is ParallelDigests with no digest: the same bounded slabs and back-pressure,
 * the file as its only consumer. Not fsync'ed (the caller decides what must survive a crash).
 */
export function createDirectFileStream(target: string): Writable {
  let file: TempFile | null = null;
  let slabs: ParallelDigests<never> | null = null;
  return new Writable({
    construct(done) {
      TempFile.create(target).then((created) => {
        file = created;
        slabs = new ParallelDigests<never>({ algorithms: [], sink: (bytes) => created.append(bytes) });
        done();
      }, done);
    },
    write(chunk: Buffer, _encoding, done) {
      slabs!.update(chunk).then(() => done(), done);
    },
    final(done) {
      slabs!
        .finish()
        .then(() => file!.close())
        .then(() => done(), done);
    },
    destroy(error, done) {
      // After final() both are already settled: abort() and a second close() are then no-ops or harmless rejections.
      Promise.resolve(slabs?.abort())
        .then(() => file?.close())
        .catch(() => undefined)
        .then(() => done(error));
    },
  });
}
