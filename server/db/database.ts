import type { Generated } from "kysely";

/**
 * Table types of every module. Times are epoch milliseconds in UTC (bigint columns), money is
 * integer fen, structured lists are JSON text so both SQLite and PostgreSQL store them the same way.
 * Each module owns its tables (DESIGN.md §8); the owner is named above each one.
 */
export interface Database {
  app_meta: AppMetaTable;
  sessions: SessionsTable;
  dapps: DappsTable;
  banners: BannersTable;
  cms_articles: CmsArticlesTable;
}

/** Owned by db/: facts about this installation (seed markers, key fingerprints). */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: number;
}

/** Owned by modules/session. The token itself is never stored, only its SHA-256. */
export interface SessionsTable {
  token_hash: string;
  subject_id: string;
  kind: "user" | "notary";
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
}

/** Owned by modules/common: related applications shown in the drawer (spec §3). */
export interface DappsTable {
  id: Generated<number>;
  dapp_name: string;
  description: string;
  menu_logo: string;
  dapp_home_url: string;
  category: number;
  display: number;
  width: number;
  sort_order: number;
}

/** Owned by modules/content: home carousel banners (spec §3). */
export interface BannersTable {
  id: Generated<number>;
  template_id: number;
  image_path: string;
  title: string;
  sub_images_json: string;
  buttons_json: string;
  sub_titles_json: string;
  sort_order: number;
  is_published: number;
}

/** Owned by modules/content: articles of every channel (news now, help centre later). */
export interface CmsArticlesTable {
  id: Generated<number>;
  channel_id: number;
  channel_code: string;
  channel_name: string;
  title: string;
  type_name: string;
  brief: string;
  summary: string;
  content: string;
  published_at: number;
  created_at: number;
}
