import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import { startRecovery } from "../../jobs/recovery-pass.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import { publish, type ModuleContext } from "../module.js";
import { EvidenceLedgerWriter } from "./evidence-ledger-writer.js";
import { EvidenceRepository } from "./evidence.repository.js";
import { evidenceRoutes } from "./evidence.routes.js";
import { EvidenceService } from "./evidence.service.js";

export type EvidenceModuleOptions = ModuleContext & {
  ledger: LedgerPort;
  blobs: BlobStore;
  /** The holder's name on each record comes from the account (spec §6 display order). */
  accounts: Pick<AccountRecords, "findUser">;
};

/**
 * Evidence storage (issue 5), with pending records of an interrupted run settled before it serves
 * (with several processes: only records whose lease ran out, so a live peer's append is not taken
 * for a leftover; server/jobs/recovery-pass.ts).
 */
export async function evidenceModule(app: FastifyInstance, { db, now, redis, ledger, blobs, accounts }: EvidenceModuleOptions) {
  const repository = new EvidenceRepository(db);
  const writer = new EvidenceLedgerWriter({ db, repository, ledger, blobs, now, log: app.log });
  await startRecovery(app, { redis, now }, { name: "evidence", recover: (leftBefore) => writer.recover(leftBefore) });
  const evidence = publish(app, "evidence", new EvidenceService({ db, repository, writer, blobs, accounts, now }));
  await app.register(evidenceRoutes, { evidence });
}
