import { sql, type Kysely } from "kysely";
import { addIdColumn, isPostgres } from "../dialect.js";

/**
 * Chinese full-text search (issue 19; server/search). `search_documents` holds every searchable
 * document of every collection (help articles; the legal assistant's passages) with its original
 * text and the same text segmented into words by jieba, space-separated. SQLite indexes the
 * segmented text in an FTS5 table (unicode61 tokenizer, rowid = document id, bm25 ranking; contentless,
 * since search_documents already holds the tokens, with contentless_delete so that rows can be removed);
 * PostgreSQL in a generated tsvector column ('simple' configuration over the segmented text,
 * title weighted A, body B) with a GIN index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("search_documents"))
    .addColumn("collection", "varchar(20)", (c) => c.notNull())
    .addColumn("ref", "varchar(120)", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("title_tokens", "text", (c) => c.notNull())
    .addColumn("body_tokens", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("search_documents_collection_ref", ["collection", "ref"])
    .execute();
  if (isPostgres(db)) {
    await sql`ALTER TABLE search_documents ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple'::regconfig, title_tokens), 'A') || setweight(to_tsvector('simple'::regconfig, body_tokens), 'B')
    ) STORED`.execute(db);
    await sql`CREATE INDEX search_documents_vector ON search_documents USING GIN (search_vector)`.execute(db);
  } else {
    await sql`CREATE VIRTUAL TABLE search_fts USING fts5(title_tokens, body_tokens, content = '', contentless_delete = 1, tokenize = 'unicode61')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`DROP TABLE search_fts`.execute(db);
  await db.schema.dropTable("search_documents").execute();
}
