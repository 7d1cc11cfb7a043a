import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { Billing } from "../billing/billing.js";
import type { EvidencePort } from "../evidence/evidence.types.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import { PendingLedgerEntries } from "../ledger/pending-entries.js";
import { publish, type ModuleContext } from "../module.js";
import type { NotaryServices } from "../notary/notary.module.js";
import type { Notifier } from "../notifier/notifier.js";
import type { IdentityService } from "../personal/identity.service.js";
import type { Bundles } from "../purchase/bundles.js";
import type { SessionService } from "../session/session.service.js";
import { NotarizationMoves } from "./notarization-moves.js";
import { NotarizationRepository } from "./notarization.repository.js";
import { notarizationRoutes } from "./notarization.routes.js";
import { NotarizationService } from "./notarization.service.js";

export type NotarizationModuleOptions = ModuleContext & {
  sessions: SessionService;
  accounts: Pick<AccountRecords, "findUser">;
  identity: Pick<IdentityService, "verifiedIdentity">;
  evidence: EvidencePort;
  ledger: LedgerPort;
  blobs: BlobStore;
  bundles: Bundles;
  billing: Billing;
  notifier: Notifier;
  notary: NotaryServices;
};

/**
 * Online notarisation (issue 17): the applicant's calls, and the state machine every change goes
 * through. Transitions' ledger entries an interrupted run left unappended are settled before
 * anything is served.
 */
export async function notarizationModule(app: FastifyInstance, options: NotarizationModuleOptions) {
  const { db, now, sessions, accounts, identity, evidence, ledger, blobs, bundles, billing, notifier, notary } = options;
  const repository = new NotarizationRepository(db);
  const entries = new PendingLedgerEntries({
    ledger,
    name: "notarization",
    log: app.log,
    unlogged: async () => (await repository.unloggedEvents()).map((row) => ({ key: String(row.id), text: row.entry, sizeHint: Number(row.ledger_size_hint) })),
    record: (key, index) => repository.recordLedgerIndex(Number(key), index),
  });
  await entries.settle();
  const moves = new NotarizationMoves({ db, repository, bundles, billing, entries, users: accounts, notifier, now, log: app.log });
  const notarizations = new NotarizationService({ db, repository, offices: notary.offices, moves, evidence, users: accounts, identity, blobs, now });
  publish(app, "notarization", { notarizations, entries, repository });
  app.addHook("onClose", async () => entries.idle());
  await app.register(notarizationRoutes, { notarizations, sessions });
}

export type NotarizationServices = { notarizations: NotarizationService; entries: PendingLedgerEntries; repository: NotarizationRepository };
