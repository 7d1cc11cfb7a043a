import { buildApp, databaseTargetFor } from "./app.js";
import { PLATFORM_NAME } from "../src/schema/constants.js";
import { openDatabase } from "./db/dialect.js";
import { migrateToLatest } from "./db/migrate.js";
import { closeGracefully } from "./graceful-close.js";
import { describeMigrations, loadConfigOrExit, lockDataDirOrExit } from "./startup.js";

/**
 * Boots the platform: configuration, the data folder's lock, the migration step, the app, a
 * graceful close with a deadline, listening. Nothing else happens here (app.ts builds the app).
 */
async function main() {
  const config = loadConfigOrExit();
  const dataDirLock = lockDataDirOrExit(config);

  const database = openDatabase(databaseTargetFor(config));
  // The migration step, first and on its own (also `npm run migrate`); a deployment that
  // migrates once for several replicas turns it off with MIGRATE_ON_START=false.
  if (config.migrateOnStart) console.log(describeMigrations(await migrateToLatest(database.db), database.describe()));
  // With Redis and PostgreSQL the jobs are shared and run by `npm run worker` processes (which
  // need both); otherwise this process runs them itself.
  const app = await buildApp({ config, database, role: config.redis && config.databaseUrl ? "web" : "all" });

  // Only once the database is closed may another process take the folder.
  closeGracefully(app, config.shutdownTimeoutMs, () => dataDirLock?.release());

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const storage = databaseTargetFor(config).kind === "sqlite" ? `嵌入式 SQLite，数据目录 ${config.dataDir}` : "PostgreSQL";
  console.log(
    [
      `${PLATFORM_NAME}已启动：http://${shownHost}:${config.port}`,
      `  运行模式：${config.mode}（${storage}）`,
      `  数据库：${app.database.describe()}`,
      `  接口文档：http://${shownHost}:${config.port}/opendocs`,
      `  账本公钥（核验证书用，亦见 /ledger/vkey）：${app.services.ledger.verifierKey}`,
    ].join("\n"),
  );
}

main().catch((error) => {
  console.error("启动失败：", error);
  process.exit(1);
});
