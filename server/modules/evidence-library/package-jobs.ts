import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { PackageStatus } from "../../../src/schema/evidence-library.js";
import { BusinessError } from "../../http/envelope.js";
import type { QueueDepth } from "../../jobs/job-queues.js";
import type { EvidenceLibraryPorts, LibraryRecord } from "./evidence-library.ports.js";
import { storedBytes } from "./package-contents.js";
import { PackageIntegrityError, writeEvidencePackage } from "./package-writer.js";

/** A finished package can be downloaded for this long, then its file is deleted. */
export const PACKAGE_TTL_MS = 60 * 60 * 1000;
/** Packages being built at once, per owner and in all: packing is disk and CPU work. */
const MAX_RUNNING_PER_OWNER = 2;
const MAX_RUNNING = 4;
/**
 * The first estimate before anything is measured: bytes at a modest disk rate plus a fixed cost
 * per item (certificate PDF, proof). Later estimates use the rate measured so far.
 */
// About half the packer's rate in bench/evidence-package.bench.ts, to leave room for a busy disk.
const ASSUMED_BYTES_PER_SECOND = 80 * 1024 * 1024;
const ASSUMED_SECONDS_PER_ITEM = 0.3;

interface Job {
  id: string;
  owner: string;
  file: string;
  fileName: string;
  total: number;
  done: number;
  status: PackageStatus["status"];
  message: string | null;
  size: number | null;
  startedAt: number;
  /** performance.now() at the start: the measured rate must not follow a test's or NTP's clock. */
  startedMono: number;
  finishedAt: number | null;
  /** Work units: bytes plus a per-item allowance, for the countdown. */
  units: { total: number; done: number };
}

/**
 * The packaging jobs of this process (DESIGN.md §2 "jobs: in-process queue"): each builds one ZIP
 * in a temporary folder in the background while the page polls its status and shows the packaging
 * countdown; the owner (a holder or an extraction session) then downloads it. A job belongs to
 * its owner: anyone else asking for it gets "not found".
 */
export class PackageJobs {
  private readonly jobs = new Map<string, Job>();
  /** Jobs that failed since this process started (finished ones are forgotten after their time to live). */
  private failures = 0;

  constructor(
    private readonly dir: string,
    private readonly ports: EvidenceLibraryPorts,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(owner: string, records: readonly LibraryRecord[], fileName: string): Promise<PackageStatus> {
    const running = [...this.jobs.values()].filter((job) => job.status === "packaging");
    if (running.length >= MAX_RUNNING || running.filter((job) => job.owner === owner).length >= MAX_RUNNING_PER_OWNER) {
      throw new BusinessError(ResultCode.rateLimited, "正在打包的任务较多，请稍后再试");
    }
    await fsp.mkdir(this.dir, { recursive: true });
    const id = randomBytes(16).toString("hex");
    const perItem = ASSUMED_SECONDS_PER_ITEM * ASSUMED_BYTES_PER_SECOND;
    const job: Job = {
      id,
      owner,
      file: path.join(this.dir, `${id}.zip`),
      fileName,
      total: records.length,
      done: 0,
      status: "packaging",
      message: null,
      size: null,
      startedAt: this.now(),
      startedMono: performance.now(),
      finishedAt: null,
      units: { total: records.reduce((sum, record) => sum + storedBytes(record) + perItem, 0), done: 0 },
    };
    this.jobs.set(id, job);
    void this.run(job, records, perItem);
    return this.statusOf(job);
  }

  /** Nothing ever waits: beyond the limits a new job is refused at once. */
  depth(): QueueDepth {
    const running = [...this.jobs.values()].filter((job) => job.status === "packaging").length;
    return { waiting: 0, running, failed: this.failures };
  }

  status(owner: string, id: string): PackageStatus {
    return this.statusOf(this.find(owner, id));
  }

  /** The finished ZIP as a stream, with its name and size. */
  open(owner: string, id: string): { stream: fs.ReadStream; fileName: string; size: number } {
    const job = this.find(owner, id);
    if (job.status !== "ready" || job.size === null) throw new BusinessError(ResultCode.notFound, "打包尚未完成");
    return { stream: fs.createReadStream(job.file), fileName: job.fileName, size: job.size };
  }

  /** Deletes packages older than their time to live, and any leftovers of an earlier process. */
  async purge(): Promise<void> {
    const now = this.now();
    for (const job of [...this.jobs.values()]) {
      if (job.finishedAt !== null && now - job.finishedAt > PACKAGE_TTL_MS) {
        this.jobs.delete(job.id);
        await fsp.rm(job.file, { force: true });
      }
    }
    const known = new Set([...this.jobs.values()].map((job) => path.basename(job.file)));
    const files = await fsp.readdir(this.dir).catch(() => [] as string[]);
    await Promise.all(files.filter((file) => !known.has(file)).map((file) => fsp.rm(path.join(this.dir, file), { force: true })));
  }

  /** Waits for running jobs (app close), so no file is written after the app has gone. */
  async drain(): Promise<void> {
    while ([...this.jobs.values()].some((job) => job.status === "packaging")) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  private async run(job: Job, records: readonly LibraryRecord[], perItem: number) {
    try {
      await writeEvidencePackage(job.file, records, this.ports, {
        createdAt: job.startedAt,
        onItem: (done) => {
          job.done = done;
          job.units.done += storedBytes(records[done - 1]) + perItem;
        },
      });
      job.size = (await fsp.stat(job.file)).size;
      job.status = "ready";
    } catch (error) {
      job.status = "failed";
      this.failures += 1;
      job.message = error instanceof PackageIntegrityError ? error.message : "打包失败，请稍后重试";
      if (!(error instanceof PackageIntegrityError)) this.log.error({ err: error, job: job.id }, "evidence package failed");
      else this.log.warn({ job: job.id, reason: error.message }, "evidence package refused");
      await fsp.rm(job.file, { force: true });
    } finally {
      job.finishedAt = this.now();
    }
  }

  private find(owner: string, id: string): Job {
    const job = this.jobs.get(id);
    if (!job || job.owner !== owner) throw new BusinessError(ResultCode.notFound, "没有找到这个打包任务，或它已过期");
    return job;
  }

  private statusOf(job: Job): PackageStatus {
    return {
      jobId: job.id,
      status: job.status,
      done: job.done,
      total: job.total,
      estimatedSeconds: job.status === "packaging" ? this.estimate(job) : 0,
      size: job.size,
      fileName: job.fileName,
      message: job.message,
    };
  }

  private estimate(job: Job): number {
    const remaining = job.units.total - job.units.done;
    const elapsedSeconds = (performance.now() - job.startedMono) / 1000;
    // Until something is measured, the assumed rate; then the rate this job has shown.
    const rate = job.units.done > 0 && elapsedSeconds > 0 ? job.units.done / elapsedSeconds : ASSUMED_BYTES_PER_SECOND;
    return Math.max(1, Math.ceil(remaining / rate));
  }
}
