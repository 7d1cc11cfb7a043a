import type { FastifyInstance } from "fastify";
import { keepTidy } from "../../../jobs/housekeeping.js";
import type { LedgerPort } from "../../ledger/ledger.types.js";
import type { ModuleContext } from "../../module.js";
import { AuditTrail } from "./audit-trail.js";
import { AuditRepository } from "./audit.repository.js";

/**
 * The audit trail as the server runs it: rows an interrupted run left out of the ledger are
 * appended before anything is served, and the command line's rows within one housekeeping round.
 */
export async function openAuditTrail(app: FastifyInstance, { db, now, ledger }: ModuleContext & { ledger: LedgerPort }): Promise<AuditTrail> {
  const audit = new AuditTrail({ db, repository: new AuditRepository(db), ledger, now, log: app.log });
  await audit.recover();
  keepTidy(app, [{ name: "audit rows of the command line", run: () => audit.appendUntried() }]);
  return audit;
}
