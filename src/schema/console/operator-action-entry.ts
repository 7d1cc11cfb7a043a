import { z } from "zod";
import { canonicalJson, parseCanonicalEntry } from "../canonical-json";
import { HEX_DIGEST_PATTERN } from "../evidence-entry";

/**
 * The public ledger entry of one operator action (issue 13): every decision an operator takes (an
 * identity approved, an account disabled, a banner published) is appended to the transparency log
 * as its own entry kind, so that the platform cannot later claim it happened at another time or
 * not at all. Like an evidence entry it holds nothing private in clear: the action's name, the
 * audit record's number, the time, and `meta`, a salted SHA-256 commitment to the audit record
 * (operator, target, before, after, reason). The audit trail keeps the salt, so the record can be
 * shown to whoever it concerns and checked against the entry.
 */

export const OPERATOR_ACTION_ENTRY_VERSION = 1;

export const OperatorActionEntrySchema = z
  .object({
    v: z.literal(OPERATOR_ACTION_ENTRY_VERSION),
    kind: z.literal("operatorAction"),
    /** e.g. "identity.approve", "customer.disable", "banner.publish" (console/audit-actions.ts). */
    action: z.string().min(1).max(64),
    /** The audit record's number in the trail. */
    auditId: z.number().int().positive(),
    time: z.number().int().nonnegative(),
    meta: z.string().regex(HEX_DIGEST_PATTERN),
  })
  .strict();
export type OperatorActionEntry = z.infer<typeof OperatorActionEntrySchema>;

export function buildOperatorActionEntry(fields: Omit<OperatorActionEntry, "v" | "kind">): { entry: OperatorActionEntry; text: string } {
  const entry = OperatorActionEntrySchema.parse({ v: OPERATOR_ACTION_ENTRY_VERSION, kind: "operatorAction", ...fields });
  return { entry, text: canonicalJson(entry) };
}

/** An entry read back from the ledger, only in its one canonical spelling; null for any other entry. */
export function parseOperatorActionEntry(text: string): OperatorActionEntry | null {
  return parseCanonicalEntry(text, OperatorActionEntrySchema);
}
