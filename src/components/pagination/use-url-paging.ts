import { useCallback, useEffect } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_PAGE_SIZE, normalisePageNumber, PAGE_SIZE_OPTIONS } from "../../schema/paging";

const POSITIVE_INTEGER = /^[1-9]\d*$/;

export interface UrlPagingOptions {
  /** The page sizes this list offers (spec §5); a compact list passes its own, e.g. [4]. */
  sizes?: readonly number[];
  defaultSize?: number;
}

/**
 * Paging and filters kept in the URL query (spec §2 pagination widget: pageNumber and pageSize are
 * written to the URL), so a reload or a shared link shows the same page. A page number that is not
 * an integer is ignored; one beyond the last page is cleared once the total is known (spec §5).
 */
export function useUrlPaging<F extends string>(filterNames: readonly F[], options: UrlPagingOptions = {}) {
  const { sizes = PAGE_SIZE_OPTIONS, defaultSize = DEFAULT_PAGE_SIZE } = options;
  const [params, setParams] = useSearchParams();
  const rawPage = params.get("pageNumber");
  const pageNumber = rawPage && POSITIVE_INTEGER.test(rawPage) ? Number(rawPage) : 1;
  const rawSize = Number(params.get("pageSize"));
  const pageSize = sizes.includes(rawSize) ? rawSize : defaultSize;
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ""])) as Record<F, string>;

  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === "") next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setPaging = useCallback((nextNumber: number, nextSize: number) => update({ pageNumber: nextNumber, pageSize: nextSize }), [update]);
  /** A new filter starts again at the first page. */
  const setFilter = useCallback((name: F, value: string) => update({ [name]: value, pageNumber: null }), [update]);
  /** Several filters at once (a date range's two ends), also from the first page. */
  const setFilters = useCallback((values: Partial<Record<F, string>>) => update({ ...values, pageNumber: null }), [update]);

  const clearPage = useCallback(() => update({ pageNumber: null }), [update]);

  return { pageNumber, pageSize, rawPage, filters, setPaging, setFilter, setFilters, clearPage };
}

/** Once the list's page count is known, a page number beyond it (or any, when there are no pages) leaves the URL. */
export function useClearPageBeyond(paging: { rawPage: string | null; clearPage: () => void }, totalPage: number | undefined) {
  const { rawPage, clearPage } = paging;
  useEffect(() => {
    if (rawPage === null || totalPage === undefined) return;
    if (normalisePageNumber(rawPage, totalPage) === null) clearPage();
  }, [rawPage, totalPage, clearPage]);
}
