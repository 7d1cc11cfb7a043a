import { z } from "zod";
import { canonicalJson, parseCanonicalEntry } from "./canonical-json";
import { HEX_DIGEST_PATTERN } from "./evidence-entry";

/**
 * The public ledger entry anchoring a recording's chunk chain (issue 16): which recording (a
 * random uid, naming nobody), how many chunks and how much recording time the heads cover, and
 * the SHA-256 and SM3 heads (isomorphic/recording/chunk-chain.ts). Anchored at least every
 * RECORDING_ANCHOR_INTERVAL_MS of recording and once more when it ends (`final`). The sealed
 * package's evidence entry digests the whole package, which lists these anchors with their proofs.
 */

export const RECORDING_ANCHOR_KIND = "recordingAnchor";
export const RECORDING_ANCHOR_VERSION = 1;
/** 128 random bits, lowercase hex. */
export const RECORDING_UID_PATTERN = /^[0-9a-f]{32}$/;

export const RecordingAnchorEntrySchema = z
  .object({
    v: z.literal(RECORDING_ANCHOR_VERSION),
    kind: z.literal(RECORDING_ANCHOR_KIND),
    recording: z.string().regex(RECORDING_UID_PATTERN),
    /** 1, 2, … per recording. */
    seq: z.number().int().positive(),
    /** The heads cover the first `chunks` chunks. */
    chunks: z.number().int().positive(),
    durationMs: z.number().int().nonnegative(),
    sha256: z.string().regex(HEX_DIGEST_PATTERN),
    sm3: z.string().regex(HEX_DIGEST_PATTERN),
    time: z.number().int().nonnegative(),
    /** The last anchor of the recording: nothing came after these chunks. */
    final: z.boolean(),
  })
  .strict();
export type RecordingAnchorEntry = z.infer<typeof RecordingAnchorEntrySchema>;

export function buildRecordingAnchorEntry(fields: Omit<RecordingAnchorEntry, "v" | "kind">): { entry: RecordingAnchorEntry; text: string } {
  const entry = RecordingAnchorEntrySchema.parse({ v: RECORDING_ANCHOR_VERSION, kind: RECORDING_ANCHOR_KIND, ...fields });
  return { entry, text: canonicalJson(entry) };
}

/** An anchor entry read back from the ledger, only in its one canonical spelling; null for any other entry. */
export function parseRecordingAnchorEntry(text: string): RecordingAnchorEntry | null {
  return parseCanonicalEntry(text, RecordingAnchorEntrySchema);
}
