import { findLoggedEntry } from "./find-logged-entry.js";
import type { LedgerPort } from "./ledger.types.js";

/** An entry a module wrote down in its own transaction (exact text, ledger size then) and has yet to see logged. */
export interface PendingEntry {
  /** Names the row the entry belongs to, for the module's `record` and for the log. */
  readonly key: string;
  readonly text: string;
  /** The ledger's size before the row was committed: where a repair starts looking for the entry. */
  readonly sizeHint: number;
}

export interface PendingEntriesDependencies {
  ledger: Pick<LedgerPort, "append" | "latestCheckpoint" | "entry">;
  /** The module's rows whose entry has no index recorded yet: all, or those written before `before` (server/jobs/recovery-pass.ts). */
  unlogged(before: number | null): Promise<PendingEntry[]>;
  /** Records the entry's index on the module's row. */
  record(key: string, index: number): Promise<void>;
  log: { warn(details: object, message: string): void };
  /** For the log lines, e.g. "notarization". */
  name: string;
}

/**
 * Entries written first as text in a module's own durable transaction and appended to the ledger
 * after the commit (the append waits for the ledger's block, so it runs beside the caller, never in
 * front of its answer). A crash or a failed append between the two leaves a row without an index:
 * `settle` (at the next start) finds the entry in the log from the noted size on, or appends it,
 * so each entry is logged exactly once and nothing committed is lost.
 */
export class PendingLedgerEntries {
  readonly #inFlight = new Map<string, Promise<void>>();

  constructor(private readonly deps: PendingEntriesDependencies) {}

  /** Read before the caller's transaction: on SQLite the ledger cannot be read inside another one. */
  async ledgerSize(): Promise<number> {
    return (await this.deps.ledger.latestCheckpoint())?.treeSize ?? 0;
  }

  /** Appends a committed entry in the background; a failure is left for settle(). */
  log(entry: PendingEntry): Promise<void> {
    const earlier = this.#inFlight.get(entry.key);
    if (earlier) return earlier;
    const work = this.deps.ledger
      .append(Buffer.from(entry.text, "utf8"))
      .then((receipt) => this.deps.record(entry.key, receipt.index))
      .catch((error) => this.deps.log.warn({ err: error, entry: entry.key }, `${this.deps.name}: ledger append failed; it is appended again at the next start`))
      .finally(() => this.#inFlight.delete(entry.key));
    this.#inFlight.set(entry.key, work);
    return work;
  }

  /**
   * Every unlogged entry (or those written before `leftBefore`: with several processes a younger
   * one may be a live peer's append): an append under way here is awaited, any other found in the
   * log or appended. Answers how many of them are still unlogged.
   */
  async settle(leftBefore: number | null = null): Promise<number> {
    for (const entry of await this.deps.unlogged(leftBefore)) {
      const running = this.#inFlight.get(entry.key);
      if (running) {
        await running;
        continue;
      }
      const found = await findLoggedEntry(this.deps.ledger, Buffer.from(entry.text, "utf8"), entry.sizeHint);
      if (found !== null) await this.deps.record(entry.key, found);
      else await this.log(entry);
    }
    return (await this.deps.unlogged(leftBefore)).length;
  }

  /** Resolves when no append is under way (tests, a graceful close). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight.values()]);
  }
}
