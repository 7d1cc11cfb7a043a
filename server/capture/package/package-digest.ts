import { createHash, type Hash } from "node:crypto";
import { Transform } from "node:stream";
import type { PackagedFile } from "../capture-engine.types.js";

/** Byte count, SHA-256 and SM3 of data fed in pieces: what the package records of every file, and of itself. */
export class PackageDigest {
  private readonly sha256: Hash = createHash("sha256");
  private readonly sm3: Hash = createHash("sm3");
  private bytes = 0;

  update(chunk: Uint8Array): void {
    this.sha256.update(chunk);
    this.sm3.update(chunk);
    this.bytes += chunk.length;
  }

  /** A pass-through stream that digests what flows through it, at the pace the reader pulls. */
  tap(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.update(chunk);
        done(null, chunk);
      },
    });
  }

  result(path: string): PackagedFile {
    return { path, bytes: this.bytes, sha256: this.sha256.digest("hex"), sm3: this.sm3.digest("hex") };
  }

  static of(path: string, data: Uint8Array): PackagedFile {
    const digest = new PackageDigest();
    digest.update(data);
    return digest.result(path);
  }
}
