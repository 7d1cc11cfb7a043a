import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { Database, LegalConversationsTable, LegalMessagesTable } from "../../db/database.js";

export type ConversationRow = Selectable<LegalConversationsTable>;
export type MessageRow = Selectable<LegalMessagesTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The legal assistant's tables (migration 0037); rows in, rows out. */
export class LegalAiRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async countQuestionsSince(trx: Db, userId: number, since: number): Promise<number> {
    const row = await trx.selectFrom("legal_questions").select((eb) => eb.fn.countAll().as("count")).where("user_id", "=", userId).where("asked_at", ">", since).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async recordQuestion(trx: Db, userId: number, askedAt: number): Promise<void> {
    await trx.insertInto("legal_questions").values({ user_id: userId, asked_at: askedAt }).execute();
  }

  /** The user's own conversation; undefined for anyone else's. */
  findOwn(userId: number, uid: string, db: Db = this.db): Promise<ConversationRow | undefined> {
    return db.selectFrom("legal_conversations").selectAll().where("uid", "=", uid).where("user_id", "=", userId).executeTakeFirst();
  }

  findByShareHash(shareHash: string): Promise<ConversationRow | undefined> {
    return this.db.selectFrom("legal_conversations").selectAll().where("share_hash", "=", shareHash).executeTakeFirst();
  }

  async insertConversation(trx: Db, row: Insertable<LegalConversationsTable>): Promise<number> {
    const inserted = await trx.insertInto("legal_conversations").values(row).returning("id").executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async touch(trx: Db, id: number, at: number): Promise<void> {
    await trx.updateTable("legal_conversations").set({ updated_at: at }).where("id", "=", id).execute();
  }

  async setShare(id: number, share: { hash: string; at: number } | null): Promise<void> {
    await this.db.updateTable("legal_conversations").set({ share_hash: share?.hash ?? null, shared_at: share?.at ?? null }).where("id", "=", id).execute();
  }

  async insertMessage(trx: Db, row: Insertable<LegalMessagesTable>): Promise<number> {
    const inserted = await trx.insertInto("legal_messages").values(row).returning("id").executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async deleteMessage(trx: Db, id: number): Promise<void> {
    await trx.deleteFrom("legal_messages").where("id", "=", id).execute();
  }

  messages(conversationId: number, db: Db = this.db): Promise<MessageRow[]> {
    return db.selectFrom("legal_messages").selectAll().where("conversation_id", "=", conversationId).orderBy("id").execute();
  }

  async countMessages(conversationId: number, db: Db = this.db): Promise<number> {
    const row = await db.selectFrom("legal_messages").select((eb) => eb.fn.countAll().as("count")).where("conversation_id", "=", conversationId).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Deletes a conversation with its messages (the question rows stay: they count toward the hourly limit). */
  async deleteConversation(trx: Db, id: number): Promise<void> {
    await trx.deleteFrom("legal_messages").where("conversation_id", "=", id).execute();
    await trx.deleteFrom("legal_conversations").where("id", "=", id).execute();
  }

  /** One page of the user's conversations, the latest active first, with their message counts. */
  async page(userId: number, paging: { pageNumber: number; pageSize: number }): Promise<{ rows: (ConversationRow & { message_count: number })[]; total: number }> {
    const counted = await this.db.selectFrom("legal_conversations").select((eb) => eb.fn.countAll().as("count")).where("user_id", "=", userId).executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom("legal_conversations")
      .selectAll("legal_conversations")
      .select((eb) => eb.selectFrom("legal_messages").select((inner) => inner.fn.countAll().as("n")).whereRef("legal_messages.conversation_id", "=", "legal_conversations.id").as("message_count"))
      .where("user_id", "=", userId)
      .orderBy("updated_at", "desc")
      .orderBy("id", "desc")
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute();
    return { rows: rows.map((row) => ({ ...row, message_count: Number(row.message_count) })), total: Number(counted.count) };
  }
}
