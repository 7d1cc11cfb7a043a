import type { Kysely } from "kysely";
import type { Database } from "../db/database.js";
import { isPostgres } from "../db/dialect.js";
import { postgresSearchIndex } from "./postgres-search-index.js";
import type { SearchIndex } from "./search-index.js";
import { sqliteSearchIndex } from "./sqlite-search-index.js";

/** The search index of the database `db` runs on. */
export function createSearchIndex(db: Kysely<Database>, now?: () => number): SearchIndex {
  return isPostgres(db) ? postgresSearchIndex(db, now) : sqliteSearchIndex(db, now);
}
