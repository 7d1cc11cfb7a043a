import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, InvoiceAddressesTable, InvoiceTitlesTable } from "../../db/database.js";

export type TitleRow = Selectable<InvoiceTitlesTable>;
export type AddressRow = Selectable<InvoiceAddressesTable>;
type Book = "invoice_titles" | "invoice_addresses";
type TitleFields = Omit<Insertable<InvoiceTitlesTable>, "id" | "user_id" | "created_at" | "updated_at">;
type AddressFields = Omit<Insertable<InvoiceAddressesTable>, "id" | "user_id" | "created_at" | "updated_at">;

/**
 * A customer's invoice titles and mailing addresses. Every query names the owner, so another
 * account's row is simply not found.
 */
export class InvoiceBookRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async page<T extends Book>(table: T, userId: number, limit: number, offset: number) {
    const [rows, count] = await Promise.all([
      this.db.selectFrom(table as Book).selectAll().where("user_id", "=", userId).orderBy("updated_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
      this.count(table, userId),
    ]);
    return { rows: rows as unknown as Selectable<Database[T]>[], total: count };
  }

  async count(table: Book, userId: number): Promise<number> {
    const row = await this.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findTitle(userId: number, id: number): Promise<TitleRow | undefined> {
    return this.db.selectFrom("invoice_titles").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  }

  findAddress(userId: number, id: number): Promise<AddressRow | undefined> {
    return this.db.selectFrom("invoice_addresses").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  }

  async insertTitle(userId: number, fields: TitleFields, now: number): Promise<number> {
    const row = await this.db.insertInto("invoice_titles").values({ ...fields, user_id: userId, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    return row.id;
  }

  async updateTitle(userId: number, id: number, fields: TitleFields, now: number): Promise<boolean> {
    const result = await this.db.updateTable("invoice_titles").set({ ...fields, updated_at: now }).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertAddress(userId: number, fields: AddressFields, now: number): Promise<number> {
    const row = await this.db.insertInto("invoice_addresses").values({ ...fields, user_id: userId, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    return row.id;
  }

  async updateAddress(userId: number, id: number, fields: AddressFields, now: number): Promise<boolean> {
    const result = await this.db.updateTable("invoice_addresses").set({ ...fields, updated_at: now }).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(table: Book, userId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom(table).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
