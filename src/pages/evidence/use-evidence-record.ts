import { useOne } from "@refinedev/core";
import { useSearchParams } from "react-router";
import type { SectionPageProps } from "../../resources/derive";
import type { EvidenceRecordView } from "../../schema/evidence";

/** The record named by `?id=` on a record page of an evidence section, read with the section's detail call. */
export function useEvidenceRecord({ route }: SectionPageProps) {
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const { result, query } = useOne<EvidenceRecordView>({
    resource: route.resource,
    id,
    meta: { endpoints: route.section.endpoints },
    queryOptions: { enabled: id !== "" },
  });
  return { id, record: result, query };
}
