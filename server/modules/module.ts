import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { BlobStore } from "../blobs/blob-store.js";
import type { AppConfig } from "../config.js";
import type { Database } from "../db/database.js";
import type { JobQueues } from "../jobs/job-queues.js";
import type { ProcessRole } from "../process-role.js";
import type { SharedRedis } from "../redis/redis-connection.js";
import type { AccountServices } from "./account/account.module.js";
import type { BillingServices } from "./billing/billing.module.js";
import type { CaptureServices } from "./capture/capture.module.js";
import type { DigitalReportServices } from "./digital-report/digital-report.module.js";
import type { DeviceServices } from "./device/device.module.js";
import type { LiveRecordService } from "./live-record/live-record.service.js";
import type { MonitorServices } from "./monitor/monitor.module.js";
import type { DigitalReportPdfRenderer, MonitorReportPdfRenderer, NotarialCertificatePdfRenderer } from "./certificate/certificate-pdf-pool.js";
import type { CertificateService } from "./certificate/certificate.service.js";
import type { ChainService } from "./chain/chain.service.js";
import type { CloudBrowserServices } from "./cloud-browser/cloud-browser.module.js";
import type { CommonServices } from "./common/common.module.js";
import type { ContentServices } from "./content/content.module.js";
import type { ConsoleServices } from "./console/console.module.js";
import type { EvidenceService } from "./evidence/evidence.service.js";
import type { EvidenceLibraryServices } from "./evidence-library/evidence-library.module.js";
import type { HelpCenterServices } from "./help-center/help-center.module.js";
import type { InvoiceServices } from "./invoice/invoice.module.js";
import type { LawsuitPackageServices } from "./lawsuit-package/lawsuit-package.module.js";
import type { LawyerServices } from "./lawyer/lawyer.module.js";
import type { LegalAiServices } from "./legal-ai/legal-ai.module.js";
import type { JudicialExpertServices } from "./judicial-expert/judicial-expert.module.js";
import type { LedgerService } from "./ledger/ledger.service.js";
import type { NotaryServices } from "./notary/notary.module.js";
import type { NotarizationServices } from "./notarization/notarization.module.js";
import type { Notifier } from "./notifier/notifier.js";
import type { PaymentServices } from "./payment/payment.module.js";
import type { PersonalServices } from "./personal/personal.module.js";
import type { PurchaseServices } from "./purchase/purchase.module.js";
import type { RecordingServices } from "./recording/recording.module.js";
import type { SealServices } from "./seal/seal.module.js";
import type { SecurityServices } from "./security/security.module.js";
import type { SessionService } from "./session/session.service.js";

/** What every module is built from; a module's options add the ports it takes from modules before it. */
export type ModuleContext = {
  config: AppConfig;
  db: Kysely<Database>;
  /** The clock; tests move it to cross session and signature limits. */
  now: () => number;
  /** Where a module declares the in-process job queues it runs (the platform's health page reads them). */
  jobs: JobQueues;
  /** What this process does: serve, run jobs, or both (server/process-role.ts). */
  role: ProcessRole;
  /** The installation's Redis when REDIS_URL is set (several processes), else null (one process). */
  redis: SharedRedis | null;
};

/**
 * The services modules publish for the modules registered after them, for server.ts and for the
 * tests (`app.services`). Only these cross a module's boundary; everything else a module builds
 * stays inside its plugin.
 */
export type AppServices = {
  blobs: BlobStore;
  sessions: SessionService;
  security: SecurityServices;
  notifier: Notifier;
  accounts: AccountServices;
  common: CommonServices;
  content: ContentServices;
  helpCenter: HelpCenterServices;
  notary: NotaryServices;
  personal: PersonalServices;
  billing: BillingServices;
  purchase: PurchaseServices;
  payment: PaymentServices;
  ledger: LedgerService;
  chain: ChainService;
  evidence: EvidenceService;
  certificates: CertificateService;
  /** The certificate module's drawing threads, for the platform's other PDFs (digital reports, notarial certificates, monitoring reports). */
  pdfs: DigitalReportPdfRenderer & NotarialCertificatePdfRenderer & MonitorReportPdfRenderer;
  evidenceLibrary: EvidenceLibraryServices;
  judicialExpert: JudicialExpertServices;
  invoice: InvoiceServices;
  capture: CaptureServices;
  monitor: MonitorServices;
  recording: RecordingServices;
  seal: SealServices;
  digitalReport: DigitalReportServices;
  notarization: NotarizationServices;
  devices: DeviceServices;
  liveRecord: LiveRecordService;
  cloudBrowser: CloudBrowserServices;
  lawyers: LawyerServices;
  lawsuitPackage: LawsuitPackageServices;
  legalAi: LegalAiServices;
  console: ConsoleServices;
};

declare module "fastify" {
  interface FastifyInstance {
    services: AppServices;
  }
}

/**
 * Publishes a module's services under its name. `app.services` is one object decorated on the
 * root before any module (app.ts), so a module publishes from inside its own encapsulated plugin;
 * the ports of later modules are read from it in app.ts, in registration order.
 */
export function publish<Name extends keyof AppServices>(app: FastifyInstance, name: Name, services: AppServices[Name]): AppServices[Name] {
  if (name in app.services) throw new Error(`module services "${name}" published twice`);
  app.services[name] = services;
  return services;
}
