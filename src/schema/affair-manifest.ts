import { z } from "zod";

/**
 * The original of an affair evidence (issue 11): a readable manifest of the children the affair
 * covered when it was created: their certificate numbers, names, digests and the RFC 6962 leaf
 * hashes of their ledger entries. The affair's own ledger entry digests these exact bytes, so the
 * affair commits to every child entry, and a person can read what it covers.
 *
 * Affairs stored before this format digested the bare concatenation of the children's leaf hashes
 * (evidence-entry.ts affairContent); their details carry no `contentFormat`.
 */

export const AFFAIR_MANIFEST_FORMAT = "hengzheng-affair-manifest/1";

export const AffairManifestChildSchema = z.object({
  certificateNo: z.string(),
  name: z.string(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
  sm3: z.string(),
  /** The child's entry time, ISO 8601 (UTC). */
  time: z.string(),
  /** RFC 6962 leaf hash of the child's logged entry, lowercase hex. */
  leafHash: z.string(),
});
export type AffairManifestChild = z.infer<typeof AffairManifestChildSchema>;

export const AffairManifestSchema = z.object({
  format: z.literal(AFFAIR_MANIFEST_FORMAT),
  note: z.string(),
  affair: z.object({ certificateNo: z.string(), name: z.string(), description: z.string().nullable() }),
  children: z.array(AffairManifestChildSchema),
});
export type AffairManifest = z.infer<typeof AffairManifestSchema>;

const NOTE =
  "事务存证清单：本文件是该事务存证的原件，列出事务创建时涵盖的子存证。每条子存证另有存证证书；leafHash 为子存证账本记录（规范化 JSON）的 RFC 6962 叶哈希。本文件的 SHA-256 与 SM3 即事务存证证书上的摘要。事务创建后追加的子存证不在本清单中，以各自的证书为准。";

/** The manifest's exact bytes as text: indented JSON (readable in any editor), keys in a fixed order. */
export function affairManifestText(affair: AffairManifest["affair"], children: readonly AffairManifestChild[]): string {
  const manifest: AffairManifest = { format: AFFAIR_MANIFEST_FORMAT, note: NOTE, affair, children: [...children] };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
