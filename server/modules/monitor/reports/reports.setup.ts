import type { FastifyInstance } from "fastify";
import { MONITOR_MESSAGES } from "../../../../src/schema/monitor.js";
import { startRecovery } from "../../../jobs/recovery-pass.js";
import { openRequestedJobs, type RequestedJobContext, type RequestedJobs } from "../../../jobs/requested-jobs.js";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.js";
import type { BlobStore } from "../../../blobs/blob-store.js";
import type { AccountRecords } from "../../account/account-records.service.js";
import type { MonitorReportPdfRenderer } from "../../certificate/certificate-pdf-pool.js";
import type { LedgerPort } from "../../ledger/ledger.types.js";
import { PendingLedgerEntries } from "../../ledger/pending-entries.js";
import type { HitsRepository } from "../hits/hits.repository.js";
import { MonitorReportService, reportEntryText, type MonitorReportRequest } from "./report.service.js";
import { ReportsRepository } from "./reports.repository.js";
import { monitorReportRoutes } from "./reports.routes.js";

export type MonitorReportSetup = {
  /** The module's context: reports are requested jobs on a row queue of their own. */
  context: RequestedJobContext;
  db: Kysely<Database>;
  now: () => number;
  hits: Pick<HitsRepository, "all">;
  users: Pick<AccountRecords, "findUser">;
  blobs: BlobStore;
  pdfs: MonitorReportPdfRenderer;
  ledger: LedgerPort;
  publicBaseUrl: string;
};

export type MonitorReportServices = { reports: MonitorReportService; entries: PendingLedgerEntries; repository: ReportsRepository };

/**
 * The reports part of the monitor module, for its plugin to call: reports' ledger entries a crash
 * left unappended are settled before anything is served (with several processes, those whose
 * lease ran out), reports are requested jobs (a worker makes them), then the routes are registered.
 */
export async function setUpMonitorReports(app: FastifyInstance, options: MonitorReportSetup): Promise<MonitorReportServices> {
  const repository = new ReportsRepository(options.db);
  const entries = new PendingLedgerEntries({
    ledger: options.ledger,
    name: "monitor report",
    log: app.log,
    // The table keeps no ledger size per row: a repair looks for the entry from the log's start.
    unlogged: async (before) => (await repository.unlogged(before)).map((row) => ({ key: String(row.id), text: reportEntryText(row), sizeHint: 0 })),
    record: (key, index) => repository.recordLedgerIndex(Number(key), index),
  });
  await startRecovery(app, options.context, { name: "monitor-report-entries", recover: (leftBefore) => entries.settle(leftBefore) });
  app.addHook("onClose", async () => entries.idle());
  // Bound below: the service asks the queue, and the queue's jobs are the service's make.
  let requests: RequestedJobs<MonitorReportRequest, { reportId: number }> | undefined;
  const reports = new MonitorReportService({
    repository,
    hits: options.hits,
    users: options.users,
    blobs: options.blobs,
    pdfs: options.pdfs,
    entries,
    publicBaseUrl: options.publicBaseUrl,
    ask: (userId, request) => requests!.ask(userId, request, MONITOR_MESSAGES.reportStillMaking),
    now: options.now,
  });
  requests = await openRequestedJobs(app, options.context, {
    key: "monitor.reports",
    name: "监测报告",
    // A long period's report draws for about a second on the PDF threads: two at once per process.
    concurrency: 2,
    make: ({ userId, input }) => reports.make(userId, input),
  });
  await app.register(monitorReportRoutes, { reports });
  return { reports, entries, repository };
}
