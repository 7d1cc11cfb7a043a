/**
 * What sharing packages across processes costs (issue 20): a packaging job as the platform runs
 * it now (a row of evidence_packages on SQLite, the embedded row queue, progress written to the row,
 * the ZIP kept as a blob-store scratch file, then read back as the download streams it) against a
 * baseline measured in the same run: the same ZIP written straight to a file and read back, as the
 * per-process jobs did. The two alternate for three rounds and the medians are compared. Then the
 * status poll the page's countdown makes (one row read), timed over 2,000 calls.
 *   npx tsx bench/package-jobs.bench.ts
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { LocalBlobStore } from "../server/blobs/local-blob-store.js";
import { openDatabase } from "../server/db/dialect.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { RowQueue } from "../server/jobs/row-queue.js";
import { SettleSignals } from "../server/jobs/settle-wait.js";
import { PackageBuilder, packageQueueOf } from "../server/modules/evidence-library/package-builder.js";
import { EVIDENCE_PACKAGES } from "../server/modules/evidence-library/package-kind.js";
import { PackageJobs } from "../server/modules/evidence-library/package-jobs.js";
import { PackageJobsRepository } from "../server/modules/evidence-library/package-jobs.repository.js";
import { writeEvidencePackage } from "../server/modules/evidence-library/package-writer.js";
import { packableRecords } from "../tests/support/packable-records.js";

const FILES = 4;
const FILE_MB = 32;
const OWNER = "user:1";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "package-jobs-bench-"));
const { records, ports } = packableRecords(dir, FILES, FILE_MB * 1024 * 1024);

const handle = openDatabase({ kind: "sqlite", file: path.join(dir, "platform.sqlite") });
await migrateToLatest(handle.db);
const log = pino({ level: "warn" });
const repository = new PackageJobsRepository(handle.db, "evidence");
const blobs = new LocalBlobStore(path.join(dir, "blobs"));
const workDir = path.join(dir, "tmp");
const signals = new SettleSignals();
const now = () => Date.now();
const builder = new PackageBuilder({ kind: EVIDENCE_PACKAGES, repository, ports, blobs, workDir, signals, now, log });
const queue = new RowQueue(packageQueueOf(EVIDENCE_PACKAGES, repository, builder, log));
const jobs = new PackageJobs({ kind: EVIDENCE_PACKAGES, repository, blobs, workDir, kick: () => queue.kick(), signals, now });

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
