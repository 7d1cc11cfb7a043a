import { FactList } from "../../components/fact-list";
import { describeFields, recordRows } from "../../resources/field-meta";
import { NotarizationDetailSchema, type NotarizationDetail } from "../../schema/notarization";

const FIELDS = describeFields(NotarizationDetailSchema, [
  "applicantType",
  "applicantName",
  "applicantIdNumber",
  "purpose",
  "useDescription",
  "evidenceCount",
  "payment",
  "feeFen",
  "contactName",
  "contactMobile",
  "contactEmail",
  "address",
  "submitTime",
]);

/** Who applies for what and how to reach them, labelled from the schema. */
export function ApplicationFacts({ application }: { application: NotarizationDetail }) {
  return <FactList items={recordRows(FIELDS, application).map((row) => ({ key: row.name, label: row.label, children: row.value }))} />;
}
