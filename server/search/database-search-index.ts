import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/database.js";
import { inTransaction } from "../db/dialect.js";
import type { SearchCollection, SearchDocument, SearchIndex, SearchPage, SearchQuery } from "./search-index.js";
import { parseAnyWordQuery, parseQuery, tokenString, type QueryExpression } from "./segmenter.js";

/** A document's row as stored, with its segmented text. */
export interface IndexedTokens {
  title_tokens: string;
  body_tokens: string;
}

/**
 * What differs between the databases: how segmented text is matched and ranked, and whether the
 * tokens need mirroring into a table of their own (SQLite's FTS5 table; PostgreSQL derives its
 * tsvector column by itself).
 */
export interface SearchDialect {
  /**
   * The FROM items (search_documents aliased `d`, plus whatever the match needs), the condition that
   * the query matches, and the relevance score (higher is better) of a row.
   */
  matching(query: QueryExpression): { from: RawBuilder<unknown>; where: RawBuilder<unknown>; score: RawBuilder<number> };
  /** After the row `id` was inserted or replaced, in the same transaction. */
  written(trx: Kysely<Database>, id: number, tokens: IndexedTokens): Promise<void>;
  /** Before the rows `ids` are deleted, in the same transaction. */
  removing(trx: Kysely<Database>, ids: readonly number[]): Promise<void>;
  /** After a whole collection was written, in the same transaction: whatever the planner needs to know. */
  replaced(trx: Kysely<Database>): Promise<void>;
}

const EMPTY_PAGE: SearchPage = { hits: [], total: 0 };
const DELETE_CHUNK = 1000;

/** The SearchIndex over the search_documents table, with the database's own full-text matching. */
export class DatabaseSearchIndex implements SearchIndex {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: SearchDialect,
    private readonly now: () => number = Date.now,
  ) {}

  put(collection: SearchCollection, document: SearchDocument): Promise<void> {
    return inTransaction(this.db, (trx) => this.write(trx, collection, document));
  }

  remove(collection: SearchCollection, ref: string): Promise<void> {
    return inTransaction(this.db, async (trx) => {
      const rows = await trx.selectFrom("search_documents").select("id").where("collection", "=", collection).where("ref", "=", ref).execute();
      await this.delete(trx, rows.map((row) => row.id));
    });
  }

  /**
   * Makes `documents` the whole of `collection` (indexing at start, reseeding, a dictionary change):
   * every other document of the collection is removed, in one transaction.
   */
  replaceCollection(collection: SearchCollection, documents: readonly SearchDocument[]): Promise<void> {
    return inTransaction(this.db, async (trx) => {
      const kept = new Set(documents.map((document) => document.ref));
      const existing = await trx.selectFrom("search_documents").select(["id", "ref"]).where("collection", "=", collection).execute();
      await this.delete(
        trx,
        existing.filter((row) => !kept.has(row.ref)).map((row) => row.id),
      );
      for (const document of documents) await this.write(trx, collection, document);
      await this.dialect.replaced(trx);
    });
  }

  async search(query: SearchQuery): Promise<SearchPage> {
    const expression = query.match === "any" ? parseAnyWordQuery(query.text) : parseQuery(query.text);
    if (!expression || query.refPrefixes?.length === 0) return EMPTY_PAGE;
    const { from, where, score } = this.dialect.matching(expression);
    const conditions = [where, sql`d.collection = ${query.collection}`];
    if (query.refPrefixes) conditions.push(refStartsWithAny(query.refPrefixes));
    const filter = sql.join(conditions, sql` AND `);
    // Rank ids first and read the texts of one page only: the ranking pass over every match then
    // carries no article bodies, and the same pass counts the matches (count over the window).
    // MATERIALIZED: SQLite's bm25() cannot be evaluated beside a window function.
    const { rows } = await sql<{ ref: string; title: string; body: string; score: number; total: number }>`
      WITH matched AS MATERIALIZED (SELECT d.id, ${score} AS score FROM ${from} WHERE ${filter}),
      ranked AS (SELECT id, score, count(*) OVER () AS total FROM matched ORDER BY score DESC, id LIMIT ${query.limit} OFFSET ${query.offset})
      SELECT s.ref, s.title, s.body, ranked.score, ranked.total FROM ranked JOIN search_documents s ON s.id = ranked.id
      ORDER BY ranked.score DESC, ranked.id`.execute(this.db);
    const hits = rows.map(({ ref, title, body, score }) => ({ ref, title, body, score: Number(score) }));
    if (rows.length) return { hits, total: Number(rows[0].total) };
    // A page past the end has no row to carry the count.
    const { rows: counted } = await sql<{ total: number }>`SELECT count(*) AS total FROM ${from} WHERE ${filter}`.execute(this.db);
    return { hits, total: Number(counted[0].total) };
  }

  private async write(trx: Kysely<Database>, collection: SearchCollection, document: SearchDocument): Promise<void> {
    const tokens: IndexedTokens = { title_tokens: tokenString(document.title), body_tokens: tokenString(document.body) };
    const text = { title: document.title, body: document.body, ...tokens, updated_at: this.now() };
    const { id } = await trx
      .insertInto("search_documents")
      .values({ collection, ref: document.ref, ...text })
      .onConflict((conflict) => conflict.columns(["collection", "ref"]).doUpdateSet(text))
      .returning("id")
      .executeTakeFirstOrThrow();
    await this.dialect.written(trx, id, tokens);
  }

  /** In chunks: a statement takes at most 32,766 parameters in SQLite (65,535 in PostgreSQL). */
  private async delete(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
    for (let start = 0; start < ids.length; start += DELETE_CHUNK) {
      const chunk = ids.slice(start, start + DELETE_CHUNK);
      await this.dialect.removing(trx, chunk);
      await trx.deleteFrom("search_documents").where("id", "in", chunk).execute();
    }
  }
}

/** substr rather than LIKE: a prefix is compared as it is, `%` and `_` included, in both databases. */
function refStartsWithAny(prefixes: readonly string[]): RawBuilder<unknown> {
  const alternatives = prefixes.map((prefix) => sql`substr(d.ref, 1, ${[...prefix].length}) = ${prefix}`);
  return sql`(${sql.join(alternatives, sql` OR `)})`;
}

/** The query in a database's boolean syntax: `quote` spells a token, `and`/`or` are the operators with their spaces. */
export function booleanExpression(expression: QueryExpression, quote: (token: string) => string, and: string, or: string): string {
  if (typeof expression === "string") return quote(expression);
  const [parts, operator] = "all" in expression ? [expression.all, and] : [expression.any, or];
  return `(${parts.map((part) => booleanExpression(part, quote, and, or)).join(operator)})`;
}
