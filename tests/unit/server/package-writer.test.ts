import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { digestThreads } from "../../../server/blobs/digest-threads.js";
import type { EvidenceLibraryPorts, LibraryRecord } from "../../../server/modules/evidence-library/evidence-library.ports.js";
import { PackageIntegrityError, writeEvidencePackage } from "../../../server/modules/evidence-library/package-writer.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "package-writer-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Records whose stored content is `stored[i]`, certified with the SHA-256 of `certified[i]`. */
function packageOf(stored: Buffer[], certified = stored) {
  const records = stored.map((_, index) => ({ id: index + 1, certificateNo: `HZTEST${index}`, kind: "file", name: `file-${index}.bin`, size: certified[index]!.length, sha256: createHash("sha256").update(certified[index]!).digest("hex"), ledgerIndex: index, blockHeight: 1, leafHash: "0".repeat(64), sm3: "0".repeat(64), holderUserId: 1, holderName: "测试", createdAt: Date.now(), status: "stored", parentId: null, metaSalt: "", deletedAt: null, blobSha256: String(index), entryJson: "{}", details: {} }) as unknown as LibraryRecord);
  const ports = {
    // Odd chunk sizes, so slabs fill across chunk seams.
    evidence: { openContent: async (record: LibraryRecord) => Readable.from(chunksOf(stored[Number(record.blobSha256)]!)), openAttachment: async () => null },
    certificates: { renderPdf: async () => Buffer.from("%PDF-1.7") },
    ledger: { origin: "test/log", verifierKey: "test+00000000+AAAA", proofBundle: async () => "c2sp.org/tlog-proof@v1\n" },
  } as unknown as EvidenceLibraryPorts;
  const target = path.join(dir, `${randomBytes(4).toString("hex")}.zip`);
  return { target, written: writeEvidencePackage(target, records, ports, { createdAt: Date.now() }) };
}

function* chunksOf(bytes: Buffer) {
  for (let offset = 0; offset < bytes.length; offset += 77_777) yield bytes.subarray(offset, offset + 77_777);
}

describe("writeEvidencePackage", () => {
  it("packs originals whose SHA-256, checked on a digest thread, matches, into a ZIP unzip accepts byte for byte", async () => {
    const originals = [randomBytes(2 * 1024 * 1024 + 5), randomBytes(10)];
    const { target, written } = packageOf(originals);
    const entries = await written;
    expect(entries.filter((entry) => entry.role === "content").map((entry) => entry.bytes)).toEqual(originals.map((original) => original.length));
    expect(execFileSync("unzip", ["-t", target], { encoding: "utf8" })).toMatch(/No errors detected/);
    const contentPath = entries.find((entry) => entry.role === "content")!.path;
    expect(execFileSync("unzip", ["-p", target, contentPath], { maxBuffer: 8 * 1024 * 1024 }).equals(originals[0]!)).toBe(true);
    expect(digestThreads.openDigests).toBe(0);
  });

  it("fails the package when a stored original differs from what was certified, and releases the digest thread", async () => {
    const certified = randomBytes(1024 * 1024 + 3);
    const altered = Buffer.from(certified);
    altered[500_000] ^= 1;
    const { written } = packageOf([altered], [certified]);
    await expect(written).rejects.toBeInstanceOf(PackageIntegrityError);
    expect(digestThreads.openDigests).toBe(0);
  });
});
