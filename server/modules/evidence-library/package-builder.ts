import type { FastifyBaseLogger } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { RowQueueDependencies } from "../../jobs/row-queue.js";
import { buildScratchFile } from "../../blobs/scratch-build.js";
import type { EvidenceLibraryPorts, LibraryRecord } from "./evidence-library.ports.js";
import { PACKAGE_JOB_LIFECYCLE, PACKAGE_JOB_MAX_ATTEMPTS } from "./package-job-lifecycle.js";
import type { PackageJobRow, PackageJobsRepository } from "./package-jobs.repository.js";
import { unitsOf } from "./package-progress.js";
import { PackageIntegrityError, writeEvidencePackage } from "./package-writer.js";

/** Packages written at once by one process: packing is disk and CPU work. */
const PACKAGES_AT_ONCE = 4;
/** A finished (or failed) package can be downloaded (or its failure read) for this long, then it is deleted. */
export const PACKAGE_TTL_MS = 60 * 60 * 1000;
/** Progress reaches the row at most this often: the countdown polls every second or so, and every item written would be a write per item. */
const PROGRESS_WRITE_MS = 500;
const FAILED = "打包失败，请稍后重试";

/** What a job packs, in order: each record by its holder, read again when the job runs. */
export type PackageItem = { holderUserId: number; id: number };

export const scratchNameOf = (jobKey: string) => `evidence-package-${jobKey}.zip`;

export type PackageBuilderDependencies = {
  repository: PackageJobsRepository;
  ports: EvidenceLibraryPorts;
  blobs: BlobStore;
  /** Where this process writes a ZIP before the blob store takes it. */
  workDir: string;
  now: () => number;
  log: FastifyBaseLogger;
};

/**
 * The worker's side of a packaging job (the row queue's claim, run, resume and recover): the ZIP
 * is written locally, its progress written to the row as it goes, then kept as a scratch file of
 * the blob store, so any process serves the status and the download.
 */
export class PackageBuilder {
  constructor(private readonly deps: PackageBuilderDependencies) {}

  /** queued → running, counting the attempt. */
  async claim(row: PackageJobRow): Promise<boolean> {
    return this.deps.repository.updateIn(row.id, "queued", {
      state: PACKAGE_JOB_LIFECYCLE.next(row.state, "start"),
      attempts: row.attempts + 1,
      done: 0,
      units_done: 0,
      run_started_at: Date.now(),
    });
  }

  /**
   * Writes the package. A refusal (a record gone, or stored bytes that differ from the
   * certificate) and any other failure end the job failed, with the message the page shows; a
   * close of the process leaves it running for the queue to hand on.
   */
  async run(row: PackageJobRow, closing: AbortSignal): Promise<void> {
    const { repository, log } = this.deps;
    const progress = new ProgressWriter((done, unitsDone) => repository.updateIn(row.id, "running", { done, units_done: unitsDone }), log);
    try {
      const records = await this.readRecords(JSON.parse(row.items_json) as PackageItem[]);
      const { size } = await buildScratchFile(this.deps.blobs, this.deps.workDir, scratchNameOf(row.job_key), (file) =>
        writeEvidencePackage(file, records, this.deps.ports, { createdAt: Number(row.created_at), onItem: (done) => progress.report(done, unitsOf(records[done - 1])) }),
      );
      await progress.settled();
      const now = this.deps.now();
      await repository.updateIn(row.id, "running", {
        state: PACKAGE_JOB_LIFECYCLE.next("running", "finish"),
        done: row.total,
        units_done: row.units_total,
        size,
        finished_at: now,
        expires_at: now + PACKAGE_TTL_MS,
      });
    } catch (error) {
      await progress.settled();
      if (closing.aborted) return;
      const isRefused = error instanceof PackageIntegrityError;
      if (isRefused) log.warn({ job: row.job_key, reason: error.message }, "evidence package refused");
      else log.error({ err: error, job: row.job_key }, "evidence package failed");
      await this.end(row, "fail", isRefused ? error.message : FAILED);
    }
  }

  /** A run cut off (its process died or stopped): queued again while it has attempts left, failed otherwise. */
  async resume(row: PackageJobRow): Promise<void> {
    if (row.attempts < PACKAGE_JOB_MAX_ATTEMPTS) {
      await this.deps.repository.updateIn(row.id, "running", { state: PACKAGE_JOB_LIFECYCLE.next("running", "resume"), done: 0, units_done: 0, run_started_at: null });
    } else {
      await this.end(row, "abandon", FAILED);
    }
  }

  /** Start-up of the embedded process, the only one running jobs: every job left running is resumed. */
  async recover(): Promise<void> {
    for (const row of await this.deps.repository.inState("running")) await this.resume(row);
  }

  private async end(row: PackageJobRow, action: "fail" | "abandon", message: string): Promise<void> {
    const now = this.deps.now();
    await this.deps.repository.updateIn(row.id, "running", { state: PACKAGE_JOB_LIFECYCLE.next("running", action), message, finished_at: now, expires_at: now + PACKAGE_TTL_MS });
  }

  /** The records as they are now; one deleted since the job was asked for refuses the package. */
  private async readRecords(items: readonly PackageItem[]): Promise<LibraryRecord[]> {
    const records = await Promise.all(items.map((item) => this.deps.ports.evidence.getForHolder(item.holderUserId, item.id)));
    if (records.some((record) => record === null)) throw new PackageIntegrityError("所选证据中有已删除的证据，请重新选择后打包");
    return records as LibraryRecord[];
  }
}

/** The row queue of packaging jobs (server/jobs), however it runs: their rows, and the builder's claim, run and recovery. */
export function packageQueueOf(repository: PackageJobsRepository, builder: PackageBuilder, log: FastifyBaseLogger): RowQueueDependencies<PackageJobRow> {
  return {
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
  };
}

/**
 * The run's progress, written to the row at most every PROGRESS_WRITE_MS, in order and never
 * waited for by the writer of the ZIP; settled() waits for the last write.
 */
class ProgressWriter {
  #done = 0;
  #unitsDone = 0;
  #writtenAt = 0;
  #writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly write: (done: number, unitsDone: number) => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
  ) {}

  report(done: number, units: number): void {
    this.#done = done;
    this.#unitsDone += units;
    if (Date.now() - this.#writtenAt < PROGRESS_WRITE_MS) return;
    this.#writtenAt = Date.now();
    const [doneNow, unitsNow] = [this.#done, this.#unitsDone];
    this.#writes = this.#writes.then(() => this.write(doneNow, unitsNow)).catch((error) => this.log.warn({ err: error }, "evidence package: progress not recorded"));
  }

  settled(): Promise<unknown> {
    return this.#writes;
  }
}
