import { useOne } from "@refinedev/core";
import { useSearchParams } from "react-router";
import type { EvidenceRecordView } from "../../schema/evidence";
import type { EvidenceRoute } from "./evidence-route";

/** The record named by `?id=` on a record page of an evidence section. */
export function useEvidenceRecord(evidence: EvidenceRoute) {
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const { result, query } = useOne<EvidenceRecordView>({
    resource: evidence.route.resource,
    id,
    meta: { endpoints: evidence.endpoints },
    queryOptions: { enabled: id !== "" },
  });
  return { id, record: result, query };
}
