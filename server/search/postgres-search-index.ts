import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.js";
import { booleanExpression, DatabaseSearchIndex, type SearchDialect } from "./database-search-index.js";

/**
 * ts_rank_cd weights for {D, C, B, A}: the title is weighted A and the body B (migration 0035), so a
 * word in the title counts five times one in the body, as in SQLite.
 */
const RANK_WEIGHTS = "{0.04,0.1,0.2,1.0}";
/** ts_rank_cd normalisation 1: divided by 1 + log(document length), so long documents do not win by length alone. */
const RANK_NORMALISATION = 1;

/**
 * PostgreSQL: search_documents.search_vector is generated from the tokens ('simple' configuration,
 * no stemming, no stop words), so nothing needs mirroring. The query is a to_tsquery text of quoted
 * lexemes (quotes and backslashes escaped), passed as a parameter, so what the user typed is never
 * tsquery syntax.
 */
export const postgresSearchDialect: SearchDialect = {
  matching(expression) {
    const query = booleanExpression(expression, (token) => `'${token.replace(/['\\]/g, (character) => character + character)}'`, " & ", " | ");
    return {
      from: sql`search_documents d CROSS JOIN to_tsquery('simple', ${query}) AS q`,
      where: sql`d.search_vector @@ q`,
      score: sql<number>`ts_rank_cd(${RANK_WEIGHTS}::float4[], d.search_vector, q, ${sql.lit(RANK_NORMALISATION)})`,
    };
  },
  async written() {},
  async removing() {},
};

export function postgresSearchIndex(db: Kysely<Database>, now?: () => number): DatabaseSearchIndex {
  return new DatabaseSearchIndex(db, postgresSearchDialect, now);
}
