import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

export const DATA_DIR_LOCK_FILE = "platform.lock";

export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `数据目录 ${path.resolve(dataDir)} 正被另一个平台进程使用：嵌入式 SQLite 模式同一数据目录只能运行一个进程。` +
        "请先停止那个进程，或为本进程设置另一个 DATA_DIR；需要多个进程同时运行时，请配置 DATABASE_URL 使用 PostgreSQL。",
    );
    this.name = "DataDirInUseError";
  }
}

export type DataDirLock = { release(): void };

/** Held handles stay reachable here: a collected handle would close and quietly drop its lock. */
const held = new Set<SQLite.Database>();

/**
 * Takes the embedded mode's exclusive hold on its data folder, so that a second process started
 * on the same DATA_DIR is refused at start instead of writing beside the first one ("database is
 * locked" on saves, two block writers on one ledger).
 *
 * The hold is an OS file lock, not a pid file: SQLite's exclusive transaction on an empty lock
 * file (fcntl on POSIX, LockFileEx on Windows), kept open for the life of the process. The kernel
 * drops it when the process ends however it ends, kill -9 and power loss included, so a crash
 * never leaves a stale lock behind, and no pid is checked that a later process could have reused.
 * Nothing is ever written to the file (the transaction stays empty, the journal in memory), so
 * there is nothing to recover either. better-sqlite3 is the lock primitive we already ship;
 * Node has no flock of its own.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = new SQLite(path.join(dataDir, DATA_DIR_LOCK_FILE), { timeout: 0 });
  try {
    handle.pragma("journal_mode = MEMORY");
    handle.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    handle.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") throw new DataDirInUseError(dataDir);
    throw error;
  }
  held.add(handle);
  return {
    release() {
      held.delete(handle);
      handle.close();
    },
  };
}
