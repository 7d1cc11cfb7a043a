import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { buildRecordingAnchorEntry } from "../../../src/schema/recording-anchor-entry.js";
import type { ChainHeads } from "../../../isomorphic/recording/chunk-chain.js";
import type { Database } from "../../db/database.js";
import { findLoggedEntry } from "../ledger/find-logged-entry.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import type { AnchorRow, RecordingRepository, RecordingRow } from "./recording.repository.js";

export type AnchorPlan = { chunks: number; durationMs: number; heads: ChainHeads; final: boolean };

/**
 * Anchors a recording's chain head on the ledger (src/schema/recording-anchor-entry.ts). An anchor
 * is first a row written in the caller's durable transaction (with the entry's exact text and the
 * ledger's size just before), then appended, then its index recorded. The append waits for the
 * ledger's block, so it runs beside the caller, never in front of its answer. A crash in between
 * leaves a row without an index: settle() finds the entry in the log from the noted size on, or
 * appends it.
 */
export class RecordingAnchors {
  readonly #inFlight = new Map<string, Promise<void>>();

  constructor(private readonly deps: { db: Kysely<Database>; repository: RecordingRepository; ledger: LedgerPort; now: () => number; log: FastifyBaseLogger }) {}

  /** Read before the caller's transaction: on SQLite the ledger cannot be read inside another one. */
  async ledgerSize(): Promise<number> {
    return (await this.deps.ledger.latestCheckpoint())?.treeSize ?? 0;
  }

  /** Writes the anchor's row inside `trx`; after commit, call log() with the answer. */
  async plan(trx: Transaction<Database>, recording: Pick<RecordingRow, "id" | "uid">, plan: AnchorPlan, ledgerSize: number): Promise<AnchorRow> {
    const last = await this.deps.repository.lastAnchor(recording.id, trx);
    const seq = (last?.seq ?? 0) + 1;
    const time = this.deps.now();
    const { text } = buildRecordingAnchorEntry({ recording: recording.uid, seq, chunks: plan.chunks, durationMs: plan.durationMs, sha256: plan.heads.sha256, sm3: plan.heads.sm3, time, final: plan.final });
    const row: AnchorRow = { recording_id: recording.id, seq, chunks: plan.chunks, duration_ms: plan.durationMs, sha256: plan.heads.sha256, sm3: plan.heads.sm3, time, final: plan.final ? 1 : 0, entry: text, ledger_size_hint: ledgerSize, ledger_index: null };
    await this.deps.repository.insertAnchor(trx, row);
    return row;
  }

  /** Appends a planned anchor in the background; a failure is left for settle(). */
  log(anchor: AnchorRow): Promise<void> {
    const key = keyOf(anchor);
    const earlier = this.#inFlight.get(key);
    if (earlier) return earlier;
    const work = this.deps.ledger
      .append(Buffer.from(anchor.entry, "utf8"))
      .then((receipt) => this.deps.repository.recordLedgerIndex(anchor.recording_id, anchor.seq, receipt.index))
      .catch((error) => this.deps.log.warn({ err: error, recordingId: anchor.recording_id, seq: anchor.seq }, "recording: anchor append failed; it is appended again later"))
      .finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, work);
    return work;
  }

  /**
   * Every anchor without a recorded index (of one recording, or all; `leftBefore`: only those
   * planned before it, as recovery with several processes takes them, server/jobs/recovery-pass.ts):
   * an append under way here is awaited; any other is found in the log or appended. Answers how
   * many of them are still unlogged.
   */
  async settle(recordingId?: number, leftBefore: number | null = null): Promise<number> {
    for (const anchor of await this.deps.repository.unlogged(recordingId, leftBefore)) {
      const running = this.#inFlight.get(keyOf(anchor));
      if (running) {
        await running;
        continue;
      }
      const found = await findLoggedEntry(this.deps.ledger, Buffer.from(anchor.entry, "utf8"), Number(anchor.ledger_size_hint));
      if (found !== null) await this.deps.repository.recordLedgerIndex(anchor.recording_id, anchor.seq, found);
      else await this.log(anchor);
    }
    return (await this.deps.repository.unlogged(recordingId, leftBefore)).length;
  }

  /** Resolves when no append is under way (tests, a graceful close). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight.values()]);
  }
}

const keyOf = (anchor: Pick<AnchorRow, "recording_id" | "seq">) => `${anchor.recording_id}:${anchor.seq}`;
