import { sql, type SelectQueryBuilder } from "kysely";

/**
 * One page of a holder's filtered list, newest first (`created_at`, then `id`, so rows of the same
 * millisecond keep one order across pages), and how many rows the filters match in all.
 */
export async function newestFirstPage<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  rowsOf: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  paging: { pageNumber: number; pageSize: number },
): Promise<{ rows: Row[]; total: number }> {
  const counted = await filtered.select(sql<number>`count(*)`.as("total")).executeTakeFirstOrThrow();
  const rows = await rowsOf(filtered)
    .orderBy(sql`created_at`, "desc")
    .orderBy(sql`id`, "desc")
    .limit(paging.pageSize)
    .offset((paging.pageNumber - 1) * paging.pageSize)
    .execute();
  return { rows: rows as Row[], total: Number((counted as { total: number | string }).total) };
}
