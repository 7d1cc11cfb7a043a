import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { EvidenceLibraryPorts, LibraryRecord } from "../../server/modules/evidence-library/evidence-library.ports.js";

/**
 * Stored file evidence for packaging without an app (the package benches and the packaging job
 * tests): `count` random originals of `bytes` each written under `dir`, their records (the file's
 * path stands for the blob), and the ports the package writer reads them through. Certificates and
 * proofs are fixed buffers; `getForHolder` finds a record until it is in `deleted`.
 */
export function packableRecords(dir: string, count: number, bytes: number) {
  const records: LibraryRecord[] = [];
  for (let i = 0; i < count; i++) {
    const content = randomBytes(bytes);
    const file = path.join(dir, `source-${i}.bin`);
    fs.writeFileSync(file, content);
    records.push({
      id: i + 1,
      certificateNo: `HZBENCH${String(i).padStart(17, "0")}`,
      holderUserId: 1,
      holderName: "基准测试",
      kind: "file",
      name: `file-${i}.bin`,
      size: content.length,
      sha256: createHash("sha256").update(content).digest("hex"),
      sm3: "0".repeat(64),
      createdAt: Date.now(),
      ledgerIndex: i,
      blockHeight: 1,
      leafHash: "0".repeat(64),
      status: "stored",
      parentId: null,
      blobSha256: file,
      entryJson: "{}",
      metaSalt: "",
      details: {},
      deletedAt: null,
    });
  }
  const deleted = new Set<number>();
  const ports: EvidenceLibraryPorts = {
    evidence: {
      openContent: async (record) => fs.createReadStream(record.blobSha256!),
      openAttachment: async () => null,
      getForHolder: async (holder, id) => records.find((record) => record.id === id && record.holderUserId === holder && !deleted.has(id)) ?? null,
      listForHolder: async () => ({ list: [], pageNumber: 1, pageSize: 10, totalPage: 0, totalRow: 0 }),
      detailView: async () => {
        throw new Error("unused");
      },
    },
    certificates: { renderPdf: async () => Buffer.alloc(64 * 1024, 1) },
    ledger: { origin: "bench/log", verifierKey: "bench+00000000+AAAA", proofBundle: async () => "c2sp.org/tlog-proof@v1\n" },
  };
  return { records, ports, deleted };
}
