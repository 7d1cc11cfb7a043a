import type { Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { RecordingKind, RecordingState } from "../../../src/schema/recording.js";
import type { Database, RecordingAnchorsTable, RecordingChunksTable, RecordingsTable } from "../../db/database.js";
import { containsIgnoringCase } from "../../db/contains-ignoring-case.js";
import { durableTransaction } from "../../db/dialect.js";
import { newestFirstPage } from "../../db/newest-first-page.js";

export type RecordingRow = Selectable<RecordingsTable>;
export type RecordingPatch = Updateable<RecordingsTable>;
export type ChunkRow = Selectable<RecordingChunksTable>;
export type AnchorRow = Selectable<RecordingAnchorsTable>;

export type RecordingListOptions = { kind: RecordingKind; keyName?: string; state?: RecordingState; from?: number; to?: number; pageNumber: number; pageSize: number };

/** The recordings, their chunks and their anchors (modules/recording owns all three). */
export class RecordingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(trx: Transaction<Database>, row: Omit<RecordingRow, "id" | "chunk_count" | "bytes" | "duration_ms" | "is_group"> & { is_group: number }): Promise<number> {
    const { id } = await trx.insertInto("recordings").values(row).returning("id").executeTakeFirstOrThrow();
    return id;
  }

  find(id: number, db: Kysely<Database> = this.db): Promise<RecordingRow | undefined> {
    return db.selectFrom("recordings").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The row only if it is the holder's: another holder's recording does not exist for them. */
  findForHolder(userId: number, id: number): Promise<RecordingRow | undefined> {
    return this.db.selectFrom("recordings").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  }

  partsOf(groupId: number, db: Kysely<Database> = this.db): Promise<RecordingRow[]> {
    return db.selectFrom("recordings").selectAll().where("group_id", "=", groupId).orderBy("id").execute();
  }

  /** The holder's recordings of one kind; a mobile array's parts are listed only inside their group. */
  async list(userId: number, options: RecordingListOptions): Promise<{ rows: RecordingRow[]; total: number }> {
    let query = this.db.selectFrom("recordings").where("user_id", "=", userId).where("kind", "=", options.kind).where("group_id", "is", null);
    if (options.keyName) query = query.where(containsIgnoringCase("name", options.keyName));
    if (options.state) query = query.where("state", "=", options.state);
    if (options.from !== undefined) query = query.where("created_at", ">=", options.from);
    if (options.to !== undefined) query = query.where("created_at", "<=", options.to);
    return newestFirstPage(query, (filtered) => filtered.selectAll(), options);
  }

  /** Recordings in `state`: all, or (`before`) only those last changed before that time. */
  inState(state: RecordingState, before: number | null = null): Promise<RecordingRow[]> {
    const query = this.db.selectFrom("recordings").selectAll().where("state", "=", state);
    return (before === null ? query : query.where("updated_at", "<", before)).orderBy("id").execute();
  }

  /**
   * Writes `patch` only while the row is still in state `from` (and, when given, still holds
   * `chunkCount` chunks): answers whether it did, so two writers never both take one edge.
   */
  async updateIn(db: Kysely<Database>, id: number, from: RecordingState, patch: RecordingPatch, chunkCount?: number): Promise<boolean> {
    let query = db.updateTable("recordings").set(patch).where("id", "=", id).where("state", "=", from);
    if (chunkCount !== undefined) query = query.where("chunk_count", "=", chunkCount);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // ---- chunks ----

  insertChunk(trx: Transaction<Database>, row: ChunkRow): Promise<unknown> {
    return trx.insertInto("recording_chunks").values(row).execute();
  }

  chunk(recordingId: number, index: number): Promise<ChunkRow | undefined> {
    return this.db.selectFrom("recording_chunks").selectAll().where("recording_id", "=", recordingId).where("idx", "=", index).executeTakeFirst();
  }

  chunks(recordingId: number): Promise<ChunkRow[]> {
    return this.db.selectFrom("recording_chunks").selectAll().where("recording_id", "=", recordingId).orderBy("idx").execute();
  }

  // ---- scratch files (recording-files.ts) ----

  /** Lists a scratch file on its recording before it is written (a plain commit: a crash of the process keeps it, and nothing waits on it). */
  async listScratch(recordingId: number, scratch: string): Promise<void> {
    await this.db.insertInto("recording_scratch").values({ scratch, recording_id: recordingId, attached_name: null }).execute();
  }

  async unlistScratch(scratch: string): Promise<void> {
    await this.db.deleteFrom("recording_scratch").where("scratch", "=", scratch).execute();
  }

  async scratchOf(recordingId: number): Promise<string[]> {
    return (await this.db.selectFrom("recording_scratch").select("scratch").where("recording_id", "=", recordingId).execute()).map((row) => row.scratch);
  }

  /** The recorders' files of the recording: each name's newest scratch file. */
  async attachedScratch(recordingId: number): Promise<{ name: string; scratch: string }[]> {
    const rows = await this.db.selectFrom("recording_scratch").select(["attached_name", "scratch"]).where("recording_id", "=", recordingId).where("attached_name", "is not", null).execute();
    return rows.map((row) => ({ name: row.attached_name!, scratch: row.scratch }));
  }

  /**
   * Names a stored scratch file as the recorder's file `name`, durably; answers the files it
   * replaces (no longer named), or null when the file is no longer listed (the recording was cleared meanwhile).
   */
  nameAttached(recordingId: number, scratch: string, name: string): Promise<string[] | null> {
    return durableTransaction(this.db, async (trx) => {
      const earlier = (await trx.selectFrom("recording_scratch").select("scratch").where("recording_id", "=", recordingId).where("attached_name", "=", name).execute()).map((row) => row.scratch);
      const named = await trx.updateTable("recording_scratch").set({ attached_name: name }).where("scratch", "=", scratch).executeTakeFirst();
      if (Number(named.numUpdatedRows) === 0) return null;
      if (earlier.length > 0) await trx.updateTable("recording_scratch").set({ attached_name: null }).where("scratch", "in", earlier).execute();
      return earlier;
    });
  }

  /** Recordings sealed or given up that still list scratch files (their process died before clearing them). */
  async endedWithScratch(): Promise<number[]> {
    const rows = await this.db
      .selectFrom("recording_scratch")
      .innerJoin("recordings", "recordings.id", "recording_scratch.recording_id")
      .select("recording_scratch.recording_id")
      .distinct()
      .where("recordings.state", "in", ["sealed", "failed"] satisfies RecordingState[])
      .execute();
    return rows.map((row) => row.recording_id);
  }

  // ---- anchors ----

  insertAnchor(trx: Transaction<Database>, row: AnchorRow): Promise<unknown> {
    return trx.insertInto("recording_anchors").values(row).execute();
  }

  anchors(recordingId: number, db: Kysely<Database> = this.db): Promise<AnchorRow[]> {
    return db.selectFrom("recording_anchors").selectAll().where("recording_id", "=", recordingId).orderBy("seq").execute();
  }

  lastAnchor(recordingId: number, db: Kysely<Database> = this.db): Promise<AnchorRow | undefined> {
    return db.selectFrom("recording_anchors").selectAll().where("recording_id", "=", recordingId).orderBy("seq", "desc").limit(1).executeTakeFirst();
  }

  async anchorCounts(recordingIds: readonly number[]): Promise<Map<number, number>> {
    if (recordingIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("recording_anchors")
      .select(["recording_id", (eb) => eb.fn.countAll<number>().as("count")])
      .where("recording_id", "in", recordingIds)
      .groupBy("recording_id")
      .execute();
    return new Map(rows.map((row) => [row.recording_id, Number(row.count)]));
  }

  /** Anchors planned but not yet recorded as logged, oldest first. */
  /** Anchors without a recorded index: of one recording or all, and (`before`) only those planned before that time. */
  unlogged(recordingId?: number, before: number | null = null): Promise<AnchorRow[]> {
    let query = this.db.selectFrom("recording_anchors").selectAll().where("ledger_index", "is", null);
    if (recordingId !== undefined) query = query.where("recording_id", "=", recordingId);
    if (before !== null) query = query.where("time", "<", before);
    return query.orderBy("recording_id").orderBy("seq").execute();
  }

  async recordLedgerIndex(recordingId: number, seq: number, index: number): Promise<void> {
    await this.db.updateTable("recording_anchors").set({ ledger_index: index }).where("recording_id", "=", recordingId).where("seq", "=", seq).execute();
  }

  /** Recording rows still taking chunks whose newest chunk is not yet anchored. */
  recordingsWithUnanchoredChunks(): Promise<RecordingRow[]> {
    return this.db
      .selectFrom("recordings")
      .selectAll()
      .where("state", "=", "recording")
      .where("chunk_count", ">", 0)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("recording_anchors").select("seq").whereRef("recording_anchors.recording_id", "=", "recordings.id").whereRef("recording_anchors.chunks", "=", "recordings.chunk_count"))),
      )
      .orderBy("id")
      .execute();
  }
}
