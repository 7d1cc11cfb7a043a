import fs from "node:fs";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ResultCode } from "../../../src/schema/envelope.js";
import { LocalBlobStore } from "../../../server/blobs/local-blob-store.js";
import { BusinessError } from "../../../server/http/envelope.js";
import { RowQueue } from "../../../server/jobs/row-queue.js";
import { SettleSignals } from "../../../server/jobs/settle-wait.js";
import { PackageBuilder, packageQueueOf } from "../../../server/modules/evidence-library/package-builder.js";
import { EVIDENCE_PACKAGES, scratchNameOf, type PackageKindDefinition } from "../../../server/modules/evidence-library/package-kind.js";
import { PACKAGE_JOB_MAX_ATTEMPTS } from "../../../server/modules/evidence-library/package-job-lifecycle.js";
import { PackageJobs } from "../../../server/modules/evidence-library/package-jobs.js";
import { PackageJobsRepository } from "../../../server/modules/evidence-library/package-jobs.repository.js";
import { createTestDatabase, type TestDatabase } from "../../server/support/test-database.js";
import { packableRecords } from "../../support/packable-records.js";

/**
 * Packaging jobs as rows (issue 20), without an app: the embedded row queue over a SQLite file, the
 * local blob store, three small originals. What the page sees through any process is in the server
 * and multi-process tests; here, what only the rows show: recovery, refusals, housekeeping, limits.
 */
let database: TestDatabase;
let fixture: ReturnType<typeof packableRecords>;
let repository: PackageJobsRepository;
let blobs: LocalBlobStore;
let builder: PackageBuilder;
let clock = Date.UTC(2026, 10, 25);
const now = () => clock;
const log = pino({ level: "silent" });
const signals = new SettleSignals();
let workDir: string;
/** Jobs queued but not run: each test runs the queue when it wants to. */
let jobs: PackageJobs;

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = packableRecords(database.dataDir, 3, 64 * 1024);
  repository = new PackageJobsRepository(database.handle.db, "evidence");
  blobs = new LocalBlobStore(path.join(database.dataDir, "blobs"));
  workDir = path.join(database.dataDir, "tmp");
  builder = new PackageBuilder({ kind: EVIDENCE_PACKAGES, repository, ports: fixture.ports, blobs, workDir, signals, now, log });
  jobs = new PackageJobs({ kind: EVIDENCE_PACKAGES, repository, blobs, workDir, kick: () => undefined, signals, now });
});
afterAll(async () => database?.dispose());
beforeEach(async () => {
  fixture.deleted.clear();
  await database.handle.db.deleteFrom("evidence_packages").execute();
});

async function runQueued() {
  const queue = new RowQueue(packageQueueOf(EVIDENCE_PACKAGES, repository, builder, log));
  queue.kick();
  await queue.idle();
  await queue.close();
}
const rowOf = async (jobId: string) => (await repository.findByKey(jobId))!;

describe("packaging jobs as rows", () => {
  it("builds a queued job: packaging with a countdown, then ready, its ZIP in the store for its owner only", async () => {
    const started = await jobs.start("user:1", fixture.records, "证据打包-1.zip");
    expect(started).toMatchObject({ status: "packaging", done: 0, total: 3, size: null, fileName: "证据打包-1.zip" });
    expect(started.estimatedSeconds).toBeGreaterThanOrEqual(1);
    await runQueued();
    const ready = await jobs.status("user:1", started.jobId);
    expect(ready).toMatchObject({ status: "ready", done: 3, total: 3, estimatedSeconds: 0 });
    const zip = await jobs.open("user:1", started.jobId);
    expect(zip.size).toBe(ready.size);
    expect(zip.fileName).toBe("证据打包-1.zip");
    zip.stream.destroy();
    await expect(jobs.status("user:2", started.jobId)).rejects.toThrow("没有找到这个打包任务，或它已过期");
    await expect(jobs.open("user:2", started.jobId)).rejects.toThrow("没有找到这个打包任务，或它已过期");
  });

  it("queues again a job a dead process left running, until its attempts are spent; then it fails", async () => {
    const { jobId } = await jobs.start("user:1", fixture.records, "证据打包-2.zip");
    for (let attempt = 1; attempt <= PACKAGE_JOB_MAX_ATTEMPTS; attempt++) {
      expect(await builder.claim(await rowOf(jobId))).toBe(true);
      await builder.recover();
      expect(await rowOf(jobId)).toMatchObject({ attempts: attempt, state: attempt < PACKAGE_JOB_MAX_ATTEMPTS ? "queued" : "failed" });
    }
    expect(await jobs.status("user:1", jobId)).toMatchObject({ status: "failed", message: "打包失败，请稍后重试" });
    await expect(jobs.open("user:1", jobId)).rejects.toThrow("打包尚未完成");
  });

  it("fails a job whose evidence was deleted after it was asked for, and stores nothing", async () => {
    const { jobId } = await jobs.start("user:1", fixture.records, "证据打包-3.zip");
    fixture.deleted.add(fixture.records[1].id);
    await runQueued();
    expect(await jobs.status("user:1", jobId)).toMatchObject({ status: "failed", message: "所选证据中有已删除的证据，请重新选择后打包" });
    expect(await blobs.openScratch(scratchNameOf("evidence", jobId))).toBeNull();
  });

  it("refuses a third unfinished job of one owner, not another owner's", async () => {
    await jobs.start("user:1", fixture.records, "a.zip");
    await jobs.start("user:1", fixture.records, "b.zip");
    await expect(jobs.start("user:1", fixture.records, "c.zip")).rejects.toThrow("正在打包的任务较多，请稍后再试");
    await expect(jobs.start("user:2", fixture.records, "c.zip")).resolves.toMatchObject({ status: "packaging" });
  });

  it("housekeeping deletes an expired package, ZIP then row, harmlessly twice at once, and dead runs' files", async () => {
    const { jobId } = await jobs.start("user:1", fixture.records, "证据打包-4.zip");
    await runQueued();
    fs.mkdirSync(workDir, { recursive: true });
    const [dead, live] = ["dead.part", "live.part"].map((name) => path.join(workDir, name));
    fs.writeFileSync(dead, "left by a run that died");
    fs.writeFileSync(live, "being written");
    const longAgo = new Date(Date.now() - 2 * EVIDENCE_PACKAGES.ttlMs);
    fs.utimesSync(dead, longAgo, longAgo);

    await jobs.purge();
    expect(await jobs.status("user:1", jobId)).toMatchObject({ status: "ready" });
    clock += EVIDENCE_PACKAGES.ttlMs + 1;
    await expect(jobs.status("user:1", jobId)).rejects.toThrow("没有找到这个打包任务，或它已过期");
    await Promise.all([jobs.purge(), jobs.purge()]);
    expect(await repository.findByKey(jobId)).toBeUndefined();
    expect(await blobs.openScratch(scratchNameOf("evidence", jobId))).toBeNull();
    expect([fs.existsSync(dead), fs.existsSync(live)]).toEqual([false, true]);
  });
});

