import closeWithGrace from "close-with-grace";
import { buildApp, databaseTargetFor } from "./app.js";
import { PLATFORM_NAME } from "../src/schema/constants.js";
import { openDatabase } from "./db/dialect.js";
import { migrateToLatest } from "./db/migrate.js";
import { describeMigrations, loadConfigOrExit, lockDataDirOrExit } from "./startup.js";

/**
 * close-with-grace also answers fault signals (SIGSEGV, SIGBUS …), SIGHUP, SIGUSR2 and
 * beforeExit; a graceful close is for SIGTERM, SIGINT and the two error events only.
 */
const NOT_CLOSING_ON = ["SIGHUP", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE", "SIGSEGV", "SIGUSR2", "beforeExit"] as const;

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
  const app = await buildApp({ config, database });

  // SIGTERM/SIGINT: requests in flight finish, the modules and the database close, then exit 0.
  // An unhandled rejection or uncaught exception is logged and closes the same way, then exit 1.
  // Past the deadline the process exits 1 whatever is still open.
  closeWithGrace(
    {
      delay: config.shutdownTimeoutMs,
      skip: [...NOT_CLOSING_ON],
      logger: app.log,
      onTimeout: (delay) => app.log.error({ deadlineMs: delay }, "close did not finish before its deadline: exiting"),
    },
    async ({ signal, err }) => {
      if (err) app.log.fatal({ err }, "unexpected error: closing");
      else app.log.info({ signal }, "closing: finishing requests in flight");
      await app.close();
      // Only once the database is closed may another process take the folder.
      dataDirLock?.release();
    },
  );

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
