import type { Kysely } from "kysely";
import { FAILED_JOBS_SHOWN, type BlobStoreHealth, type PlatformHealth } from "../../../../src/schema/console/platform-health.js";
import type { BlobStore, BlobUsage } from "../../../blobs/blob-store.js";
import type { Database } from "../../../db/database.js";
import { databaseSize, isPostgres } from "../../../db/dialect.js";
import type { JobQueues } from "../../../jobs/job-queues.js";
import type { ChainService } from "../../chain/chain.service.js";
import type { LedgerService } from "../../ledger/ledger.service.js";
import type { SessionService } from "../../session/session.service.js";

/** The blob store is walked file by file; a page refreshing every 15 s must not walk it each time. */
export const BLOB_USAGE_MAX_AGE_MS = 60_000;

export interface PlatformHealthPorts {
  ledger: Pick<LedgerService, "origin" | "signerKeyId" | "latestCheckpoint" | "queueDepth">;
  chain: Pick<ChainService, "witnessReports" | "tsaReport">;
  blobs: Pick<BlobStore, "usage" | "volume">;
  sessions: Pick<SessionService, "liveCounts">;
  jobs: Pick<JobQueues, "depths" | "failedJobs">;
  db: Kysely<Database>;
  now: () => number;
  log: { warn(object: object, message: string): void };
}

/**
 * Puts the platform's health together from the modules that own each figure (issue 13). Nothing is
 * estimated: a figure the owner cannot give is null, and the reason is logged for the operator's
 * colleagues who read the logs.
 */
export class PlatformHealthService {
  #blobUsage: { usage: Promise<BlobUsage>; measuredAt: number } | null = null;

  constructor(private readonly ports: PlatformHealthPorts) {}

  async overview(): Promise<PlatformHealth> {
    const { ledger, chain, sessions, jobs, now } = this.ports;
    const generatedAt = now();
    const [checkpoint, witnesses, tsa, blobStore, databaseSizeBytes, liveSessions, queues, failedJobs] = await Promise.all([
      ledger.latestCheckpoint(),
      chain.witnessReports(),
      chain.tsaReport(),
      this.#blobStore(generatedAt),
      this.#databaseSize(),
      sessions.liveCounts(),
      jobs.depths(),
      jobs.failedJobs(FAILED_JOBS_SHOWN),
    ]);
    const queue = ledger.queueDepth();
    const memory = process.memoryUsage();
    return {
      generatedAt,
      ledger: {
        origin: ledger.origin,
        signerKeyId: ledger.signerKeyId,
        treeSize: checkpoint?.treeSize ?? 0,
        blockHeight: checkpoint?.blockHeight ?? 0,
        lastCheckpointAt: checkpoint?.createdAt ?? null,
        checkpointAgeSeconds: checkpoint ? Math.max(0, Math.floor((generatedAt - checkpoint.createdAt) / 1000)) : null,
        pendingEntries: queue.waiting + queue.running,
      },
      witnesses: witnesses.map((witness) => ({ ...witness, url: witness.url === "in-process" ? null : witness.url })),
      tsa,
      queues,
      failedJobs,
      blobStore,
      database: { dialect: isPostgres(this.ports.db) ? "postgres" : "sqlite", sizeBytes: databaseSizeBytes },
      process: {
        uptimeSeconds: Math.floor(process.uptime()),
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        heapTotalBytes: memory.heapTotal,
        nodeVersion: process.version,
      },
      sessions: Object.entries(liveSessions).map(([kind, live]) => ({ kind: kind as keyof typeof liveSessions, live })),
    };
  }

  async #blobStore(at: number): Promise<BlobStoreHealth> {
    const { usage, measuredAt } = this.#measureBlobs(at);
    const [{ bytes, files }, volume] = await Promise.all([
      usage,
      this.ports.blobs.volume().catch((error: unknown) => {
        this.ports.log.warn({ err: error }, "free space of the blob store's volume could not be read");
        return null;
      }),
    ]);
    return { bytesUsed: bytes, fileCount: files, measuredAt, freeBytes: volume?.freeBytes ?? null, totalBytes: volume?.totalBytes ?? null };
  }

  /** One walk at a time, kept for BLOB_USAGE_MAX_AGE_MS; a failed walk is not kept. */
  #measureBlobs(at: number) {
    if (this.#blobUsage && at - this.#blobUsage.measuredAt < BLOB_USAGE_MAX_AGE_MS) return this.#blobUsage;
    const measurement = { usage: this.ports.blobs.usage(), measuredAt: at };
    measurement.usage.catch(() => {
      if (this.#blobUsage === measurement) this.#blobUsage = null;
    });
    this.#blobUsage = measurement;
    return measurement;
  }

  async #databaseSize(): Promise<number | null> {
    try {
      return await databaseSize(this.ports.db);
    } catch (error) {
      this.ports.log.warn({ err: error }, "database size could not be read");
      return null;
    }
  }
}
