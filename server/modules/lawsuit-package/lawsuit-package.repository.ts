import type { Kysely, Selectable } from "kysely";
import type { Database, LawsuitPackageTicketsTable } from "../../db/database.js";

export type PackageTicketRow = Selectable<LawsuitPackageTicketsTable>;

/** The only code that touches lawsuit_package_tickets and lawsuit_package_attempts (migration 0036). */
export class LawsuitPackageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records one holder check from an address and answers how many it made since `since`, this one included. */
  async countAttempt(addressHash: string, at: number, since: number): Promise<{ id: number; count: number }> {
    const { id } = await this.db.insertInto("lawsuit_package_attempts").values({ address_hash: addressHash, attempted_at: at, passed: 0 }).returning("id").executeTakeFirstOrThrow();
    const row = await this.db
      .selectFrom("lawsuit_package_attempts")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("address_hash", "=", addressHash)
      .where("attempted_at", ">", since)
      .executeTakeFirstOrThrow();
    return { id: Number(id), count: Number(row.count) };
  }

  async markPassed(id: number): Promise<void> {
    await this.db.updateTable("lawsuit_package_attempts").set({ passed: 1 }).where("id", "=", id).execute();
  }

  async insertTicket(row: PackageTicketRow): Promise<void> {
    await this.db.insertInto("lawsuit_package_tickets").values(row).execute();
  }

  /** The package's size once it is built (the ticket is written before, with 0). */
  async setTicketBytes(ticketHash: string, bytes: number): Promise<void> {
    await this.db.updateTable("lawsuit_package_tickets").set({ bytes }).where("ticket_hash", "=", ticketHash).execute();
  }

  async findTicket(ticketHash: string): Promise<PackageTicketRow | undefined> {
    return this.db.selectFrom("lawsuit_package_tickets").selectAll().where("ticket_hash", "=", ticketHash).executeTakeFirst();
  }

  /** Tickets expired by `now`, to remove with their packages. */
  async expiredTickets(now: number): Promise<string[]> {
    return (await this.db.selectFrom("lawsuit_package_tickets").select("ticket_hash").where("expires_at", "<=", now).execute()).map((row) => row.ticket_hash);
  }

  async deleteTicket(ticketHash: string): Promise<void> {
    await this.db.deleteFrom("lawsuit_package_tickets").where("ticket_hash", "=", ticketHash).execute();
  }

  async deleteAttemptsBefore(time: number): Promise<void> {
    await this.db.deleteFrom("lawsuit_package_attempts").where("attempted_at", "<=", time).execute();
  }
}
