import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.js";
import { booleanExpression, DatabaseSearchIndex, type SearchDialect } from "./database-search-index.js";

/** bm25 column weights: a word in the title counts five times one in the body. */
const TITLE_WEIGHT = 5;
const BODY_WEIGHT = 1;

/**
 * SQLite: the tokens are mirrored into the FTS5 table search_fts (rowid = search_documents.id),
 * whose unicode61 tokenizer splits them on the spaces between them. Every query token is a quoted
 * FTS5 string, so what the user typed is never FTS5 syntax (the segmenter leaves only letters and
 * digits anyway); bm25 is negated so that higher is better.
 */
export const sqliteSearchDialect: SearchDialect = {
  matching(expression) {
    const match = booleanExpression(expression, (token) => `"${token.replaceAll('"', '""')}"`, " AND ", " OR ");
    return {
      from: sql`search_fts JOIN search_documents d ON d.id = search_fts.rowid`,
      where: sql`search_fts MATCH ${match}`,
      score: sql<number>`-bm25(search_fts, ${sql.lit(TITLE_WEIGHT)}, ${sql.lit(BODY_WEIGHT)})`,
    };
  },
  async written(trx, id, tokens) {
    await sql`DELETE FROM search_fts WHERE rowid = ${id}`.execute(trx);
    await sql`INSERT INTO search_fts (rowid, title_tokens, body_tokens) VALUES (${id}, ${tokens.title_tokens}, ${tokens.body_tokens})`.execute(trx);
  },
  async removing(trx, ids) {
    await sql`DELETE FROM search_fts WHERE rowid IN (${sql.join(ids)})`.execute(trx);
  },
};

export function sqliteSearchIndex(db: Kysely<Database>, now?: () => number): DatabaseSearchIndex {
  return new DatabaseSearchIndex(db, sqliteSearchDialect, now);
}
