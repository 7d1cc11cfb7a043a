import type { Kysely, Selectable } from "kysely";
import type { Database, OutboxMessagesTable } from "../../db/database.js";

export type OutboxMessage = Selectable<OutboxMessagesTable>;

export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(message: Omit<OutboxMessage, "id">): Promise<void> {
    await this.db.insertInto("outbox_messages").values(message).execute();
  }

  async listNewest(limit: number, recipient?: string): Promise<OutboxMessage[]> {
    let query = this.db.selectFrom("outbox_messages").selectAll().orderBy("id", "desc").limit(limit);
    if (recipient) query = query.where("recipient", "=", recipient);
    return query.execute();
  }
}
