import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import { DEFAULT_NOTARIAL_TEMPLATE } from "../../../src/schema/notary-console.js";
import type { Database, NotaryOfficesTable } from "../../db/database.js";

export type NotaryOfficeRow = Selectable<NotaryOfficesTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The notary offices (migration 0029); rows in, rows out. */
export class NotaryOfficeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number, db: Db = this.db): Promise<NotaryOfficeRow | undefined> {
    return db.selectFrom("notary_offices").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByName(name: string, db: Db = this.db): Promise<NotaryOfficeRow | undefined> {
    return db.selectFrom("notary_offices").selectAll().where("name", "=", name).executeTakeFirst();
  }

  /** The office named `name`, made with the default certificate template when there is none (also when another process just made it). */
  async findOrCreate(name: string, now: number, db: Db = this.db): Promise<NotaryOfficeRow> {
    const row: Insertable<NotaryOfficesTable> = {
      name,
      template_title: DEFAULT_NOTARIAL_TEMPLATE.title,
      template_body: DEFAULT_NOTARIAL_TEMPLATE.body,
      template_footer: DEFAULT_NOTARIAL_TEMPLATE.footer,
      created_at: now,
      updated_at: now,
    };
    await db.insertInto("notary_offices").values(row).onConflict((conflict) => conflict.column("name").doNothing()).execute();
    return (await this.findByName(name, db))!;
  }

  /** Offices that take online applications, by name. */
  listAccepting(): Promise<NotaryOfficeRow[]> {
    return this.db.selectFrom("notary_offices").selectAll().where("accepts_applications", "=", 1).orderBy("name").execute();
  }

  async update(trx: Db, id: number, changes: Updateable<NotaryOfficesTable>): Promise<void> {
    await trx.updateTable("notary_offices").set(changes).where("id", "=", id).execute();
  }
}
