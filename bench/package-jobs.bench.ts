/**
 * What sharing packages across processes costs (issue 20): a packaging job as the platform runs
 * it now (a row of evidence_packages on SQLite, the embedded row queue, progress written to the row,
 * the ZIP kept as a blob-store scratch file, then read back as the download streams it) against a
 * baseline measured in the same run: the same ZIP written straight to a file and read back, as the
 * per-process jobs did. The two alternate for three rounds and the medians are compared. Then the
 * status poll the page's countdown makes (one row read), timed over 2,000 calls.
 *   npx tsx bench/package-jobs.bench.ts
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { LocalBlobStore } from "../server/blobs/local-blob-store.js";
import { openDatabase } from "../server/db/dialect.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { RowQueue } from "../server/jobs/row-queue.js";
import type { EvidenceLibraryPorts, LibraryRecord } from "../server/modules/evidence-library/evidence-library.ports.js";
import { PackageBuilder } from "../server/modules/evidence-library/package-builder.js";
import { PackageJobs, PACKAGES_AT_ONCE } from "../server/modules/evidence-library/package-jobs.js";
import { PackageJobsRepository } from "../server/modules/evidence-library/package-jobs.repository.js";
import { writeEvidencePackage } from "../server/modules/evidence-library/package-writer.js";

const FILES = 4;
const FILE_MB = 32;
const OWNER = "user:1";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "package-jobs-bench-"));
const records: LibraryRecord[] = [];
for (let i = 0; i < FILES; i++) {
  const bytes = randomBytes(FILE_MB * 1024 * 1024);
  const file = path.join(dir, `source-${i}.bin`);
  fs.writeFileSync(file, bytes);
  records.push({
    id: i + 1,
    certificateNo: `HZBENCH${String(i).padStart(17, "0")}`,
    holderUserId: 1,
    holderName: "基准测试",
    kind: "file",
    name: `file-${i}.bin`,
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
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
const ports: EvidenceLibraryPorts = {
  evidence: {
    openContent: async (record) => fs.createReadStream(record.blobSha256!),
    openAttachment: async () => null,
    getForHolder: async (_holder, id) => records.find((record) => record.id === id) ?? null,
    listForHolder: async () => ({ list: [], pageNumber: 1, pageSize: 10, totalPage: 0, totalRow: 0 }),
    detailView: async () => {
      throw new Error("unused");
    },
  },
  certificates: { renderPdf: async () => Buffer.alloc(64 * 1024, 1) },
  ledger: { origin: "bench/log", verifierKey: "bench+00000000+AAAA", proofBundle: async () => "c2sp.org/tlog-proof@v1\n" },
};

const handle = openDatabase({ kind: "sqlite", file: path.join(dir, "platform.sqlite") });
await migrateToLatest(handle.db);
const log = pino({ level: "warn" });
const repository = new PackageJobsRepository(handle.db);
const blobs = new LocalBlobStore(path.join(dir, "blobs"));
const workDir = path.join(dir, "tmp");
const now = () => Date.now();
const builder = new PackageBuilder({ repository, ports, blobs, workDir, now, log });
const queue = new RowQueue({
  key: "evidence.packages",
  name: "证据打包",
  concurrency: PACKAGES_AT_ONCE,
  nextQueued: (limit) => repository.nextQueued(limit),
  countQueued: () => repository.countInState("queued"),
  find: (id) => repository.find(id),
  claim: (row) => builder.claim(row),
  run: (row, signal) => builder.run(row, signal),
  resume: (row) => builder.resume(row),
  recover: () => builder.recover(),
  log,
});
const jobs = new PackageJobs({ repository, blobs, workDir, kick: () => queue.kick(), now });

const totalMb = FILES * FILE_MB;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function drain(stream: AsyncIterable<Buffer>): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += chunk.length;
  return bytes;
}

async function timed(label: string, run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  const seconds = (performance.now() - start) / 1000;
  console.log(`${label.padEnd(58)} ${(totalMb / seconds).toFixed(0).padStart(6)} MB/s  (${seconds.toFixed(2)} s for ${totalMb} MB)`);
  return seconds;
}

async function directZip() {
  const file = path.join(dir, `direct-${randomBytes(4).toString("hex")}.zip`);
  await writeEvidencePackage(file, records, ports, { createdAt: Date.now() });
  await drain(fs.createReadStream(file));
  fs.rmSync(file);
}

async function sharedJob() {
  const { jobId } = await jobs.start(OWNER, records, "证据打包-bench.zip");
  await queue.idle();
  const status = await jobs.status(OWNER, jobId);
  if (status.status !== "ready") throw new Error(`the job ended ${status.status}: ${status.message}`);
  const zip = await jobs.open(OWNER, jobId);
  if ((await drain(zip.stream)) !== zip.size) throw new Error("the download was cut short");
  // Expired at once, so each round starts from an empty table and store.
  await repository.updateIn((await repository.findByKey(jobId))!.id, "ready", { expires_at: 0 });
  await jobs.purge();
}

await directZip(); // warm the page cache for both
const baselines: number[] = [];
const shared: number[] = [];
for (let round = 0; round < 3; round += 1) {
  baselines.push(await timed("baseline: ZIP written to a file and read back", directZip));
  shared.push(await timed("shared job: row, queue, progress, scratch file, download", sharedJob));
}
console.log(`shared job / baseline, time (medians of 3)                  ${(median(shared) / median(baselines)).toFixed(2)}×`);

const { jobId } = await jobs.start(OWNER, records.slice(0, 1), "证据打包-bench.zip");
await queue.idle();
const POLLS = 2000;
const pollStart = performance.now();
for (let i = 0; i < POLLS; i++) await jobs.status(OWNER, jobId);
console.log(`status poll (one row read, SQLite)                         ${(((performance.now() - pollStart) * 1000) / POLLS).toFixed(0).padStart(6)} µs each`);

await queue.close();
await handle.db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
