import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, DappsTable } from "../../db/database.js";

export type DappRow = Selectable<DappsTable>;

export class DappRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listAll(): Promise<DappRow[]> {
    return this.db.selectFrom("dapps").selectAll().orderBy("category").orderBy("sort_order").orderBy("id").execute();
  }

  async insertMany(rows: Insertable<DappsTable>[]): Promise<void> {
    if (rows.length) await this.db.insertInto("dapps").values(rows).execute();
  }
}
