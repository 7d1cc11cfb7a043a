import { databaseTargetFor } from "./app.js";
import { ConfigError, loadConfig, type AppConfig } from "./config.js";
import { DataDirInUseError, lockDataDir, type DataDirLock } from "./data-dir-lock.js";

/** Exit codes of the processes that open the platform's data (sysexits.h). */
export const EXIT = { config: 78, dataDirInUse: 75 } as const;

/** The configuration, or exit 78 with every bad variable named. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(EXIT.config);
  }
}

/**
 * Embedded mode: one process per data folder (the server, or a migration run beside none), or
 * exit 75: the other process may end, so starting again later can work. PostgreSQL replicas share
 * their database by design and take no lock.
 */
export function lockDataDirOrExit(config: AppConfig): DataDirLock | undefined {
  if (databaseTargetFor(config).kind !== "sqlite") return undefined;
  try {
    return lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(`启动失败：${error.message}`);
    process.exit(EXIT.dataDirInUse);
  }
}

/** The start-up line of a migration run: what ran, or that nothing had to. */
export function describeMigrations(applied: string[], database: string): string {
  return applied.length > 0 ? `已执行 ${applied.length} 个数据库迁移（${applied.join("、")}）：${database}` : `数据库结构已是最新：${database}`;
}
