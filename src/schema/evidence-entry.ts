import { z } from "zod";
import { canonicalJson, parseCanonicalEntry } from "./canonical-json";
import { CERTIFICATE_NO_PATTERN } from "./certificate-no";
import type { Sha256Hex } from "./signature";

/**
 * The public ledger entry of one piece of evidence (issue 5 contract). It is served to anybody in
 * the ledger's tiles, so it holds nothing private in clear: the digests and size of the content,
 * the time, the certificate number, and `meta`, a salted SHA-256 commitment to the private facts
 * (holder, evidence name, kind-specific fields). The holder can later reveal those facts with the
 * salt and anybody can check them against `meta`; without the salt a guess cannot be confirmed.
 *
 * The logged bytes are the canonical JSON (canonical-json.ts) of the entry: verification by file
 * is "SHA-256 (and SM3) of the bytes equal the entry's digests".
 */

export const EVIDENCE_KINDS = [
  "file",
  "text",
  "hash",
  "voucher",
  "affair",
  "rightsFile",
  "rightsHash",
  "rightsWeb",
  "snapshot",
  // Recorded evidence (issue 16, src/schema/recording.ts RECORDING_KINDS): the sealed recording package.
  "screenRecord",
  "procedureRecord",
  "mobileRecord",
  "mobileArray",
  "liveRecord",
  // A PDF sealed with an organisation's electronic seal (issue 16, src/schema/seal.ts).
  "sealedPdf",
  // A digital report the platform issued over chosen evidence (issue 17, src/schema/digital-report.ts).
  "digitalReport",
] as const;
export const EvidenceKindSchema = z.enum(EVIDENCE_KINDS);
export type EvidenceKind = z.infer<typeof EvidenceKindSchema>;
/**
 * The kinds a holder submits through the evidence calls (/evidence/v2/save…). A `snapshot` is
 * made by the platform's capture browser and reaches the ledger only through the capture module;
 * recordings only through the recording module, sealed PDFs only through the seal module, digital
 * reports only through the digital-report module.
 */
export const SUBMITTED_EVIDENCE_KINDS = ["file", "text", "hash", "voucher", "affair", "rightsFile", "rightsHash", "rightsWeb"] as const satisfies readonly EvidenceKind[];
export type SubmittedEvidenceKind = (typeof SUBMITTED_EVIDENCE_KINDS)[number];

export const EVIDENCE_ENTRY_VERSION = 1;
export const HEX_DIGEST_PATTERN = /^[0-9a-f]{64}$/;
const hexDigest = (what: string) => z.string().regex(HEX_DIGEST_PATTERN, `${what}应为 64 位小写十六进制字符`);

export const EvidenceEntrySchema = z
  .object({
    v: z.literal(EVIDENCE_ENTRY_VERSION),
    kind: EvidenceKindSchema,
    certificateNo: z.string().regex(CERTIFICATE_NO_PATTERN, "证书编号格式不正确"),
    sha256: hexDigest("SHA-256 "),
    sm3: hexDigest("SM3 "),
    size: z.number().int().nonnegative(),
    time: z.number().int().nonnegative(),
    meta: hexDigest("元数据承诺值"),
    /** The affair's certificate number, on each of its child evidences. */
    parent: z.string().regex(CERTIFICATE_NO_PATTERN).optional(),
  })
  .strict();
export type EvidenceEntry = z.infer<typeof EvidenceEntrySchema>;

/** The private facts committed to by `meta`; `salt` is 32 random bytes in hex. */
export type EvidenceMeta = { salt: string; holderName: string; name: string } & Record<string, unknown>;

/** `meta` of an entry: SHA-256 of the canonical JSON of the private facts, salt included. */
export function metaCommitment(meta: EvidenceMeta, sha256Hex: Sha256Hex): string {
  return sha256Hex(canonicalJson(meta));
}

/** A fresh salt for the commitment, from WebCrypto (browser and Node 20). */
export function newMetaSalt(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The entry and its exact logged text. */
export function buildEvidenceEntry(fields: Omit<EvidenceEntry, "v">): { entry: EvidenceEntry; text: string } {
  const entry = EvidenceEntrySchema.parse({ v: EVIDENCE_ENTRY_VERSION, ...fields });
  return { entry, text: canonicalJson(entry) };
}

/** An evidence entry read back from the ledger, only in its one canonical spelling. */
export function parseEvidenceEntry(text: string): EvidenceEntry | null {
  return parseCanonicalEntry(text, EvidenceEntrySchema);
}

/**
 * The content an affair's entry digested until issue 11: its children's RFC 6962 leaf hashes (32
 * bytes each, in the order the children were stored) concatenated, so the affair's entry commits
 * to every child entry and anybody holding the children's entries can recompute it. New affairs
 * digest a readable manifest instead (affair-manifest.ts); this stays to recompute old ones.
 */
export function affairContent(childLeafHashesHex: readonly string[]): Uint8Array {
  const out = new Uint8Array(childLeafHashesHex.length * 32);
  childLeafHashesHex.forEach((hex, index) => {
    if (!HEX_DIGEST_PATTERN.test(hex)) throw new TypeError(`affairContent: not a leaf hash: ${hex}`);
    for (let i = 0; i < 32; i++) out[index * 32 + i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  });
  return out;
}
