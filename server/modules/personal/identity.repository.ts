import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { Database, EnterpriseApplicationsTable, RealNameApplicationsTable } from "../../db/database.js";

export type RealNameApplicationRow = Selectable<RealNameApplicationsTable>;
export type EnterpriseApplicationRow = Selectable<EnterpriseApplicationsTable>;
export type ApplicationKind = "person" | "organisation";

const TABLES = { person: "real_name_applications", organisation: "enterprise_applications" } as const;

/**
 * Verification applications of both kinds; the newest application of a user is the one that counts.
 * The writes take the transaction they belong to: an application and the account's status mirror
 * (the account module's) commit together.
 */
export class IdentityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async insertPerson(trx: Transaction<Database>, row: Insertable<RealNameApplicationsTable>): Promise<RealNameApplicationRow> {
    return trx.insertInto("real_name_applications").values(row).returningAll().executeTakeFirstOrThrow();
  }

  async insertOrganisation(trx: Transaction<Database>, row: Insertable<EnterpriseApplicationsTable>): Promise<EnterpriseApplicationRow> {
    return trx.insertInto("enterprise_applications").values(row).returningAll().executeTakeFirstOrThrow();
  }

  async newestPersonOf(userId: number): Promise<RealNameApplicationRow | undefined> {
    return this.db.selectFrom("real_name_applications").selectAll().where("user_id", "=", userId).orderBy("id", "desc").executeTakeFirst();
  }

  async newestOrganisationOf(userId: number): Promise<EnterpriseApplicationRow | undefined> {
    return this.db.selectFrom("enterprise_applications").selectAll().where("user_id", "=", userId).orderBy("id", "desc").executeTakeFirst();
  }

  /** The id of a user's newest application of a kind, read in the deciding transaction. */
  async newestIdOf(trx: Transaction<Database>, kind: ApplicationKind, userId: number): Promise<number | undefined> {
    const row = await trx.selectFrom(TABLES[kind]).select("id").where("user_id", "=", userId).orderBy("id", "desc").executeTakeFirst();
    return row?.id;
  }

  async findPerson(id: number): Promise<RealNameApplicationRow | undefined> {
    return this.db.selectFrom("real_name_applications").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async findOrganisation(id: number): Promise<EnterpriseApplicationRow | undefined> {
    return this.db.selectFrom("enterprise_applications").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async listPendingPersons(limit: number): Promise<RealNameApplicationRow[]> {
    return this.db.selectFrom("real_name_applications").selectAll().where("status", "=", 1).orderBy("id").limit(limit).execute();
  }

  async listPendingOrganisations(limit: number): Promise<EnterpriseApplicationRow[]> {
    return this.db.selectFrom("enterprise_applications").selectAll().where("status", "=", 1).orderBy("id").limit(limit).execute();
  }

  /**
   * Records a decision on a pending application only: false when it was decided meanwhile, so two
   * operators (or a provider and an operator) cannot both decide it.
   */
  async decide(trx: Transaction<Database>, kind: ApplicationKind, id: number, status: number, rejectReason: string | null, at: number): Promise<boolean> {
    const result = await trx
      .updateTable(TABLES[kind])
      .set({ status, reject_reason: rejectReason, decided_at: at })
      .where("id", "=", id)
      .where("status", "=", 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
