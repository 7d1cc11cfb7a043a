import type { FastifyBaseLogger } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import { buildScratchFile } from "../../blobs/scratch-build.js";
import { BusinessError } from "../../http/envelope.js";
import type { RowQueueDependencies } from "../../jobs/row-queue.js";
import type { SettleSignals } from "../../jobs/settle-wait.js";
import type { EvidenceLibraryPorts, LibraryRecord } from "./evidence-library.ports.js";
import { PACKAGE_JOB_LIFECYCLE, PACKAGE_JOB_MAX_ATTEMPTS } from "./package-job-lifecycle.js";
import type { PackageJobRow, PackageJobsRepository } from "./package-jobs.repository.js";
import { scratchNameOf, type PackageKindDefinition } from "./package-kind.js";
import { unitsOf } from "./package-progress.js";
import { PackageIntegrityError, writeEvidencePackage } from "./package-writer.js";

/** Progress reaches the row at most this often: the countdown polls every second or so, and every item written would be a write per item. */
const PROGRESS_WRITE_MS = 500;
const FAILED = "打包失败，请稍后重试";

/** What a job packs, in order: each record by its holder, read again when the job runs. */
export type PackageItem = { holderUserId: number; id: number };

export type PackageBuilderDependencies = {
  kind: PackageKindDefinition;
  repository: PackageJobsRepository;
  ports: EvidenceLibraryPorts;
  blobs: BlobStore;
  /** Where this process writes a ZIP before the blob store takes it. */
  workDir: string;
  /** Wakes an asker of this process waiting for a job it settled (package-jobs.ts). */
  signals: SettleSignals;
  now: () => number;
  log: FastifyBaseLogger;
};

/**
 * The worker's side of a packaging job of one kind (the row queue's claim, run, resume and
 * recover): the kind's extra files are made, the ZIP is written locally, its progress written to
 * the row as it goes, then kept as a scratch file of the blob store, so any process serves the
 * status and the download.
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
   * Writes the package. A refusal (a record gone, stored bytes that differ from the certificate,
   * or a business refusal of the kind's extra files) and any other failure end the job failed,
   * with the message the page shows; a close of the process leaves it running for the queue to
   * hand on.
   */
  async run(row: PackageJobRow, closing: AbortSignal): Promise<void> {
    const { kind, repository, log } = this.deps;
    const progress = new ProgressWriter((done, unitsDone) => repository.updateIn(row.id, "running", { done, units_done: unitsDone }), log);
    const createdAt = Number(row.created_at);
    try {
      const records = await this.readRecords(JSON.parse(row.items_json) as PackageItem[]);
      const extension = await kind.extend?.(records, createdAt);
      const { result: entries, size } = await buildScratchFile(this.deps.blobs, this.deps.workDir, scratchNameOf(kind.kind, row.job_key), (file) =>
        writeEvidencePackage(file, records, this.deps.ports, { createdAt, onItem: (done) => progress.report(done, unitsOf(records[done - 1])), extraFiles: extension?.extraFiles }),
      );
      await progress.settled();
      const now = this.deps.now();
      await repository.updateIn(row.id, "running", {
        state: PACKAGE_JOB_LIFECYCLE.next("running", "finish"),
        done: row.total,
        units_done: row.units_total,
        size,
        detail_json: extension ? JSON.stringify(extension.describe(entries)) : null,
        finished_at: now,
        expires_at: now + kind.ttlMs,
      });
      this.deps.signals.settled(row.id);
    } catch (error) {
      await progress.settled();
      if (closing.aborted) return;
      const isRefused = error instanceof PackageIntegrityError || error instanceof BusinessError;
      if (isRefused) log.warn({ job: row.job_key, kind: kind.kind, reason: error.message }, "package refused");
      else log.error({ err: error, job: row.job_key, kind: kind.kind }, "package failed");
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
    await this.deps.repository.updateIn(row.id, "running", { state: PACKAGE_JOB_LIFECYCLE.next("running", action), message, finished_at: now, expires_at: now + this.deps.kind.ttlMs });
    this.deps.signals.settled(row.id);
  }

  /** The records as they are now; one deleted since the job was asked for refuses the package. */
  private async readRecords(items: readonly PackageItem[]): Promise<LibraryRecord[]> {
    const records = await Promise.all(items.map((item) => this.deps.ports.evidence.getForHolder(item.holderUserId, item.id)));
    if (records.some((record) => record === null)) throw new PackageIntegrityError(this.deps.kind.recordGone);
    return records as LibraryRecord[];
  }
}

/** The row queue of one kind's packaging jobs (server/jobs), however it runs: their rows, and the builder's claim, run and recovery. */
export function packageQueueOf(kind: PackageKindDefinition, repository: PackageJobsRepository, builder: PackageBuilder, log: FastifyBaseLogger): RowQueueDependencies<PackageJobRow> {
  return {
    ...kind.queue,
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
    this.#writes = this.#writes.then(() => this.write(doneNow, unitsNow)).catch((error) => this.log.warn({ err: error }, "package: progress not recorded"));
  }

  settled(): Promise<unknown> {
    return this.#writes;
  }
}
