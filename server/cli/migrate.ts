import { databaseTargetFor } from "../app.js";
import { openDatabase } from "../db/dialect.js";
import { migrateToLatest } from "../db/migrate.js";
import { describeMigrations, loadConfigOrExit, lockDataDirOrExit } from "../startup.js";

/**
 * Migrates the database of this configuration (DATA_DIR or DATABASE_URL) to the latest schema:
 *
 *   npm run migrate
 *
 * `npm start` does the same as its first step (server.ts); this is the step on its own, for a
 * release that migrates once before starting replicas with MIGRATE_ON_START=false. On SQLite it
 * takes the data folder's lock, so it never migrates under a running server.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const lock = lockDataDirOrExit(config);
  const database = openDatabase(databaseTargetFor(config));
  try {
    console.log(describeMigrations(await migrateToLatest(database.db), database.describe()));
  } finally {
    await database.db.destroy();
    lock?.release();
  }
}

main().catch((error: unknown) => {
  console.error("迁移未完成：", error);
  process.exit(1);
});
