import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

/**
 * What a witness remembers per log: the size and root of the latest checkpoint it cosigned
 * (C2SP tlog-witness). Kept in the witness's own SQLite file, apart from the platform database,
 * because a witness is meant to be an independent party that can run on another machine.
 * synchronous=FULL: the protocol says the new checkpoint is persisted before the answer.
 */
export interface WitnessLogState {
  readonly size: number;
  /** Standard base64, as in the checkpoint. */
  readonly rootHash: string;
  readonly note: string;
  readonly updatedAt: number;
}

export type StateUpdate = { ok: true } | { ok: false; currentSize: number };

export class WitnessStateStore {
  readonly #db: SQLite.Database;
  readonly #read: SQLite.Statement<[string], { size: number; root_hash: string; note: string; updated_at: number }>;
  readonly #compareAndSet: (origin: string, expectedSize: number, next: WitnessLogState) => StateUpdate;

  constructor(file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.#db = new SQLite(file);
    this.#db.pragma("journal_mode = WAL");
    this.#db.pragma("synchronous = FULL");
    this.#db.pragma("busy_timeout = 5000");
    this.#db.exec(
      "CREATE TABLE IF NOT EXISTS witness_logs (origin TEXT PRIMARY KEY, size INTEGER NOT NULL, root_hash TEXT NOT NULL, note TEXT NOT NULL, updated_at INTEGER NOT NULL)",
    );
    this.#read = this.#db.prepare("SELECT size, root_hash, note, updated_at FROM witness_logs WHERE origin = ?");
    const upsert = this.#db.prepare(
      "INSERT INTO witness_logs (origin, size, root_hash, note, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(origin) DO UPDATE SET size = excluded.size, root_hash = excluded.root_hash, note = excluded.note, updated_at = excluded.updated_at",
    );
    // Check-and-update in one IMMEDIATE transaction, so two requests (or two witness processes on
    // the same file) can never roll the stored size back (the race the protocol describes).
    const run = this.#db.transaction((origin: string, expectedSize: number, next: WitnessLogState): StateUpdate => {
      const currentSize = this.#read.get(origin)?.size ?? 0;
      if (currentSize !== expectedSize) return { ok: false, currentSize };
      upsert.run(origin, next.size, next.rootHash, next.note, next.updatedAt);
      return { ok: true };
    });
    this.#compareAndSet = (origin, expectedSize, next) => run.immediate(origin, expectedSize, next);
  }

  get(origin: string): WitnessLogState | null {
    const row = this.#read.get(origin);
    return row ? { size: row.size, rootHash: row.root_hash, note: row.note, updatedAt: row.updated_at } : null;
  }

  /** Stores `next` only if the stored size is still `expectedSize` (0 when the log is new). */
  compareAndSet(origin: string, expectedSize: number, next: WitnessLogState): StateUpdate {
    return this.#compareAndSet(origin, expectedSize, next);
  }

  close(): void {
    this.#db.close();
  }
}
