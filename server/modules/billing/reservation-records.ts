import type { Kysely, Selectable } from "kysely";
import type { Database, MoneyReservationsTable } from "../../db/database.js";

export type ReservationRow = Selectable<MoneyReservationsTable>;

/** Which reservations a list reads: one main account's, of some services, perhaps in some states. */
export type ReservationFilter = { userId: number; services: readonly string[]; states?: readonly string[] };

/**
 * Reads a customer's reservations for the pages that list what they paid for (judicial pay): the
 * billing module owns money_reservations, so other modules read them here, by service name.
 */
export class ReservationRecords {
  constructor(private readonly db: Kysely<Database>) {}

  /** The newest `limit` of the filter's reservations (created_at, then id, descending). */
  async newest(filter: ReservationFilter, limit: number): Promise<ReservationRow[]> {
    if (isEmpty(filter)) return [];
    return this.filtered(filter).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  }

  async count(filter: ReservationFilter): Promise<number> {
    if (isEmpty(filter)) return 0;
    const row = await this.filtered(filter).select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  find(id: number): Promise<ReservationRow | undefined> {
    return this.db.selectFrom("money_reservations").selectAll().where("id", "=", id).executeTakeFirst();
  }

  private filtered(filter: ReservationFilter) {
    const query = this.db.selectFrom("money_reservations").where("user_id", "=", filter.userId).where("service", "in", [...filter.services]);
    return filter.states ? query.where("state", "in", [...filter.states]) : query;
  }
}

/** A filter naming no service (or no state) matches nothing; SQL's `in ()` cannot say so. */
const isEmpty = (filter: ReservationFilter) => filter.services.length === 0 || filter.states?.length === 0;
