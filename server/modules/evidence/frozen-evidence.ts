import type { EvidenceRecord } from "./evidence.types.js";

/**
 * The columns another module keeps of an evidence it refers to (a notarisation application, an
 * appraisal commission, a lawyer consultation), as the evidence was when it was chosen: what the
 * record said then stays what the application, commission or thread covered, whatever happens later.
 */
export function frozenEvidenceColumns(record: EvidenceRecord) {
  return {
    evidence_id: record.id,
    kind: record.kind,
    name: record.name,
    certificate_no: record.certificateNo,
    sha256: record.sha256,
    sm3: record.sm3,
    size: record.size,
    stored_at: record.createdAt,
    ledger_index: record.ledgerIndex,
  };
}
