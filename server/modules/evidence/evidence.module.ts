import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Database } from "../../db/database.js";
import type { UserRepository } from "../account/user.repository.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import { EvidenceLedgerWriter } from "./evidence-ledger-writer.js";
import { EvidenceRepository } from "./evidence.repository.js";
import { EvidenceService } from "./evidence.service.js";

/**
 * The evidence area, wired, with pending records of an interrupted run settled before it serves:
 * call before the routes are registered. (One process settles at a time: several replicas sharing
 * one database must run start-up one after another, or a live append could be taken for a leftover.)
 */
export async function createEvidenceServices(options: {
  db: Kysely<Database>;
  ledger: LedgerPort;
  blobs: BlobStore;
  users: Pick<UserRepository, "findById">;
  now: () => number;
  log: FastifyBaseLogger;
}): Promise<EvidenceService> {
  const repository = new EvidenceRepository(options.db);
  const writer = new EvidenceLedgerWriter({ db: options.db, repository, ledger: options.ledger, blobs: options.blobs, now: options.now, log: options.log });
  await writer.recover();
  return new EvidenceService({ db: options.db, repository, writer, blobs: options.blobs, users: options.users, now: options.now });
}
