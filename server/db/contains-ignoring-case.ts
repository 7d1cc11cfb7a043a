import { sql } from "kysely";

/**
 * `lower(column) like '%keyword%'`, with our own escape character so that %, _ and \ in what
 * somebody typed are matched as themselves, the same on SQLite and PostgreSQL.
 */
export function containsIgnoringCase(column: string, keyword: string) {
  const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
