import { sql, type RawBuilder } from "kysely";

/**
 * `lower(column) LIKE '%keyword%'` with our own escape character, the same on SQLite and
 * PostgreSQL: the keyword's own % _ and \ match themselves, and case does not matter.
 */
export function containsIgnoringCase(column: string, keyword: string): RawBuilder<boolean> {
  const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
