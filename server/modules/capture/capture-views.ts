import {
  CAPTURE_FAILURES,
  CaptureProvenanceSchema,
  CaptureQaSchema,
  type CaptureChargeSource,
  type CaptureDetail,
  type CaptureFailureCode,
  type CaptureRecord,
  type CaptureStage,
  type CaptureState,
  type CaptureTarget,
} from "../../../src/schema/capture.js";
import type { PackagedFile } from "../../capture/capture-engine.types.js";
import type { CaptureRow } from "./capture.repository.js";

const millis = (value: number | null) => (value === null ? null : Number(value));

/** A row as the holder's lists show it (src/schema/capture.ts CaptureRecordSchema). */
export function toCaptureRecord(row: CaptureRow): CaptureRecord {
  const qa = row.qa_json ? CaptureQaSchema.parse(JSON.parse(row.qa_json)) : null;
  const failureCode = row.failure_code as CaptureFailureCode | null;
  const isSealed = row.state === "sealed";
  return {
    id: row.id,
    kind: "snapshot",
    target: row.target as CaptureTarget,
    name: row.name,
    url: row.url,
    finalUrl: row.final_url,
    title: row.title,
    purpose: row.purpose,
    state: row.state as CaptureState,
    stage: row.stage as CaptureStage,
    failure: failureCode ? { code: failureCode, message: row.failure_detail ? `${CAPTURE_FAILURES[failureCode]}（${row.failure_detail}）` : CAPTURE_FAILURES[failureCode] } : null,
    qaFindings: qa?.findings ?? [],
    qaAccepted: Boolean(row.qa_accepted),
    attempts: row.attempts,
    chargedTo: row.charged_to as CaptureChargeSource,
    createTime: Number(row.created_at),
    startTime: millis(row.started_at),
    endTime: millis(row.ended_at),
    evidenceId: isSealed ? row.evidence_id : null,
    certificateNo: isSealed ? row.certificate_no : null,
    files: packageFilesOf(row),
  };
}

export function toCaptureDetail(row: CaptureRow): CaptureDetail {
  return {
    ...toCaptureRecord(row),
    provenance: row.provenance_json ? CaptureProvenanceSchema.parse(JSON.parse(row.provenance_json)) : null,
    qa: row.qa_json ? CaptureQaSchema.parse(JSON.parse(row.qa_json)) : null,
  };
}

export function packageFilesOf(row: CaptureRow): PackagedFile[] {
  return row.files_json ? (JSON.parse(row.files_json) as PackagedFile[]) : [];
}
