import { useSearchParams } from "react-router";
import { useEndpointQuery } from "../../providers/use-endpoint";
import type { Endpoint } from "../../schema/contract";
import { NOTARIZATION_ENDPOINTS, type NotarizationDetail } from "../../schema/notarization";
import { RECORD_ID_PARAM } from "../kinds/record-links";

/** The application a page of one application shows (`?id=`), read through the applicant's or the office's detail call. */
export function useApplication(endpoint: Endpoint<"GET"> = NOTARIZATION_ENDPOINTS.detail) {
  const [params] = useSearchParams();
  const id = Number(params.get(RECORD_ID_PARAM) ?? "");
  const isNamed = Number.isInteger(id) && id > 0;
  const { datas, query } = useEndpointQuery(endpoint as typeof NOTARIZATION_ENDPOINTS.detail, { id }, { enabled: isNamed });
  return { id, isNamed, application: query.isSuccess ? (datas as NotarizationDetail) : undefined, query };
}
