import type { SubmittedEvidenceKind } from "../schema/evidence-entry";
import { EvidenceListQuerySchema, EvidenceRecordSchema, evidenceEndpoints } from "../schema/evidence";
import { defineSectionData } from "./define";
import { describeFilters } from "./field-meta";

/** The columns of an evidence list; an affair's size is its children. */
const COLUMNS = { default: ["name", "size", "status", "createTime", "certificateNo"], affair: ["name", "childCount", "status", "createTime", "certificateNo"] } as const;

/**
 * What an evidence-storage or rights section of one kind shows (src/schema/evidence.ts): its
 * records, the list's columns and filters, and the kind's calls.
 */
export function evidenceSectionData(kind: SubmittedEvidenceKind) {
  return defineSectionData({
    record: EvidenceRecordSchema,
    columns: kind === "affair" ? COLUMNS.affair : COLUMNS.default,
    filters: describeFilters(EvidenceListQuerySchema, ["keyName", ["startTime", "endTime"]]),
    endpoints: evidenceEndpoints(kind),
    evidenceKind: kind,
  });
}
