import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import { keepTidy } from "../../jobs/housekeeping.js";
import { startRecovery } from "../../jobs/recovery-pass.js";
import { ffmpegCheck } from "../../recording/system-tools.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import type { LedgerService } from "../ledger/ledger.service.js";
import { publish, type ModuleContext } from "../module.js";
import type { PackageUnits } from "../purchase/package-units.js";
import { RecordingAnchors } from "./recording-anchors.js";
import { RecordingFiles } from "./recording-files.js";
import { RecordingSealer } from "./recording-sealer.js";
import { RecordingRepository } from "./recording.repository.js";
import { recordingRoutes } from "./recording.routes.js";
import { RecordingService, type EngineAvailability } from "./recording.service.js";

export type RecordingModuleOptions = ModuleContext & {
  units: PackageUnits;
  evidence: EvidenceService;
  ledger: LedgerService;
  blobs: BlobStore;
  /** Whether the cloud browser can start here (the capture engine's Chromium). */
  cloudBrowser: () => Promise<EngineAvailability>;
};

/** How often the wall-clock anchoring looks for chunks waiting (the interval itself is RECORDING_ANCHOR_INTERVAL_MS). */
const ANCHOR_SWEEP_MS = 5_000;

/**
 * Recorded evidence (issue 16): the RecordingSink every recorder feeds, the holder's calls, the
 * anchoring of chain heads on the ledger and the sealing of packages. At start-up, recordings whose
 * recorder lived in the previous process are interrupted, anchors left unlogged are appended and
 * recordings left sealing are sealed.
 *
 * Chunks and the recorders' files are kept in the blob store (recording-files.ts: S3 with several
 * processes), so any process takes a recording's next chunk and any process seals it.
 *
 * With several processes (Redis, issue 20) a start-up must not take a live peer's work: recorders
 * of other processes are left alone (a dead process's recordings stop receiving chunks and are
 * interrupted as idle by housekeeping), and unlogged anchors and recordings left sealing are taken
 * only once their lease ran out, one process at a time, every minute (server/jobs/recovery-pass.ts).
 * The wall-clock anchoring sweep runs in every process; each anchor it plans is decided behind the
 * recording's row lock, so two processes never plan the same one.
 */
export async function recordingModule(app: FastifyInstance, { db, now, redis, config, units, evidence, ledger, blobs, cloudBrowser }: RecordingModuleOptions) {
  const repository = new RecordingRepository(db);
  const files = new RecordingFiles({ blobs, repository, root: path.join(config.dataDir, "recordings") });
  const anchors = new RecordingAnchors({ db, repository, ledger, now, log: app.log });
  const sealer = new RecordingSealer({ db, repository, files, anchors, ledger, units, evidence, blobs, now, log: app.log });
  const ffmpeg = ffmpegCheck();
  const recordings = new RecordingService({
    db,
    repository,
    files,
    anchors,
    units,
    blobs,
    engines: { cloudBrowser, ffmpeg: async () => ffmpeg() },
    kickSealer: (id) => sealer.kick(id),
    now,
    log: app.log,
  });
  publish(app, "recording", { recordings, sealer, anchors, files });
  if (redis) {
    await startRecovery(app, { redis, now }, { name: "recording-anchors", recover: (leftBefore) => anchors.settle(undefined, leftBefore) });
  } else {
    await recordings.interruptOrphans();
    app.addHook("onReady", async () => void anchors.settle().catch((error) => app.log.warn({ err: error }, "recording: unlogged anchors wait for housekeeping")));
  }
  await startRecovery(app, { redis, now }, { name: "recording-sealings", recover: (leftBefore) => sealer.resume(leftBefore) }, { afterReady: true });
  const sweep = setInterval(() => void recordings.anchorWaiting().catch((error) => app.log.warn({ err: error }, "recording: anchoring waiting chunks failed")), ANCHOR_SWEEP_MS);
  sweep.unref();
  app.addHook("onClose", async () => {
    clearInterval(sweep);
    await sealer.close();
    await anchors.idle();
  });
  keepTidy(app, [
    { name: "interrupt idle recordings", run: () => recordings.interruptIdle() },
    { name: "clear files of ended recordings", run: () => files.clearEnded() },
    // With several processes the recovery passes above do this, for anchors whose lease ran out only.
    ...(redis ? [] : [{ name: "append unlogged recording anchors", run: () => anchors.settle() }]),
  ]);
  await app.register(recordingRoutes, { recordings });
}

export type RecordingServices = { recordings: RecordingService; sealer: RecordingSealer; anchors: RecordingAnchors; files: RecordingFiles };
