import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import { startRecovery } from "../../jobs/recovery-pass.js";
import { openRowQueue } from "../../jobs/row-queue-backend.js";
import type { RowJobQueue } from "../../jobs/row-queue.js";
import { runsJobs } from "../../process-role.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { BillingServices } from "../billing/billing.module.js";
import type { CapturePorts } from "../capture/capture-ports.js";
import type { MonitorReportPdfRenderer } from "../certificate/certificate-pdf-pool.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import { publish, type ModuleContext } from "../module.js";
import type { Notifier } from "../notifier/notifier.js";
import { MonitorMoves } from "./monitor-moves.js";
import type { HitCaptures } from "./hits/hit-evidence.js";
import { setUpMonitorHits, type MonitorHitServices } from "./hits/hits.setup.js";
import { setUpMonitorReports, type MonitorReportServices } from "./reports/reports.setup.js";
import type { MonitorLibraries } from "./monitor-ports.js";
import { MonitorRunner } from "./monitor-runner.js";
import { MonitorScheduler } from "./monitor-scheduler.js";
import { MonitorTasks } from "./monitor-tasks.js";
import { MonitorWorks } from "./monitor-works.js";
import { MonitorRepository, type RunRow } from "./monitor.repository.js";
import { monitorRoutes } from "./monitor.routes.js";

export type MonitorModuleOptions = ModuleContext & {
  accounts: Pick<AccountRecords, "findUser">;
  billing: BillingServices;
  evidence: EvidenceService;
  blobs: BlobStore;
  notifier: Notifier;
  /** The capture's URL screen: a site the capture may not reach is not monitored either (3702). */
  screenUrl: CapturePorts["screenUrl"];
  libraries: MonitorLibraries;
  /** The capture module's calls for hits' web evidence (monitor captures and their settlement). */
  captures: HitCaptures;
  /** Reports: drawn on the certificate PDF threads, their digests appended to the ledger. */
  pdfs: MonitorReportPdfRenderer;
  ledger: LedgerPort;
};

/**
 * Whole-network monitoring (issue 18): works and tasks, billed week by week through the billing
 * reservation call, a schedule kept in the tables (a pass every MONITOR_TICK_MS and at start-up),
 * and a crawl queue whose queued rows are the queue (runs cut off by a stopped process are queued
 * again before the queue starts). Each crawled page is matched and every verdict goes to the hits
 * recorder, which captures the page as web evidence.
 */
export async function monitorModule(app: FastifyInstance, options: MonitorModuleOptions) {
  const { db, now, config, libraries } = options;
  const log = app.log;
  const repository = new MonitorRepository(db);
  const moves = new MonitorMoves({ db, repository, billing: options.billing.money, users: options.accounts, notifier: options.notifier, now, log });
  // The hits part (modules/monitor/hits): recorder, list and review, charts, and their routes.
  const hits = await setUpMonitorHits(app, { db, now, captures: options.captures });
  // The reports part (modules/monitor/reports): a period's PDF, its digest on the ledger.
  const reports = await setUpMonitorReports(app, {
    context: options,
    db,
    now,
    hits: hits.repository,
    users: options.accounts,
    blobs: options.blobs,
    pdfs: options.pdfs,
    ledger: options.ledger,
    publicBaseUrl: config.publicBaseUrl,
  });
  const works = new MonitorWorks({ repository, blobs: options.blobs, evidence: options.evidence, libraries, now, log });
  const runner = new MonitorRunner({ db, repository, libraries, hits: hits.recorder, bounds: config.monitor, now, log });
  const queue = await openRowQueue<RunRow>(options, {
    key: "monitor.crawls",
    name: "全网监测抓取",
    concurrency: config.monitor.concurrency,
    nextQueued: (limit) => repository.nextQueued(limit),
    countQueued: () => repository.countRuns("queued"),
    find: (id) => repository.findRun(id),
    claim: (row) => runner.claim(row),
    run: (row, signal) => runner.run(row, signal),
    resume: (row) => runner.resume(row),
    recover: () => runner.recover(),
    log,
  });
  const scheduler = new MonitorScheduler({ db, repository, moves, kick: () => queue.kick(), now, log });
  const tasks = new MonitorTasks({
    db,
    repository,
    moves,
    works,
    billing: options.billing.billing,
    balances: options.billing.accounts,
    screenUrl: options.screenUrl,
    libraries,
    kick: () => queue.kick(),
    now,
  });
  // With several processes only works whose lease ran out: a younger one is a live peer's fingerprinting (ffmpeg, fpcalc) under way.
  await startRecovery(app, options, { name: "monitor-works", recover: (leftBefore) => works.finishUnfinished(leftBefore) });
  publish(app, "monitor", { tasks, works, scheduler, queue, runner, hits, reports });
  app.addHook("onReady", async () => {
    // The schedule's passes are safe to run at once (conditional writes), but web processes leave
    // them to the processes that run the crawls.
    if (runsJobs(options.role)) {
      await scheduler.tick().catch((error) => log.error({ err: error }, "monitor scheduler: start-up pass failed"));
      scheduler.start(config.monitor.tickMs);
    }
    queue.kick();
  });
  app.addHook("onClose", async () => {
    await scheduler.stop();
    await queue.close();
    await works.idle();
  });
  await app.register(monitorRoutes, { works, tasks });
}

export type MonitorServices = { tasks: MonitorTasks; works: MonitorWorks; scheduler: MonitorScheduler; queue: RowJobQueue; runner: MonitorRunner; hits: MonitorHitServices; reports: MonitorReportServices };
