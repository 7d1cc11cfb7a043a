import { useState } from "react";
import { useUrlPaging } from "../../components/pagination/use-url-paging";
import { DEFAULT_PAGE_SIZE } from "../../schema/paging";

/**
 * A list's paging and filters: in the URL (spec §2), or, for a second list on the same page (the
 * extraction records under the evidence picker), in the page's own state so the two do not share
 * one `pageNumber`.
 */
export function useListPaging(filterNames: readonly string[], isLocal = false) {
  const inUrl = useUrlPaging(filterNames);
  const [local, setLocal] = useState({ pageNumber: 1, pageSize: DEFAULT_PAGE_SIZE as number, filters: {} as Record<string, string> });
  if (!isLocal) return inUrl;
  return {
    ...local,
    rawPage: null,
    setPaging: (pageNumber: number, pageSize: number) => setLocal((previous) => ({ ...previous, pageNumber, pageSize })),
    setFilters: (filters: Record<string, string>) => setLocal((previous) => ({ ...previous, pageNumber: 1, filters: { ...previous.filters, ...filters } })),
    clearPage: () => setLocal((previous) => ({ ...previous, pageNumber: 1 })),
  };
}
