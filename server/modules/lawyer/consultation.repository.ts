import { type Insertable, type Kysely, type Selectable, type Transaction } from "kysely";
import type { ConsultationSide, ConsultationState } from "../../../src/schema/lawyer-service.js";
import { containsIgnoringCase } from "../../db/contains-ignoring-case.js";
import type { ConsultationAttachmentsTable, ConsultationEvidenceTable, ConsultationsTable, Database } from "../../db/database.js";

export type ConsultationRow = Selectable<ConsultationsTable>;
export type ConsultationEvidenceRow = Selectable<ConsultationEvidenceTable>;
export type ConsultationMessageRow = Selectable<Database["consultation_messages"]>;
export type ConsultationAttachmentRow = Selectable<ConsultationAttachmentsTable>;
/** A thread as a list shows it: with the messages of the other side its reader has not opened. */
export type ConsultationListRow = ConsultationRow & { unread_count: number; evidence_count: number };
type Db = Kysely<Database> | Transaction<Database>;

/** Each side's columns: who it is, how far it has read, when it was last told of news. */
export const SIDE_COLUMNS = {
  user: { party: "user_id", read: "user_read_id", notified: "user_notified_at" },
  lawyer: { party: "lawyer_id", read: "lawyer_read_id", notified: "lawyer_notified_at" },
} as const;

export const otherSide = (side: ConsultationSide): ConsultationSide => (side === "user" ? "lawyer" : "user");

/** The consultations, their evidence, messages and attachments (migration 0032); rows in, rows out. */
export class ConsultationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(id: number, db: Db = this.db): Promise<ConsultationRow | undefined> {
    return db.selectFrom("consultations").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByRequestKey(userId: number, requestKey: string): Promise<ConsultationRow | undefined> {
    return this.db.selectFrom("consultations").selectAll().where("user_id", "=", userId).where("request_key", "=", requestKey).executeTakeFirst();
  }

  async insert(trx: Db, row: Insertable<ConsultationsTable>): Promise<number> {
    return Number((await trx.insertInto("consultations").values(row).returning("id").executeTakeFirstOrThrow()).id);
  }

  async insertEvidence(trx: Db, rows: Insertable<ConsultationEvidenceTable>[]): Promise<void> {
    if (rows.length > 0) await trx.insertInto("consultation_evidence").values(rows).execute();
  }

  evidenceOf(consultationId: number): Promise<ConsultationEvidenceRow[]> {
    return this.db.selectFrom("consultation_evidence").selectAll().where("consultation_id", "=", consultationId).orderBy("position").execute();
  }

  async insertMessage(trx: Db, row: Insertable<Database["consultation_messages"]>): Promise<number> {
    return Number((await trx.insertInto("consultation_messages").values(row).returning("id").executeTakeFirstOrThrow()).id);
  }

  async insertAttachments(trx: Db, rows: Insertable<ConsultationAttachmentsTable>[]): Promise<void> {
    if (rows.length > 0) await trx.insertInto("consultation_attachments").values(rows).execute();
  }

