import type { IdentityApprovalProof } from "../../../src/schema/certificate.js";
import { IDENTITY_DECISION_ACTIONS, type ApplicationKind } from "../../../src/schema/console/identity-review.js";
import type { AuditTrail } from "../console/audit/audit-trail.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import type { IdentityService } from "../personal/identity.service.js";

/** What proving a holder's identity asks of other modules, through their services only. */
export type HolderIdentityPorts = {
  /** The personal module: which application had the account verified at a time. */
  identity: Pick<IdentityService, "applicationInForce">;
  /** The console's audit trail: the logged decision on that application. */
  audit: Pick<AuditTrail, "latestIdentityDecisionFor">;
  ledger: Pick<LedgerPort, "proofBundle">;
};

/** An enterprise verification speaks for the holder before a personal one (the display name's order, spec §6). */
const KINDS_IN_ORDER: readonly ApplicationKind[] = ["organisation", "person"];

/**
 * The holder's identity as a certificate states it (issue 13): the operator's approval of the
 * application in force at the evidence's time, with its ledger entry proven under the checkpoint of
 * `treeSize` (the one the evidence's own proof uses). Null whenever no such approval can be proven:
 * no application approved by then, an approval decided before decisions were audited, or one whose
 * entry is not in that checkpoint yet. Nothing is ever claimed that the ledger does not hold.
 */
export class HolderIdentityProver {
  constructor(private readonly ports: HolderIdentityPorts) {}

  async prove(holder: { userId: number; time: number }, treeSize: number): Promise<IdentityApprovalProof | null> {
    for (const kind of KINDS_IN_ORDER) {
      const application = await this.ports.identity.applicationInForce(holder.userId, kind, holder.time);
      if (!application) continue;
      const decision = await this.ports.audit.latestIdentityDecisionFor(application, holder.time);
      if (!decision || decision.action !== IDENTITY_DECISION_ACTIONS.approve || decision.ledgerIndex >= treeSize) continue;
      const { action, ledgerIndex, blockHeight, time, entry } = decision;
      const proofBundle = await this.ports.ledger.proofBundle(ledgerIndex, treeSize);
      return { kind, action, ledgerIndex, blockHeight, time, entry, proofBundle };
    }
    return null;
  }
}
