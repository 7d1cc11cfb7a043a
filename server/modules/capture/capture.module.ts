import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { RowJobQueue } from "../../jobs/row-queue.js";
import { keepTidy } from "../../jobs/housekeeping.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import { publish, type ModuleContext } from "../module.js";
import type { PackageUnits } from "../purchase/package-units.js";
import { CaptureMoves } from "./capture-moves.js";
import { CapturePackages } from "./capture-packages.js";
import type { CapturePorts } from "./capture-ports.js";
import { openCaptureQueue } from "./capture-queue.js";
import { CaptureRunner } from "./capture-runner.js";
import { CaptureSealer } from "./capture-sealer.js";
import { CaptureSettledListeners } from "./capture-settlements.js";
import { CaptureRepository } from "./capture.repository.js";
import { captureRoutes } from "./capture.routes.js";
import { CaptureService } from "./capture.service.js";

export type CaptureModuleOptions = ModuleContext & {
  units: PackageUnits;
  evidence: EvidenceService;
  blobs: BlobStore;
  ports: CapturePorts;
};

/**
 * Web evidence capture (issue 15): captures run as jobs of an in-process queue whose rows survive
 * a restart (recovered before the queue starts), are sealed as evidence, and are charged to
 * package units. Housekeeping ends reviews left too long.
 */
export async function captureModule(app: FastifyInstance, options: CaptureModuleOptions) {
  const { db, now, config, units, evidence, blobs, ports } = options;
  const repository = new CaptureRepository(db);
  const settled = new CaptureSettledListeners(app.log);
  const packages = new CapturePackages({ blobs, workRoot: path.join(config.dataDir, "captures") });
  const moves = new CaptureMoves({ db, repository, units, packages, settled, now });
  const sealer = new CaptureSealer({ db, repository, units, evidence, blobs, packages, settled, now, log: app.log });
  const runner = new CaptureRunner({ db, repository, moves, sealer, packages, ports, timeoutMs: config.capture.timeoutMs, now, log: app.log });
  const queue = await openCaptureQueue(options, {
    concurrency: config.capture.concurrency,
    nextQueued: (limit) => repository.nextQueued(limit),
    countQueued: () => repository.countInState("queued"),
    find: (id) => repository.find(id),
    claim: (row) => runner.claim(row),
    run: (row, signal) => runner.run(row, signal),
    resume: async (row) => void (await runner.resume(row)),
    recover: () => runner.recover(),
    log: app.log,
  });
  const captures = new CaptureService({ db, repository, units, blobs, packages, moves, sealer, settled, ports, now, kick: () => queue.kick() });
  publish(app, "capture", { captures, runner, queue, packages });
  app.addHook("onReady", async () => queue.kick());
  app.addHook("onClose", async () => {
    await queue.close();
    await ports.engine?.close();
  });
  keepTidy(app, [{ name: "expire unreviewed captures", run: () => runner.expireReviews() }]);
  await app.register(captureRoutes, { captures });
}

export type CaptureServices = { captures: CaptureService; runner: CaptureRunner; queue: RowJobQueue; packages: CapturePackages };
