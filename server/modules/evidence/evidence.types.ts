import type { Readable } from "node:stream";
import type { EvidenceKind } from "../../../src/schema/evidence-entry.js";
import type { EvidenceStatus } from "../../../src/schema/evidence.js";
import type { PageP } from "../../../src/schema/paging.js";

/**
 * What the rest of the server may ask of the evidence module (issue 5 contract): certificates (C)
 * and the evidence library (X) read records through `app.services.evidence`, never its table.
 */
export interface EvidenceRecord {
  id: number;
  /** Unguessable, unique (src/schema/certificate-no.ts). */
  certificateNo: string;
  holderUserId: number;
  /** The holder's display name when the evidence was stored (spec §6 order). */
  holderName: string;
  kind: EvidenceKind;
  name: string;
  size: number;
  sha256: string;
  sm3: string;
  createdAt: number;
  /** Null until stored. */
  ledgerIndex: number | null;
  blockHeight: number | null;
  /** RFC 6962 leaf hash of `entryJson`, lowercase hex. */
  leafHash: string;
  status: EvidenceStatus;
  /** The affair a child evidence belongs to. */
  parentId: number | null;
  /** Name of the stored content in the blob store; null when only digests were given. */
  blobSha256: string | null;
  /** The exact logged text (canonical JSON of src/schema/evidence-entry.ts). */
  entryJson: string;
  /** Salt of the entry's `meta` commitment; with `metaFacts(record)` it reproduces `meta`. */
  metaSalt: string;
  /** Kind-specific private facts (author, URL, voucher fields, attachments, original verified …). */
  details: Record<string, unknown>;
  /** Hidden from the holder's lists since then; the ledger entry stays. */
  deletedAt: number | null;
}

export interface EvidenceListOptions {
  kinds?: readonly EvidenceKind[];
  /** Children of this affair; by default only top-level records (parentId null) are listed. */
  parentId?: number;
  /** Include affair children among top-level records (the evidence library lists everything). */
  includeChildren?: boolean;
  keyName?: string;
  /** ms since the epoch, inclusive bounds. */
  from?: number;
  to?: number;
  pageNumber: number;
  pageSize: number;
}

/** The affair a child evidence belongs to, as its pages and certificate name it. */
export interface AffairRef {
  id: number;
  name: string;
  certificateNo: string;
}

/** `app.services.evidence` as other modules use it. */
export interface EvidencePort {
  findByCertificateNo(certificateNo: string): Promise<EvidenceRecord | null>;
  /** Stored records whose SHA-256 is `sha256Hex`, oldest first. */
  findByDigest(sha256Hex: string): Promise<EvidenceRecord[]>;
  /** The holder's own, not deleted; null otherwise. */
  getForHolder(userId: number, id: number): Promise<EvidenceRecord | null>;
  listForHolder(userId: number, options: EvidenceListOptions): Promise<PageP<EvidenceRecord>>;
  /** The stored content (file, text, voucher JSON), or null when only digests were given. */
  openContent(record: EvidenceRecord): Promise<Readable | null>;
  /** One of a voucher's attachments (src/schema/evidence-original.ts storedAttachments), or null. */
  openAttachment(record: EvidenceRecord, index: number): Promise<Readable | null>;
  /** The affair of a child evidence (whether or not the holder still lists it); null for any other record. */
  findAffairOf(record: EvidenceRecord): Promise<AffairRef | null>;
  /** The private facts `meta` commits to (salt included). */
  metaFacts(record: EvidenceRecord): Record<string, unknown>;
}
