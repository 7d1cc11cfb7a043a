import path from "node:path";
import { NOTARY_CONSOLE_MESSAGES } from "../../../src/schema/notary-console.js";
import { startRecovery } from "../../jobs/recovery-pass.js";
import { openRequestedJobs, type RequestedJobs } from "../../jobs/requested-jobs.js";
import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import { seedDemoNotaryOffice } from "../../db/seed/seed-demo-notary.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { Billing } from "../billing/billing.js";
import type { NotarialCertificatePdfRenderer } from "../certificate/certificate-pdf-pool.js";
import type { EvidenceLibraryPorts } from "../evidence-library/evidence-library.ports.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import { PendingLedgerEntries } from "../ledger/pending-entries.js";
import { publish, type ModuleContext } from "../module.js";
import type { NotaryServices } from "../notary/notary.module.js";
import type { Notifier } from "../notifier/notifier.js";
import type { IdentityService } from "../personal/identity.service.js";
import type { Bundles } from "../purchase/bundles.js";
import type { SealServices } from "../seal/seal.module.js";
import type { SecurityServices } from "../security/security.module.js";
import type { SessionService } from "../session/session.service.js";
import { NotarialCertificateQuery } from "./notarial-certificate-query.js";
import { NotarialCertificates } from "./notarial-certificates.js";
import { notarialCertificateRoutes, notaryConsoleRoutes } from "./notary-console.routes.js";
import { NotaryConsoleService, type CertificateIssueRequest } from "./notary-console.service.js";
import { NotaryOfficeSettings } from "./notary-office-settings.service.js";
import { NotarizationMoves } from "./notarization-moves.js";
import { NotarizationRepository } from "./notarization.repository.js";
import { notarizationRoutes } from "./notarization.routes.js";
import { NotarizationService } from "./notarization.service.js";

export type NotarizationModuleOptions = ModuleContext & {
  sessions: SessionService;
  security: Pick<SecurityServices, "fields">;
  accounts: Pick<AccountRecords, "findUser">;
  identity: Pick<IdentityService, "verifiedIdentity">;
  evidence: EvidenceService;
  /** Certificates and proofs of the covered evidence, for the office's downloads and packages. */
  library: Omit<EvidenceLibraryPorts, "evidence">;
  ledger: LedgerPort;
  blobs: BlobStore;
  bundles: Bundles;
  billing: Billing;
  notifier: Notifier;
  notary: NotaryServices;
  seal: SealServices;
  pdfs: NotarialCertificatePdfRenderer;
};

/**
 * Online notarisation (issue 17): the applicant's calls, the notary offices' console, the notarial
 * certificate and its public query, and the state machine every change goes through. Transitions'
 * ledger entries an interrupted run left unappended are settled before anything is served (with
 * several processes, those whose lease ran out: server/jobs/recovery-pass.ts).
 */
export async function notarizationModule(app: FastifyInstance, options: NotarizationModuleOptions) {
  const { config, db, now, sessions, security, accounts, identity, evidence, library, ledger, blobs, bundles, billing, notifier, notary, seal, pdfs } = options;
  const repository = new NotarizationRepository(db);
  const entries = new PendingLedgerEntries({
    ledger,
    name: "notarization",
    log: app.log,
    unlogged: async (before) => (await repository.unloggedEvents(before)).map((row) => ({ key: String(row.id), text: row.entry, sizeHint: Number(row.ledger_size_hint) })),
    record: (key, index) => repository.recordLedgerIndex(Number(key), index),
  });
  await startRecovery(app, options, { name: "notarization-entries", recover: (leftBefore) => entries.settle(leftBefore) });
  const moves = new NotarizationMoves({ db, repository, bundles, billing, entries, users: accounts, notifier, now, log: app.log });
  const certificates = new NotarialCertificates({ pdfs, ca: seal.ca, secrets: seal.secrets, timestamper: seal.timestamper, publicBaseUrl: config.publicBaseUrl, now });
  const notarizations = new NotarizationService({ db, repository, offices: notary.offices, moves, evidence, users: accounts, identity, blobs, now });
  const libraryPorts: EvidenceLibraryPorts = { ...library, evidence };
  // Bound below: the console asks the queue, and the queue's jobs are the console's makeCertificate.
  let issues: RequestedJobs<CertificateIssueRequest, null> | undefined;
  const console = new NotaryConsoleService({
    repository,
    offices: notary.offices,
    moves,
    certificates,
    blobs,
    library: libraryPorts,
    records: evidence,
    packageDir: path.join(config.dataDir, "tmp", "notarization-packages"),
    ask: (staffId, request) => issues!.ask(staffId, request, NOTARY_CONSOLE_MESSAGES.certificateStillMaking),
    now,
  });
  // Notarial certificates are drawn, sealed and stored by a job process (issue 20), like reports.
  issues = await openRequestedJobs(app, options, { key: "notarization.certificates", name: "公证书出具", concurrency: 2, make: ({ input }) => console.makeCertificate(input) });
  const settings = new NotaryOfficeSettings({ db, offices: notary.offices, staff: notary.staff, certificates, fields: security.fields, now });
  const query = new NotarialCertificateQuery({ repository, offices: notary.offices, blobs, ledger, certificates });
  publish(app, "notarization", { notarizations, console, settings, certificates, query, entries, repository });
  // The demo office (made with the demo notary account) gets its profile, fee, seal and a second staff member.
  if (config.seedDemo && config.developmentProviders) await seedDemoNotaryOffice(db, { staff: notary.staff, offices: notary.offices, certificates }, now());
  app.addHook("onClose", async () => entries.idle());
  await app.register(notarizationRoutes, { notarizations, sessions });
  await app.register(notaryConsoleRoutes, { console, settings, notary: notary.notary, sessions, library: libraryPorts });
  await app.register(notarialCertificateRoutes, { query });
}

export type NotarizationServices = {
  notarizations: NotarizationService;
  console: NotaryConsoleService;
  settings: NotaryOfficeSettings;
  certificates: NotarialCertificates;
  query: NotarialCertificateQuery;
  entries: PendingLedgerEntries;
  repository: NotarizationRepository;
};