describe("a kind that adds files and whose asker waits (the litigation package's machinery)", () => {
  /** Runs each queued job as soon as it is kicked, as the embedded queue does. */
  function kindOf(extend: PackageKindDefinition["extend"]) {
    const kind: PackageKindDefinition = { kind: "lawsuit", queue: { key: "test.packages", name: "测试打包", concurrency: 1 }, ttlMs: 30 * 60_000, recordGone: "证据已删除", extend };
    const kindRepository = new PackageJobsRepository(database.handle.db, "lawsuit");
    const kindSignals = new SettleSignals();
    const kindBuilder = new PackageBuilder({ kind, repository: kindRepository, ports: fixture.ports, blobs, workDir, signals: kindSignals, now, log });
    const queue = new RowQueue(packageQueueOf(kind, kindRepository, kindBuilder, log));
    const kindJobs = new PackageJobs({ kind, repository: kindRepository, blobs, workDir, kick: () => queue.kick(), signals: kindSignals, now });
    return { kindRepository, kindJobs, queue };
  }
  const note = { path: "附加/说明.txt", content: Buffer.from("附加文件", "utf8") };

  it("answers the asker once built, with what the kind told of the entries; its key alone opens it, and an evidence job never sees it", async () => {
    const { kindJobs, queue } = kindOf(async (records, createdAt) => ({
      extraFiles: [note],
      describe: (entries) => ({ createdAt, count: records.length, names: entries.map((entry) => entry.path) }),
    }));
    const key = "d".repeat(64);
    try {
      const row = await kindJobs.ask("lawsuit:address", fixture.records.slice(0, 1), "诉讼包.zip", key);
      expect(row).toMatchObject({ kind: "lawsuit", state: "ready", attempts: 1 });
      const detail = JSON.parse(row!.detail_json!) as { createdAt: number; count: number; names: string[] };
      expect(detail).toMatchObject({ createdAt: clock, count: 1 });
      expect(detail.names).toContain(note.path);
      const zip = (await kindJobs.openByKey(key))!;
      expect(zip).toMatchObject({ fileName: "诉讼包.zip", size: Number(row!.size) });
      zip.stream.destroy();
      expect(await blobs.openScratch(scratchNameOf("lawsuit", key))).not.toBeNull();
      await expect(jobs.status("lawsuit:address", key)).rejects.toThrow("没有找到这个打包任务，或它已过期");
      clock += 30 * 60_000;
      expect(await kindJobs.openByKey(key)).toBeNull();
      await kindJobs.purge();
      expect(await blobs.openScratch(scratchNameOf("lawsuit", key))).toBeNull();
    } finally {
      await queue.close();
    }
  });

  it("fails with the refusal its extra files met, writing nothing", async () => {
    const { kindJobs, queue } = kindOf(async () => {
      throw new BusinessError(ResultCode.validationFailed, "账本尚无检查点");
    });
    const key = "e".repeat(64);
    try {
      expect(await kindJobs.ask("lawsuit:address", fixture.records.slice(0, 1), "诉讼包.zip", key)).toMatchObject({ state: "failed", message: "账本尚无检查点" });
      expect(await kindJobs.openByKey(key)).toBeNull();
      expect(await blobs.openScratch(scratchNameOf("lawsuit", key))).toBeNull();
    } finally {
      await queue.close();
    }
  });
});
