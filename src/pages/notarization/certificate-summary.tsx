import { FactList } from "../../components/fact-list";
import { describeFields, recordRows } from "../../resources/field-meta";
import { NotarialCertificateSummarySchema, type NotarialCertificateSummary } from "../../schema/notarization";

const FIELDS = describeFields(NotarialCertificateSummarySchema);

/** The issued notarial certificate's facts, labelled from the schema. */
export function CertificateSummary({ certificate }: { certificate: NotarialCertificateSummary }) {
  return <FactList items={recordRows(FIELDS, certificate).map((row) => ({ key: row.name, label: row.label, children: row.value }))} />;
}
