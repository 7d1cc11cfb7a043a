import type { EvidenceKind } from "../../../src/schema/evidence-entry.js";
import { evidenceAttachments, evidenceOriginal } from "../../../src/schema/evidence-original.js";
import type { EvidenceRecordView, EvidenceStatus } from "../../../src/schema/evidence.js";
import type { EvidenceRow } from "./evidence.repository.js";
import type { AffairRef, EvidenceRecord } from "./evidence.types.js";

/** Row → the record other modules see (evidence.types.ts). */
export function toRecord(row: EvidenceRow): EvidenceRecord {
  return {
    id: Number(row.id),
    certificateNo: row.certificate_no,
    holderUserId: Number(row.holder_user_id),
    holderName: row.holder_name,
    kind: row.kind as EvidenceKind,
    name: row.name,
    size: Number(row.size),
    sha256: row.sha256,
    sm3: row.sm3,
    createdAt: Number(row.created_at),
    ledgerIndex: row.ledger_index === null ? null : Number(row.ledger_index),
    blockHeight: row.block_height === null ? null : Number(row.block_height),
    leafHash: row.leaf_hash ?? "",
    status: row.status as EvidenceStatus,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    blobSha256: row.blob_sha256,
    entryJson: row.entry_json,
    metaSalt: row.meta_salt,
    details: JSON.parse(row.details) as Record<string, unknown>,
    deletedAt: row.deleted_at === null ? null : Number(row.deleted_at),
  };
}

/** Record → what the holder's pages show (src/schema/evidence.ts); `childCount` is null but for affairs. */
export function toView(record: EvidenceRecord, context: { childCount: number | null; affair: AffairRef | null }): EvidenceRecordView {
  const hasContent = record.blobSha256 !== null;
  return {
    id: record.id,
    certificateNo: record.certificateNo,
    kind: record.kind,
    name: record.name,
    holderName: record.holderName,
    size: record.size,
    sha256: record.sha256,
    sm3: record.sm3,
    createTime: record.createdAt,
    ledgerIndex: record.ledgerIndex,
    blockHeight: record.blockHeight,
    status: record.status,
    parentId: record.parentId,
    affair: context.affair,
    hasContent,
    original: evidenceOriginal({ ...record, hasContent }),
    attachments: evidenceAttachments(record),
    childCount: context.childCount,
    details: record.details,
  };
}
