import { z } from "zod";
import { canonicalJson, parseCanonicalEntry } from "./canonical-json";
import { HEX_DIGEST_PATTERN } from "./evidence-entry";
import { INVOICE_DIRECTIONS, INVOICE_LEDGER_KIND } from "./invoice";
import type { Sha256Hex } from "./signature";

/**
 * The public ledger entry of one issued invoice file (issue 14): the PDF's SHA-256, when it was
 * issued, whether it is the blue invoice or the red one of a 红冲, and `meta`, a salted commitment
 * to the private facts (invoice number, application, buyer's name, amount). Like an evidence entry
 * it names nobody in clear; the platform keeps the salt, so whoever the invoice concerns can be
 * shown the facts and check them against the entry. Anybody holding the PDF can find its digest.
 */

export const INVOICE_ENTRY_VERSION = 1;

export const InvoiceEntrySchema = z
  .object({
    v: z.literal(INVOICE_ENTRY_VERSION),
    kind: z.literal(INVOICE_LEDGER_KIND),
    direction: z.enum(INVOICE_DIRECTIONS),
    sha256: z.string().regex(HEX_DIGEST_PATTERN),
    time: z.number().int().nonnegative(),
    meta: z.string().regex(HEX_DIGEST_PATTERN),
  })
  .strict();
export type InvoiceEntry = z.infer<typeof InvoiceEntrySchema>;

/** The private facts `meta` commits to; `salt` is 32 random bytes in hex. */
export type InvoiceEntryFacts = { salt: string; invoiceNo: string; applicationId: number; titleName: string; amountFen: number; provider: string };

export function invoiceMetaCommitment(facts: InvoiceEntryFacts, sha256Hex: Sha256Hex): string {
  return sha256Hex(canonicalJson(facts));
}

export function buildInvoiceEntry(fields: Omit<InvoiceEntry, "v" | "kind">): { entry: InvoiceEntry; text: string } {
  const entry = InvoiceEntrySchema.parse({ v: INVOICE_ENTRY_VERSION, kind: INVOICE_LEDGER_KIND, ...fields });
  return { entry, text: canonicalJson(entry) };
}

/** An invoice entry read back from the ledger, only in its one canonical spelling; null for any other entry. */
export function parseInvoiceEntry(text: string): InvoiceEntry | null {
  return parseCanonicalEntry(text, InvoiceEntrySchema);
}
