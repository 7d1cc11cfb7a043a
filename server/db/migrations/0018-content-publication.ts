import { sql, type Kysely } from "kysely";

/**
 * The public content becomes rows the console edits (issue 13): banners, news articles and related
 * applications each get a publication state (src/schema/console/publication.ts), an order, and
 * creation and change times. Rows that exist are what the public saw until now, so they stay
 * published (a banner that was hidden becomes "unpublished"), keep the order they were shown in
 * (news: newest first), and take the demo seed's time, or now, as their creation time.
 * `content_images` lists the uploaded images the public image route may serve.
 */

const SEED_MARKER = "demo_content_seeded_at";

export async function up(db: Kysely<unknown>): Promise<void> {
  const seeded = await sql<{ value: string }>`SELECT value FROM app_meta WHERE key = ${SEED_MARKER}`.execute(db);
  const since = Number(seeded.rows[0]?.value) || Date.now();

  for (const table of ["banners", "dapps"]) {
    await db.schema
      .alterTable(table)
      .addColumn("state", "varchar(16)", (c) => c.notNull().defaultTo("draft"))
      .execute();
    await db.schema.alterTable(table).addColumn("created_at", "bigint", (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable(table).addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0)).execute();
  }
  await sql`UPDATE banners SET state = CASE WHEN is_published = 1 THEN 'published' ELSE 'unpublished' END, created_at = ${since}, updated_at = ${since}`.execute(db);
  await db.schema.alterTable("banners").dropColumn("is_published").execute();
  await sql`UPDATE dapps SET state = 'published', created_at = ${since}, updated_at = ${since}`.execute(db);

  await db.schema.alterTable("cms_articles").addColumn("state", "varchar(16)", (c) => c.notNull().defaultTo("draft")).execute();
  await db.schema.alterTable("cms_articles").addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("cms_articles").addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0)).execute();
  await sql`UPDATE cms_articles SET state = 'published', updated_at = created_at`.execute(db);
  // News was listed newest first; that order becomes the articles' explicit order, per channel.
  const articles = await sql<{ id: number; channel_code: string }>`SELECT id, channel_code FROM cms_articles ORDER BY channel_code, published_at DESC, id DESC`.execute(db);
  const positions = new Map<string, number>();
  for (const article of articles.rows) {
    const position = positions.get(article.channel_code) ?? 0;
    positions.set(article.channel_code, position + 1);
    await sql`UPDATE cms_articles SET sort_order = ${position} WHERE id = ${article.id}`.execute(db);
  }

  await db.schema.createIndex("banners_state_order").on("banners").columns(["state", "sort_order"]).execute();
  await db.schema.createIndex("dapps_state_order").on("dapps").columns(["state", "category", "sort_order"]).execute();
  await db.schema.createIndex("cms_articles_channel_order").on("cms_articles").columns(["channel_code", "state", "sort_order"]).execute();

  await db.schema
    .createTable("content_images")
    .addColumn("sha256", "varchar(64)", (c) => c.primaryKey())
    .addColumn("mime_type", "varchar(32)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_images").execute();
  await db.schema.dropIndex("cms_articles_channel_order").execute();
  await db.schema.dropIndex("dapps_state_order").execute();
  await db.schema.dropIndex("banners_state_order").execute();
  for (const column of ["updated_at", "sort_order", "state"]) await db.schema.alterTable("cms_articles").dropColumn(column).execute();
  await db.schema.alterTable("banners").addColumn("is_published", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await sql`UPDATE banners SET is_published = CASE WHEN state = 'published' THEN 1 ELSE 0 END`.execute(db);
  for (const table of ["banners", "dapps"]) {
    for (const column of ["updated_at", "created_at", "state"]) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
