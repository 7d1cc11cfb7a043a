import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import { openRowQueue } from "../../jobs/row-queue-backend.js";
import { SettleSignals } from "../../jobs/settle-wait.js";
import type { ModuleContext } from "../module.js";
import type { EvidenceLibraryPorts } from "./evidence-library.ports.js";
import { PackageBuilder, packageQueueOf } from "./package-builder.js";
import { PackageJobs } from "./package-jobs.js";
import { PackageJobsRepository } from "./package-jobs.repository.js";
import type { PackageKindDefinition } from "./package-kind.js";

/**
 * Opens the packaging jobs of one kind: its rows, its builder and its row queue (in this process,
 * or workers' with Redis), started once the app is ready and closed with it. Housekeeping
 * (PackageJobs.purge) is the module's to schedule.
 */
export async function openPackageJobs(
  app: FastifyInstance,
  context: ModuleContext & { ports: EvidenceLibraryPorts; blobs: BlobStore },
  kind: PackageKindDefinition,
): Promise<PackageJobs> {
  const { config, db, now, blobs } = context;
  const repository = new PackageJobsRepository(db, kind.kind);
  const workDir = path.join(config.dataDir, "tmp", `${kind.kind}-packages`);
  const signals = new SettleSignals();
  const builder = new PackageBuilder({ kind, repository, ports: context.ports, blobs, workDir, signals, now, log: app.log });
  const queue = await openRowQueue(context, packageQueueOf(kind, repository, builder, app.log));
  app.addHook("onReady", async () => queue.kick());
  app.addHook("onClose", async () => queue.close());
  return new PackageJobs({ kind, repository, blobs, workDir, kick: () => queue.kick(), signals, now });
}
