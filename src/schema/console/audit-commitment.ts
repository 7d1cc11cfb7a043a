import { canonicalJson } from "../canonical-json";
import type { Sha256Hex } from "../signature";

/**
 * What an operator action's ledger entry commits to (operator-action-entry.ts `meta`): the whole
 * audit record with its salt. Whoever is shown the record (the customer it concerns, an auditor)
 * recomputes the commitment from it and finds the entry in the log; without the salt a guess at
 * a record cannot be confirmed from the public entry.
 */
export type AuditCommitmentFacts = {
  /** 32 random bytes, lowercase hex. */
  salt: string;
  auditId: number;
  time: number;
  /** `id` null for the command line. */
  operator: { id: number | null; account: string };
  action: string;
  target: { type: string; id: string; label: string | null };
  before: unknown;
  after: unknown;
  reason: string | null;
};

/** SHA-256 of the canonical JSON of the facts. */
export function auditCommitment(facts: AuditCommitmentFacts, sha256Hex: Sha256Hex): string {
  return sha256Hex(canonicalJson(facts));
}
