import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from "kysely";
import { INVOICE_TRANSITIONS, type InvoiceAction, type InvoiceState } from "../../../src/schema/invoice.js";
import type { Database, InvoiceApplicationsTable, InvoiceOrderLinksTable, IssuedInvoicesTable } from "../../db/database.js";

export type ApplicationRow = Selectable<InvoiceApplicationsTable>;
export type OrderLinkRow = Selectable<InvoiceOrderLinksTable>;
export type IssuedInvoiceRow = Selectable<IssuedInvoicesTable>;
export type NewApplicationRow = Omit<Insertable<InvoiceApplicationsTable>, "id">;
export type NewIssuedInvoiceRow = Omit<Insertable<IssuedInvoicesTable>, "id">;

/** The filters of both application lists: the customer's own (userId) and the console's. */
export type ApplicationFilter = { userId?: number; state?: InvoiceState; from?: number; to?: number; titleOrUsers?: { text: string; userIds: number[] } };

/**
 * Applications, their order links and the issued invoices (modules/invoice owns these tables).
 * State changes are conditional updates along src/schema/invoice.ts, so of two racing callers
 * exactly one makes a move; a link holds its order until released, and the unique
 * (payment_order_id, holds) lets only one live link per order exist.
 */
export class InvoiceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertApplication(trx: Kysely<Database>, row: NewApplicationRow, orders: Omit<Insertable<InvoiceOrderLinksTable>, "id" | "application_id" | "holds">[]): Promise<number> {
    const { id } = await trx.insertInto("invoice_applications").values(row).returning("id").executeTakeFirstOrThrow();
    await trx
      .insertInto("invoice_order_links")
      .values(orders.map((order) => ({ ...order, application_id: id, holds: 1 })))
      .execute();
    return id;
  }

  /** The orders this account's live applications hold. */
  async heldOrderIds(userId: number, db: Kysely<Database> = this.db): Promise<Set<number>> {
    const rows = await db
      .selectFrom("invoice_order_links as link")
      .innerJoin("invoice_applications as application", "application.id", "link.application_id")
      .select("link.payment_order_id")
      .where("application.user_id", "=", userId)
      .where("link.holds", "=", 1)
      .execute();
    return new Set(rows.map((row) => row.payment_order_id));
  }

  findApplication(id: number, userId?: number, db: Kysely<Database> = this.db): Promise<ApplicationRow | undefined> {
    let query = db.selectFrom("invoice_applications").selectAll().where("id", "=", id);
    if (userId !== undefined) query = query.where("user_id", "=", userId);
    return query.executeTakeFirst();
  }

  /** A page of applications; the customer's newest first, the console's queue oldest first. */
  async pageApplications(filter: ApplicationFilter, page: { limit: number; offset: number; oldestFirst?: boolean }) {
    let query = this.db.selectFrom("invoice_applications");
    if (filter.userId !== undefined) query = query.where("user_id", "=", filter.userId);
    if (filter.state !== undefined) query = query.where("state", "=", filter.state);
    if (filter.from !== undefined) query = query.where("created_at", ">=", filter.from);
    if (filter.to !== undefined) query = query.where("created_at", "<=", filter.to);
    const keyword = filter.titleOrUsers;
    if (keyword) {
      query = query.where((eb) => {
        const byTitle = sql<boolean>`title_name like ${`%${escapeLike(keyword.text)}%`} escape '\\'`;
        return keyword.userIds.length > 0 ? eb.or([byTitle, eb("user_id", "in", keyword.userIds)]) : byTitle;
      });
    }
    const direction = page.oldestFirst ? "asc" : "desc";
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy("created_at", direction).orderBy("id", direction).limit(page.limit).offset(page.offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async linksOf(applicationIds: readonly number[]): Promise<OrderLinkRow[]> {
    if (applicationIds.length === 0) return [];
    return this.db.selectFrom("invoice_order_links").selectAll().where("application_id", "in", [...applicationIds]).orderBy("paid_at", "desc").orderBy("id").execute();
  }

  /**
   * Makes `action`'s move if the application is still in one of its source states: true when this
   * caller moved it. `set` records what the move brings (decision, reason, times).
   */
  async move(db: Kysely<Database>, id: number, action: InvoiceAction, now: number, set: Updateable<InvoiceApplicationsTable> = {}): Promise<boolean> {
    const { from, to } = INVOICE_TRANSITIONS[action];
    const result = await db
      .updateTable("invoice_applications")
      .set({ ...set, state: to, updated_at: now })
      .where("id", "=", id)
      .where("state", "in", [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Lets the application's orders go: they are invoiceable again. */
  async release(db: Kysely<Database>, applicationId: number): Promise<void> {
    await db.updateTable("invoice_order_links").set({ holds: null }).where("application_id", "=", applicationId).execute();
  }

  /** Applications left in a state only the issuer can end (issuing, reversing) since before `before`. */
  async awaitingIssuer(before: number): Promise<ApplicationRow[]> {
    return this.db.selectFrom("invoice_applications").selectAll().where("state", "in", ["issuing", "reversing"]).where("updated_at", "<", before).orderBy("id").execute();
  }

  // ---- Issued invoices ----

  /** Inserts the invoice unless the application already has one of that direction; null then. */
  async insertInvoice(db: Kysely<Database>, row: NewIssuedInvoiceRow): Promise<number | null> {
    const inserted = await db
      .insertInto("issued_invoices")
      .values(row)
      .onConflict((conflict) => conflict.columns(["application_id", "direction"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    return inserted?.id ?? null;
  }

  invoicesOf(applicationIds: readonly number[]): Promise<IssuedInvoiceRow[]> {
    if (applicationIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom("issued_invoices").selectAll().where("application_id", "in", [...applicationIds]).orderBy("id").execute();
  }

  findInvoice(id: number, userId?: number): Promise<IssuedInvoiceRow | undefined> {
    let query = this.db.selectFrom("issued_invoices").selectAll().where("id", "=", id);
    if (userId !== undefined) query = query.where("user_id", "=", userId);
    return query.executeTakeFirst();
  }

  findInvoiceOf(applicationId: number, direction: "blue" | "red"): Promise<IssuedInvoiceRow | undefined> {
    return this.db.selectFrom("issued_invoices").selectAll().where("application_id", "=", applicationId).where("direction", "=", direction).executeTakeFirst();
  }

  async pageInvoices(userId: number, range: { from?: number; to?: number }, limit: number, offset: number) {
    let query = this.db.selectFrom("issued_invoices").where("user_id", "=", userId);
    if (range.from !== undefined) query = query.where("issued_at", ">=", range.from);
    if (range.to !== undefined) query = query.where("issued_at", "<=", range.to);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy("issued_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async recordLedger(invoiceId: number, receipt: { index: number; blockHeight: number | null }): Promise<void> {
    await this.db.updateTable("issued_invoices").set({ ledger_index: receipt.index, ledger_block: receipt.blockHeight }).where("id", "=", invoiceId).execute();
  }

  /** Invoices whose ledger entry was not recorded, committed before `before` (an append in flight is younger). */
  unlogged(before: number): Promise<IssuedInvoiceRow[]> {
    return this.db.selectFrom("issued_invoices").selectAll().where("ledger_index", "is", null).where("created_at", "<", before).orderBy("id").execute();
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
