import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { PackageStatus } from "../../../src/schema/evidence-library.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { removeStaleFiles } from "../../blobs/scratch-build.js";
import { BusinessError } from "../../http/envelope.js";
import { ANSWER_WAIT_MS, waitUntilSettled, type SettleSignals } from "../../jobs/settle-wait.js";
import type { LibraryRecord } from "./evidence-library.ports.js";
import type { PackageItem } from "./package-builder.js";
import { contractStatus } from "./package-job-lifecycle.js";
import type { PackageJobRow, PackageJobsRepository } from "./package-jobs.repository.js";
import { scratchNameOf, type PackageKindDefinition } from "./package-kind.js";
import { estimateSeconds, unitsOf } from "./package-progress.js";

/**
 * Packages not finished (queued or being written), per owner and in all processes: beyond these a
 * new job is refused at once rather than left waiting behind a queue whose end nobody can tell.
 */
const MAX_UNFINISHED_PER_OWNER = 2;
const MAX_UNFINISHED = 16;
const NOT_FOUND = "没有找到这个打包任务，或它已过期";

/** A finished package as its stream from the blob store, with its name and size. */
export type PackageDownload = { stream: Readable; fileName: string; size: number };

export type PackageJobsDependencies = {
  kind: PackageKindDefinition;
  repository: PackageJobsRepository;
  blobs: BlobStore;
  /** The processes' local work folder (package-builder.ts), tidied of dead runs' files. */
  workDir: string;
  /** A job was queued: the row queue puts it on its way (server/jobs). */
  kick: () => void;
  /** Woken by this process's builder when it settles a job (package-builder.ts). */
  signals: SettleSignals;
  now: () => number;
};

/**
 * The requests' side of packaging jobs of one kind (DESIGN.md §2 "jobs"): a job is a row of
 * evidence_packages run by the row queue (package-builder.ts), in this process or a worker. The
 * evidence library's page polls its status for the packaging countdown, and the owner (a holder,
 * an extraction session, an expert) then downloads the ZIP from the blob store, through any
 * process; a job belongs to its owner, anyone else asking for it gets "not found". The
 * litigation package's call instead waits for its job (ask), and its ticket alone opens it.
 */
export class PackageJobs {
  constructor(private readonly deps: PackageJobsDependencies) {}

  async start(owner: string, records: readonly LibraryRecord[], fileName: string): Promise<PackageStatus> {
    const id = await this.queue(owner, records, fileName, randomBytes(16).toString("hex"));
    return statusOf((await this.deps.repository.find(id))!);
  }

  /**
   * Queues a job under `jobKey` and waits for it to be ready or failed, as a call that answers
   * with the package does; null when ANSWER_WAIT_MS ran out first (the job goes on, and its
   * package expires unclaimed).
   */
  async ask(owner: string, records: readonly LibraryRecord[], fileName: string, jobKey: string): Promise<PackageJobRow | null> {
    const id = await this.queue(owner, records, fileName, jobKey);
    const { repository, signals } = this.deps;
    return waitUntilSettled(id, () => repository.find(id), (row) => row.state === "ready" || row.state === "failed", signals, ANSWER_WAIT_MS);
  }

  async status(owner: string, jobKey: string): Promise<PackageStatus> {
    return statusOf(await this.find(owner, jobKey));
  }

  /** The finished ZIP of the owner's job. */
  async open(owner: string, jobKey: string): Promise<PackageDownload> {
    const row = await this.find(owner, jobKey);
    if (row.state !== "ready") throw new BusinessError(ResultCode.notFound, "打包尚未完成");
    // Gone while we looked (housekeeping in another process): the same answer as an expired job.
    const zip = await this.openRow(row);
    if (!zip) throw new BusinessError(ResultCode.notFound, NOT_FOUND);
    return zip;
  }

  /** The finished ZIP of a job whose key is the caller's proof (a litigation package's ticket hash); null for one unknown, unfinished or expired. */
  async openByKey(jobKey: string): Promise<PackageDownload | null> {
    const row = await this.deps.repository.findByKey(jobKey);
    if (!row || row.state !== "ready" || this.isExpired(row)) return null;
    return this.openRow(row);
  }

  /**
   * Housekeeping: deletes packages past their time to live, the ZIP before its row, so no row ever
   * names a ZIP that is gone unnoticed and no ZIP outlives its row; and the work folder's files of
   * dead runs. Safe with other processes passing at once: each deletion is idempotent.
   */
  async purge(): Promise<void> {
    const { kind, repository, blobs } = this.deps;
    for (const row of await repository.expired(this.deps.now())) {
      await blobs.deleteScratch(scratchNameOf(kind.kind, row.job_key));
      await repository.delete(row.id);
    }
    await removeStaleFiles(this.deps.workDir, kind.ttlMs);
  }

  private async queue(owner: string, records: readonly LibraryRecord[], fileName: string, jobKey: string): Promise<number> {
    const { repository } = this.deps;
    const unfinished = await repository.countUnfinished(owner);
    if (unfinished.all >= MAX_UNFINISHED || unfinished.owner >= MAX_UNFINISHED_PER_OWNER) throw new BusinessError(ResultCode.rateLimited, "正在打包的任务较多，请稍后再试");
    const items: PackageItem[] = records.map((record) => ({ holderUserId: record.holderUserId, id: record.id }));
    const id = await repository.insert({
      job_key: jobKey,
      owner,
      state: "queued",
      items_json: JSON.stringify(items),
      file_name: fileName,
      total: records.length,
      done: 0,
      units_total: records.reduce((sum, record) => sum + unitsOf(record), 0),
      units_done: 0,
      attempts: 0,
      created_at: this.deps.now(),
    });
    this.deps.kick();
    return id;
  }

  private async find(owner: string, jobKey: string): Promise<PackageJobRow> {
    const row = await this.deps.repository.findByKey(jobKey);
    if (!row || row.owner !== owner || this.isExpired(row)) throw new BusinessError(ResultCode.notFound, NOT_FOUND);
    return row;
  }

  private isExpired(row: PackageJobRow): boolean {
    return row.expires_at != null && Number(row.expires_at) <= this.deps.now();
  }

  private async openRow(row: PackageJobRow): Promise<PackageDownload | null> {
    const zip = await this.deps.blobs.openScratch(scratchNameOf(this.deps.kind.kind, row.job_key));
    return zip && { stream: zip.stream, fileName: row.file_name, size: zip.size };
  }
}

function statusOf(row: PackageJobRow): PackageStatus {
  const status = contractStatus(row.state);
  return {
    jobId: row.job_key,
    status,
    done: row.done,
    total: row.total,
    estimatedSeconds:
      status === "packaging" ? estimateSeconds({ unitsTotal: Number(row.units_total), unitsDone: Number(row.units_done), runStartedAt: row.run_started_at === null ? null : Number(row.run_started_at) }, Date.now()) : 0,
    size: row.size === null ? null : Number(row.size),
    fileName: row.file_name,
    message: row.message,
  };
}
