import type { ProColumns } from "@ant-design/pro-components";
import { describeFields } from "../../resources/field-meta";
import type { CellRenderer, ListRecord } from "../../resources/types";
import { CoveredEvidenceSchema, type CoveredEvidence } from "../../schema/notarization";
import { fieldColumns } from "../kinds/field-cell";
import { RecordTable } from "../kinds/record-table";

const COLUMNS = ["name", "kind", "certificateNo", "sha256", "size", "createTime", "ledgerIndex"] as const;

/**
 * The evidence an application covers, frozen at submission (its digests are on the ledger entry),
 * labelled from the schema; the applicant's pages link each to its certificate, the office's add
 * the live check and the downloads as a last column.
 */
export function CoveredEvidenceTable({ evidence, cells, action, loading }: { evidence: readonly CoveredEvidence[]; cells?: Readonly<Record<string, CellRenderer>>; action?: ProColumns<ListRecord>; loading?: boolean }) {
  const columns = fieldColumns(describeFields(CoveredEvidenceSchema, COLUMNS), cells);
  return (
    <RecordTable
      rowKey="evidenceId"
      columns={action ? [...columns, action] : columns}
      records={evidence as unknown as ListRecord[]}
      loading={loading}
      emptyText="没有这一类证据"
      scroll={{ x: "max-content" }}
    />
  );
}
