import { buildApp, databaseTargetFor } from "./app.js";
import { PLATFORM_NAME } from "../src/schema/constants.js";
import { ConfigError, loadConfig } from "./config.js";
import { DataDirInUseError, lockDataDir, type DataDirLock } from "./data-dir-lock.js";

/** Boots the platform: configuration, the app, listening, and a graceful close on signals. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  // Embedded mode: one process per data folder. PostgreSQL replicas share their database by design.
  let dataDirLock: DataDirLock | undefined;
  if (databaseTargetFor(config).kind === "sqlite") {
    try {
      dataDirLock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        console.error(`启动失败：${error.message}`);
        process.exit(75); // EX_TEMPFAIL: the other process may end; starting again later can work
      }
      throw error;
    }
  }

  const app = await buildApp({ config });
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

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "closing: finishing requests in flight");
    try {
      await app.close();
      // Only once the database is closed may another process take the folder.
      dataDirLock?.release();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "close failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void close("SIGTERM"));
  process.on("SIGINT", () => void close("SIGINT"));
}

main().catch((error) => {
  console.error("启动失败：", error);
  process.exit(1);
});