  findMessage(id: number): Promise<ConsultationMessageRow | undefined> {
    return this.db.selectFrom("consultation_messages").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findMessageByRequestKey(consultationId: number, side: ConsultationSide, requestKey: string): Promise<ConsultationMessageRow | undefined> {
    return this.db
      .selectFrom("consultation_messages")
      .selectAll()
      .where("consultation_id", "=", consultationId)
      .where("side", "=", side)
      .where("request_key", "=", requestKey)
      .executeTakeFirst();
  }

  /** The thread's messages, oldest first, and their attachments. */
  async messagesOf(consultationId: number, messageIds?: readonly number[]): Promise<{ messages: ConsultationMessageRow[]; attachments: ConsultationAttachmentRow[] }> {
    let messages = this.db.selectFrom("consultation_messages").selectAll().where("consultation_id", "=", consultationId);
    let attachments = this.db.selectFrom("consultation_attachments").selectAll().where("consultation_id", "=", consultationId);
    if (messageIds) {
      messages = messages.where("id", "in", [...messageIds]);
      attachments = attachments.where("message_id", "in", [...messageIds]);
    }
    return { messages: await messages.orderBy("id").execute(), attachments: await attachments.orderBy("id").execute() };
  }

  findAttachment(id: number): Promise<ConsultationAttachmentRow | undefined> {
    return this.db.selectFrom("consultation_attachments").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async touch(trx: Db, id: number, time: number): Promise<void> {
    await trx.updateTable("consultations").set({ last_message_at: time }).where("id", "=", id).execute();
  }

  /** Closes an open thread; false when it was no longer open. */
  async close(trx: Db, id: number, summary: string, time: number): Promise<boolean> {
    const closed: ConsultationState = "closed";
    const result = await trx.updateTable("consultations").set({ state: closed, summary, closed_at: time }).where("id", "=", id).where("state", "=", "open").executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The thread's newest message id (0 before any). */
  async newestMessageId(id: number): Promise<number> {
    const row = await this.db.selectFrom("consultation_messages").select((eb) => eb.fn.max("id").as("newest")).where("consultation_id", "=", id).executeTakeFirst();
    return Number(row?.newest ?? 0);
  }

  /** Moves a side's read mark forward to `upTo`, never back. */
  async markRead(id: number, side: ConsultationSide, upTo: number): Promise<void> {
    const column = SIDE_COLUMNS[side].read;
    await this.db.updateTable("consultations").set({ [column]: upTo }).where("id", "=", id).where(column, "<", upTo).execute();
  }

  /** Messages of the other side after `side`'s read mark. */
  async unreadCount(id: number, side: ConsultationSide): Promise<number> {
    const row = await this.db
      .selectFrom("consultations as c")
      .innerJoin("consultation_messages as m", "m.consultation_id", "c.id")
      .select((eb) => eb.fn.countAll<number>().as("unread"))
      .where("c.id", "=", id)
      .where("m.side", "=", otherSide(side))
      .whereRef("m.id", ">", `c.${SIDE_COLUMNS[side].read}` as const)
      .executeTakeFirstOrThrow();
    return Number(row.unread);
  }

  /**
   * Claims the right to notify `side` of news: at most once per `intervalMs` per thread. The claim
   * is the row's update, so two messages at once notify once.
   */
  async claimNotice(trx: Db, id: number, side: ConsultationSide, now: number, intervalMs: number): Promise<boolean> {
    const column = SIDE_COLUMNS[side].notified;
    const result = await trx
      .updateTable("consultations")
      .set({ [column]: now })
      .where("id", "=", id)
      .where((eb) => eb.or([eb(column, "is", null), eb(column, "<=", now - intervalMs)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** One page of a party's threads, the newest news first, with unread and evidence counts. */
  async page(side: ConsultationSide, partyId: number, filter: { keyName?: string; state?: ConsultationState }, paging: { pageNumber: number; pageSize: number }): Promise<{ rows: ConsultationListRow[]; total: number }> {
    const columns = SIDE_COLUMNS[side];
    let filtered = this.db.selectFrom("consultations as c").where(`c.${columns.party}`, "=", partyId);
    if (filter.keyName) filtered = filtered.where(containsIgnoringCase("c.title", filter.keyName));
    if (filter.state) filtered = filtered.where("c.state", "=", filter.state);
    const counted = await filtered.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
    const rows = await filtered
      .selectAll("c")
      .select((eb) => [
        eb
          .selectFrom("consultation_messages as m")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .whereRef("m.consultation_id", "=", "c.id")
          .where("m.side", "=", otherSide(side))
          .whereRef("m.id", ">", `c.${columns.read}` as const)
          .as("unread_count"),
        eb
          .selectFrom("consultation_evidence as e")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .whereRef("e.consultation_id", "=", "c.id")
          .as("evidence_count"),
      ])
      .orderBy("c.last_message_at", "desc")
      .orderBy("c.id", "desc")
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute();
    return {
      rows: rows.map((row) => ({ ...row, unread_count: Number(row.unread_count), evidence_count: Number(row.evidence_count) })) as ConsultationListRow[],
      total: Number(counted.total),
    };
  }
}
