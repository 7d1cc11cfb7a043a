import {
  RecordingEnvironmentSchema,
  type RecordingDetail,
  type RecordingEnding,
  type RecordingKind,
  type RecordingRecord,
  type RecordingSource,
  type RecordingState,
} from "../../../src/schema/recording.js";
import type { AnchorRow, RecordingRow } from "./recording.repository.js";

const millis = (value: number | string | null) => (value === null ? null : Number(value));

/** A row as the holder's lists show it (src/schema/recording.ts RecordingRecordSchema); a group's figures are its parts' sums. */
export function toRecordingRecord(row: RecordingRow, anchors: number, parts: readonly RecordingRow[] = []): RecordingRecord {
  const isSealed = row.state === "sealed";
  const sum = (pick: (part: RecordingRow) => number) => (row.is_group ? parts.reduce((total, part) => total + pick(part), 0) : pick(row));
  return {
    id: row.id,
    kind: row.kind as RecordingKind,
    source: row.source as RecordingSource,
    name: row.name,
    target: row.target,
    purpose: row.purpose,
    state: row.state as RecordingState,
    ending: row.ending as RecordingEnding | null,
    durationMs: row.is_group ? Math.max(0, ...parts.map((part) => Number(part.duration_ms))) : Number(row.duration_ms),
    chunks: sum((part) => part.chunk_count),
    bytes: sum((part) => Number(part.bytes)),
    anchors,
    createTime: Number(row.created_at),
    endTime: millis(row.ended_at),
    failure: row.failure,
    evidenceId: isSealed ? row.evidence_id : null,
    certificateNo: isSealed ? row.certificate_no : null,
  };
}

export function toRecordingDetail(row: RecordingRow, anchors: readonly AnchorRow[], parts: readonly { row: RecordingRow; anchors: number }[]): RecordingDetail {
  const partRows = parts.map((part) => part.row);
  const anchorTotal = row.is_group ? parts.reduce((total, part) => total + part.anchors, 0) : anchors.length;
  return {
    ...toRecordingRecord(row, anchorTotal, partRows),
    anchorList: anchors.map((anchor) => ({
      seq: anchor.seq,
      chunks: anchor.chunks,
      durationMs: Number(anchor.duration_ms),
      time: Number(anchor.time),
      ledgerIndex: millis(anchor.ledger_index),
      sha256: anchor.sha256,
    })),
    environment: row.is_group ? null : RecordingEnvironmentSchema.parse(JSON.parse(row.environment_json)),
    parts: parts.map(({ row: part, anchors: count }) => ({
      id: part.id,
      name: part.name,
      state: part.state as RecordingState,
      durationMs: Number(part.duration_ms),
      chunks: part.chunk_count,
      anchors: count,
      ending: part.ending as RecordingEnding | null,
    })),
  };
}
