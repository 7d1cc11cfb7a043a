import { z } from "zod";

/** Paging of every list (spec §2 pagination widget, §3 pageP, §5 paging rule, §9 page sizes). */

export const PAGE_SIZE_OPTIONS = [10, 30, 50, 100, 150, 200] as const;
export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

export const PAGE_NUMBER_MESSAGE = "页码必须为正整数";
export const pageSizeMessage = (sizes: readonly number[]) => `每页条数只能为${sizes.join("、")}`;

/** The paged response `pageP` around any item schema. */
export function pagePSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    pageNumber: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    totalPage: z.number().int().min(0),
    totalRow: z.number().int().min(0),
  });
}
export type PageP<T> = { list: T[]; pageNumber: number; pageSize: number; totalPage: number; totalRow: number };

/** One page of `total` rows as the lists answer it. */
export function pageOf<T>(list: T[], total: number, pageNumber: number, pageSize: number): PageP<T> {
  return { list, pageNumber, pageSize, totalPage: Math.ceil(total / pageSize), totalRow: total };
}

/**
 * pageNumber/pageSize as they arrive in a query string. Strict on the server: a bad value is a
 * validation error, not silently replaced. `sizes` lets a compact list (e.g. 4 per page) allow
 * its own size without widening every other list.
 */
export function pageQuerySchema(sizes: readonly number[] = PAGE_SIZE_OPTIONS, defaultSize: number = DEFAULT_PAGE_SIZE) {
  const sizeMessage = pageSizeMessage(sizes);
  return z.object({
    pageNumber: z.coerce
      .number({ error: PAGE_NUMBER_MESSAGE })
      .int(PAGE_NUMBER_MESSAGE)
      .min(1, PAGE_NUMBER_MESSAGE)
      .default(1),
    pageSize: z.coerce
      .number({ error: sizeMessage })
      .refine((size) => sizes.includes(size), sizeMessage)
      .default(defaultSize),
  });
}
export const PageQuerySchema = pageQuerySchema();

/**
 * A list's keyword filter (关键字): surrounding spaces ignored, at most `maxLength` characters,
 * optional; `hints` are what the filter bar shows (placeholder, width).
 */
export function keywordQuery(maxLength: number, hints: { placeholder: string; width?: number }) {
  return z.string().trim().max(maxLength, `关键字不超过${maxLength}个字`).optional().meta({ title: "关键字", ...hints });
}
export type PageQuery = z.infer<typeof PageQuerySchema>;

/**
 * The client's rule for a page number read from the URL: an integer within 1..totalPage is
 * used, anything else (text, 0, decimals, beyond the last page, no pages at all) is ignored and
 * null tells the caller to clear it.
 */
export function normalisePageNumber(raw: unknown, totalPage: number): number | null {
  const page = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof page !== "number" || !Number.isInteger(page)) return null;
  return page >= 1 && page <= totalPage ? page : null;
}
