import { z } from "zod";
import { AFFAIR_MANIFEST_FORMAT } from "./affair-manifest";
import type { EvidenceKind } from "./evidence-entry";

/**
 * What the platform keeps of a record besides its digests, and under which file names it hands
 * them out (issue 11): the original (the uploaded file under its own name and extension, a text as
 * .txt, a voucher's JSON, an affair's manifest) and a voucher's attachments. The server names its
 * downloads and ZIP entries from here, and the pages label their links from the same answer.
 */

export const EvidenceOriginalSchema = z.object({
  /** What the original is, as a download link says it ("原始文件", "事务清单" …). */
  label: z.string(),
  /** The file name a download gets: the uploaded file's own name where there was one. */
  fileName: z.string(),
});
export type EvidenceOriginal = z.infer<typeof EvidenceOriginalSchema>;

export const EvidenceAttachmentSchema = z.object({
  /** Position among the record's attachments, 0-based: the download's `index`. */
  index: z.number().int().nonnegative(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
  sm3: z.string(),
});
export type EvidenceAttachment = z.infer<typeof EvidenceAttachmentSchema>;

interface RecordFacts {
  kind: EvidenceKind;
  name: string;
  details: Record<string, unknown>;
  /** The platform holds the content (not only its digests). */
  hasContent: boolean;
}

const TEXT_EXTENSION = /\.[A-Za-z0-9]{1,8}$/;

/** The record's original as offered for download, or null when only digests were logged. */
export function evidenceOriginal(record: RecordFacts): EvidenceOriginal | null {
  if (!record.hasContent) return null;
  const detail = (key: string) => {
    const value = record.details[key];
    return typeof value === "string" && value.trim() !== "" ? value : null;
  };
  switch (record.kind) {
    case "text":
      return { label: "存证文本", fileName: TEXT_EXTENSION.test(record.name) ? record.name : `${record.name}.txt` };
    case "voucher":
      return { label: "凭证原文（JSON）", fileName: `${record.name}-交易凭证.json` };
    case "affair":
      // An affair stored before the manifest format: its original is what its entry digests, the
      // children's leaf hashes back to back, served as it is (a readable replacement would no
      // longer match the logged digest) and labelled for what it is.
      return isAffairManifest(record.details)
        ? { label: "事务清单", fileName: `${record.name}-事务清单.json` }
        : { label: "子存证叶哈希（早期格式）", fileName: `${record.name}-子存证叶哈希.bin` };
    case "hash":
    case "rightsHash":
      return { label: "原始文件", fileName: detail("originalFileName") ?? detail("fileName") ?? record.name };
    default:
      return { label: "原始文件", fileName: detail("fileName") ?? record.name };
  }
}

/** Whether an affair's original is the readable manifest (affairs stored since issue 11). */
export function isAffairManifest(details: Record<string, unknown>): boolean {
  return details.contentFormat === AFFAIR_MANIFEST_FORMAT;
}

/** The stored attachment facts of a voucher's details (its digests and the blob holding it). */
const StoredAttachmentSchema = EvidenceAttachmentSchema.omit({ index: true }).extend({ blobSha256: z.string() });
export type StoredAttachment = z.infer<typeof StoredAttachmentSchema> & { index: number };

/** A voucher's attachments as its details record them; other kinds have none. */
export function storedAttachments(record: Pick<RecordFacts, "kind" | "details">): StoredAttachment[] {
  if (record.kind !== "voucher" || !Array.isArray(record.details.attachments)) return [];
  return record.details.attachments.flatMap((item, index) => {
    const parsed = StoredAttachmentSchema.safeParse(item);
    return parsed.success ? [{ ...parsed.data, index }] : [];
  });
}

/** The attachments as the pages list them (without the storage name). */
export function evidenceAttachments(record: Pick<RecordFacts, "kind" | "details">): EvidenceAttachment[] {
  return storedAttachments(record).map(({ blobSha256: _blob, ...attachment }) => attachment);
}
