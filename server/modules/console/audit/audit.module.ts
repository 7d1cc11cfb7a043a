import type { FastifyInstance } from "fastify";
import { startRecovery } from "../../../jobs/recovery-pass.js";
import { keepTidy } from "../../../jobs/housekeeping.js";
import type { LedgerPort } from "../../ledger/ledger.types.js";
import type { ModuleContext } from "../../module.js";
import type { ConsoleConcernOptions } from "../console.module.js";
import { AuditRecords } from "./audit-records.service.js";
import { AuditTrail } from "./audit-trail.js";
import { auditRoutes } from "./audit.routes.js";
import { AuditRepository } from "./audit.repository.js";

/**
 * The audit trail as the server runs it: rows an interrupted run left out of the ledger are
 * appended before anything is served (with several processes, those whose lease ran out:
 * server/jobs/recovery-pass.ts), and the command line's rows within one housekeeping round.
 */
export async function openAuditTrail(app: FastifyInstance, { db, now, redis, ledger }: ModuleContext & { ledger: LedgerPort }): Promise<AuditTrail> {
  const audit = new AuditTrail({ db, repository: new AuditRepository(db), ledger, now, log: app.log });
  await startRecovery(app, { redis, now }, { name: "operator-audit", recover: (leftBefore) => audit.recover(leftBefore) });
  keepTidy(app, [{ name: "audit rows of the command line", run: () => audit.appendUntried() }]);
  return audit;
}

/** The audit page: the trail searched, one record with its inclusion proof checked. */
export async function auditModule(app: FastifyInstance, { db, services }: ConsoleConcernOptions) {
  await app.register(auditRoutes, { records: new AuditRecords({ repository: new AuditRepository(db), ledger: services.ledger }) });
}
