import { z } from "zod";
import { canonicalJson, parseCanonicalEntry } from "./canonical-json";
import { HEX_DIGEST_PATTERN } from "./evidence-entry";
import { NOTARIZATION_STATES, NOTARIZATION_TRANSITIONS, type NotarizationAction } from "./notarization";

/**
 * The public ledger entry of every state change of a notarisation application (issue 17), so the
 * platform cannot silently alter what an applicant submitted or a notary decided. It names nobody:
 * the application is a random uid, the office its id, the acting person a role. The submission lists
 * the exact evidence covered (certificate number and SHA-256 of each); issuing carries the notarial
 * certificate's number and the SHA-256 of its sealed PDF. A rejection's reason is digested, not
 * published (it may name people); the office's console shows the text.
 */

export const NOTARIZATION_ENTRY_KIND = "notarization";
export const NOTARIZATION_ENTRY_VERSION = 1;
/** 128 random bits, lowercase hex. */
export const NOTARIZATION_UID_PATTERN = /^[0-9a-f]{32}$/;

const ACTIONS = Object.keys(NOTARIZATION_TRANSITIONS) as [NotarizationAction, ...NotarizationAction[]];

export const NotarizationEntrySchema = z
  .object({
    v: z.literal(NOTARIZATION_ENTRY_VERSION),
    kind: z.literal(NOTARIZATION_ENTRY_KIND),
    application: z.string().regex(NOTARIZATION_UID_PATTERN),
    /** 1, 2, … per application, in the order the changes happened. */
    seq: z.number().int().positive(),
    action: z.enum(ACTIONS),
    to: z.enum(NOTARIZATION_STATES),
    actor: z.enum(["applicant", "notary"]),
    office: z.number().int().positive(),
    /** submit only: every covered evidence. */
    evidence: z.array(z.object({ certificateNo: z.string(), sha256: z.string().regex(HEX_DIGEST_PATTERN) }).strict()).optional(),
    /** SHA-256 of the note's UTF-8 text (reason, material request, supplement note) when there is one. */
    noteSha256: z.string().regex(HEX_DIGEST_PATTERN).optional(),
    /** supplement only: SHA-256 of each supplied file. */
    materials: z.array(z.string().regex(HEX_DIGEST_PATTERN)).optional(),
    /** issue only. */
    certificate: z.object({ no: z.string(), sha256: z.string().regex(HEX_DIGEST_PATTERN) }).strict().optional(),
    time: z.number().int().nonnegative(),
  })
  .strict();
export type NotarizationEntry = z.infer<typeof NotarizationEntrySchema>;

export function buildNotarizationEntry(fields: Omit<NotarizationEntry, "v" | "kind">): { entry: NotarizationEntry; text: string } {
  const entry = NotarizationEntrySchema.parse({ v: NOTARIZATION_ENTRY_VERSION, kind: NOTARIZATION_ENTRY_KIND, ...fields });
  return { entry, text: canonicalJson(entry) };
}

/** An entry read back from the ledger, only in its one canonical spelling; null for any other entry. */
export function parseNotarizationEntry(text: string): NotarizationEntry | null {
  return parseCanonicalEntry(text, NotarizationEntrySchema);
}
