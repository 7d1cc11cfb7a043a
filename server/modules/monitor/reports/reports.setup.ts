import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.js";
import type { BlobStore } from "../../../blobs/blob-store.js";
import type { AccountRecords } from "../../account/account-records.service.js";
import type { MonitorReportPdfRenderer } from "../../certificate/certificate-pdf-pool.js";
import type { LedgerPort } from "../../ledger/ledger.types.js";
import { PendingLedgerEntries } from "../../ledger/pending-entries.js";
import type { HitsRepository } from "../hits/hits.repository.js";
import { MonitorReportService, reportEntryText } from "./report.service.js";
import { ReportsRepository } from "./reports.repository.js";
import { monitorReportRoutes } from "./reports.routes.js";

export type MonitorReportSetup = {
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
 * left unappended are settled before anything is served, then the routes are registered.
 */
export async function setUpMonitorReports(app: FastifyInstance, options: MonitorReportSetup): Promise<MonitorReportServices> {
  const repository = new ReportsRepository(options.db);
  const entries = new PendingLedgerEntries({
    ledger: options.ledger,
    name: "monitor report",
    log: app.log,
    // The table keeps no ledger size per row: a repair looks for the entry from the log's start.
    unlogged: async () => (await repository.unlogged()).map((row) => ({ key: String(row.id), text: reportEntryText(row), sizeHint: 0 })),
    record: (key, index) => repository.recordLedgerIndex(Number(key), index),
  });
  await entries.settle();
  app.addHook("onClose", async () => entries.idle());
  const reports = new MonitorReportService({ repository, hits: options.hits, users: options.users, blobs: options.blobs, pdfs: options.pdfs, entries, publicBaseUrl: options.publicBaseUrl, now: options.now });
  await app.register(monitorReportRoutes, { reports });
  return { reports, entries, repository };
}
