import { z } from "zod";
import { HEX_DIGEST_PATTERN } from "./evidence-entry";
import { RecordingAnchorEntrySchema, RECORDING_UID_PATTERN } from "./recording-anchor-entry";
import { RECORDING_ENDINGS, RecordingEnvironmentSchema, RecordingKindSchema } from "./recording";

/**
 * The sealed package of recorded evidence (issue 16): a ZIP (stored, not compressed) that the
 * evidence entry digests as a whole, holding one folder per recording (one for most kinds, one per
 * device for a mobile array). The writer (server/modules/recording) and the checks (the public
 * verification page and the offline CLI, src/verification) agree on it here.
 *
 *   manifest.json                    RecordingPackageManifest: what is inside, every file's digests
 *   <dir>/recording.json             RecordingPartDescription
 *   <dir>/chunks.json                RecordingChunkList: each chunk's place in the media file and its chain heads
 *   <dir>/anchors.json               RecordingAnchorList: each anchor's entry and its inclusion proof
 *   <dir>/media.<ext>                the chunks concatenated, in order (a playable WebM/MP4 for most recorders)
 *   <dir>/…                          what the recorder adds (the cloud browser: network.warc.gz, events.jsonl)
 */

export const RECORDING_PACKAGE_FORMAT = "hengzheng-recording-package/1";
export const RECORDING_PACKAGE_PATHS = {
  manifest: "manifest.json",
  description: "recording.json",
  chunks: "chunks.json",
  anchors: "anchors.json",
  /** `media.` + the extension of the recording's MIME type. */
  mediaStem: "media",
  /** Cloud-browser recordings: the network log and every navigation and input event. */
  warc: "network.warc.gz",
  events: "events.jsonl",
} as const;

const hex = z.string().regex(HEX_DIGEST_PATTERN);

export const RecordingPackageFileSchema = z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256: hex, sm3: hex });
export type RecordingPackageFile = z.infer<typeof RecordingPackageFileSchema>;

export const RecordingPackageManifestSchema = z.object({
  format: z.literal(RECORDING_PACKAGE_FORMAT),
  kind: RecordingKindSchema,
  /** The evidence's certificate number. */
  certificateNo: z.string(),
  name: z.string(),
  /** ISO 8601 UTC. */
  sealedAt: z.string(),
  /** The folders, one per recording, in order. */
  parts: z.array(z.object({ dir: z.string(), uid: z.string().regex(RECORDING_UID_PATTERN), label: z.string() })).min(1),
  /** Every other file of the package with its digests. */
  files: z.array(RecordingPackageFileSchema),
});
export type RecordingPackageManifest = z.infer<typeof RecordingPackageManifestSchema>;

export const RecordingPartDescriptionSchema = z.object({
  uid: z.string().regex(RECORDING_UID_PATTERN),
  mediaPath: z.string(),
  mimeType: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  durationMs: z.number().int().nonnegative(),
  chunkCount: z.number().int().nonnegative(),
  ending: z.enum(RECORDING_ENDINGS),
  environment: RecordingEnvironmentSchema,
});
export type RecordingPartDescription = z.infer<typeof RecordingPartDescriptionSchema>;

export const RecordingChunkSchema = z.object({
  index: z.number().int().nonnegative(),
  /** Where the chunk starts in the media file, and its length. */
  offset: z.number().int().nonnegative(),
  bytes: z.number().int().positive(),
  sha256: hex,
  sm3: hex,
  /** The chain heads after this chunk (h_{index+1}). */
  chainSha256: hex,
  chainSm3: hex,
  recordedMs: z.number().int().nonnegative(),
  /** When the server had it on stable storage (ms since the epoch). */
  receivedAt: z.number().int(),
});
export const RecordingChunkListSchema = z.array(RecordingChunkSchema);
export type RecordingChunk = z.infer<typeof RecordingChunkSchema>;

export const RecordingAnchorProofSchema = z.object({
  /** The logged text of the anchor entry, verbatim. */
  entry: z.string(),
  /** Its parsed fields (the same as `entry`; for readers). */
  fields: RecordingAnchorEntrySchema,
  ledgerIndex: z.number().int().nonnegative(),
  /** The C2SP tlog-proof text (isomorphic/ledger/proof-bundle.ts) against a checkpoint signed when the package was sealed. */
  proof: z.string(),
});
export const RecordingAnchorListSchema = z.array(RecordingAnchorProofSchema);
export type RecordingAnchorProof = z.infer<typeof RecordingAnchorProofSchema>;

/** The media file's extension for a MIME type (video/webm;codecs=vp9 → webm). */
export function mediaExtensionOf(mimeType: string): string {
  const base = mimeType.split(";")[0].trim().toLowerCase();
  if (base === "video/mp4" || base === "audio/mp4") return "mp4";
  if (base === "video/x-matroska") return "mkv";
  if (base === "video/mp2t") return "ts";
  return "webm";
}
