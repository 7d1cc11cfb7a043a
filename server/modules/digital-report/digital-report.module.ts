import type { FastifyInstance } from "fastify";
import { DIGITAL_REPORT_MESSAGES } from "../../../src/schema/digital-report.js";
import { startRecovery } from "../../jobs/recovery-pass.js";
import { openRequestedJobs, type RequestedJobs } from "../../jobs/requested-jobs.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { DigitalReportPdfRenderer } from "../certificate/certificate-pdf-pool.js";
import type { ChainService } from "../chain/chain.service.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import { publish, type ModuleContext } from "../module.js";
import { DigitalReportRepository } from "./digital-report.repository.js";
import { digitalReportRoutes } from "./digital-report.routes.js";
import { DigitalReportService, type DigitalReportRequest } from "./digital-report.service.js";

/** What other modules use: the checks and their report PDF, without storing a report (the litigation package). */
export type DigitalReportServices = { checks: Pick<DigitalReportService, "inspectAndRender"> };

export type DigitalReportModuleOptions = ModuleContext & {
  ledger: LedgerPort;
  chain: ChainService;
  evidence: EvidenceService;
  blobs: BlobStore;
  accounts: Pick<AccountRecords, "findUser">;
  pdfs: DigitalReportPdfRenderer;
};

/**
 * The digital report 数据检验报告 (issue 17): the checks of stored evidence against the ledger, its
 * witnesses and TSA, issued as a PDF that is itself stored as evidence. Free of charge; limited per
 * user and day (src/schema/digital-report.ts). Reports are made by job processes (issue 20): the
 * asking call waits for its report, made here when embedded and by a worker with Redis.
 */
export async function digitalReportModule(app: FastifyInstance, options: DigitalReportModuleOptions) {
  const { db, now, redis, ledger, chain, evidence, blobs, accounts, pdfs } = options;
  // Bound below: the service asks the queue, and the queue's jobs are the service's make.
  let requests: RequestedJobs<DigitalReportRequest, { reportId: number }> | undefined;
  const reports = new DigitalReportService({
    db,
    repository: new DigitalReportRepository(db),
    inspector: { ledger, chain, evidence, blobs },
    blobs,
    accounts,
    evidence,
    pdfs,
    ask: (userId, request) => requests!.ask(userId, request, DIGITAL_REPORT_MESSAGES.stillMaking),
    now,
    log: app.log,
  });
  requests = await openRequestedJobs(app, options, {
    key: "digitalReport.reports",
    name: "数据检验报告",
    // Each report draws its PDF on the PDF threads and may hold an evidence package in memory: two at once per process.
    concurrency: 2,
    make: ({ userId, input }) => reports.make(userId, input),
  });
  publish(app, "digitalReport", { checks: reports });
  await startRecovery(app, { redis, now }, { name: "digital-reports", recover: (leftBefore) => reports.recover(leftBefore) });
  await app.register(digitalReportRoutes, { reports });
}
