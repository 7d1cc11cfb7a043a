import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import { containsIgnoringCase } from "../../db/contains-ignoring-case.js";
import type {
  AppraisalCommissionEventsTable,
  AppraisalCommissionEvidenceTable,
  AppraisalCommissionsTable,
  AppraisalExpertsTable,
  AppraisalInstitutionsTable,
  Database,
} from "../../db/database.js";
import { newestFirstPage } from "../../db/newest-first-page.js";

export type InstitutionRow = Selectable<AppraisalInstitutionsTable>;
export type ExpertRow = Selectable<AppraisalExpertsTable>;
export type CommissionRecordRow = Selectable<AppraisalCommissionsTable>;
export type CommissionEvidenceRow = Selectable<AppraisalCommissionEvidenceTable>;
export type CommissionEventRow = Selectable<AppraisalCommissionEventsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** Which commissions a list shows: an applicant's, or an institution's; with the list's filters. */
export type CommissionScope = ({ userId: number } | { institutionId: number }) & { state?: string; from?: number; to?: number };
export type Paging = { pageNumber: number; pageSize: number };

/** The judicial appraisal tables (migration 0030); rows in, rows out. */
export class AppraisalRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- institutions and experts ----

  findInstitution(id: number, db: Db = this.db): Promise<InstitutionRow | undefined> {
    return db.selectFrom("appraisal_institutions").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findInstitutionByName(name: string, db: Db = this.db): Promise<InstitutionRow | undefined> {
    return db.selectFrom("appraisal_institutions").selectAll().where("name", "=", name).executeTakeFirst();
  }

  acceptingInstitutions(): Promise<InstitutionRow[]> {
    return this.db.selectFrom("appraisal_institutions").selectAll().where("accepts_commissions", "=", 1).orderBy("id").execute();
  }

  institutionPage(keyword: string | undefined, paging: Paging): Promise<{ rows: InstitutionRow[]; total: number }> {
    let query = this.db.selectFrom("appraisal_institutions");
    if (keyword) query = query.where((eb) => eb.or([containsIgnoringCase("name", keyword), containsIgnoringCase("license_no", keyword)]));
    return newestFirstPage(query, (filtered) => filtered.selectAll(), paging);
  }

  async insertInstitution(trx: Db, row: Insertable<AppraisalInstitutionsTable>): Promise<number> {
    const inserted = await trx.insertInto("appraisal_institutions").values(row).returning("id").executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async updateInstitution(trx: Db, id: number, changes: Updateable<AppraisalInstitutionsTable>): Promise<void> {
    await trx.updateTable("appraisal_institutions").set(changes).where("id", "=", id).execute();
  }

  findExpert(userId: number, db: Db = this.db): Promise<ExpertRow | undefined> {
    return db.selectFrom("appraisal_experts").selectAll().where("user_id", "=", userId).executeTakeFirst();
  }

  expertsOf(institutionId: number, db: Db = this.db): Promise<ExpertRow[]> {
    return db.selectFrom("appraisal_experts").selectAll().where("institution_id", "=", institutionId).orderBy("created_at").orderBy("user_id").execute();
  }

  async expertCounts(institutionIds: readonly number[]): Promise<Map<number, number>> {
    if (institutionIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("appraisal_experts")
      .select(["institution_id", (eb) => eb.fn.countAll<string>().as("count")])
      .where("institution_id", "in", [...institutionIds])
      .groupBy("institution_id")
      .execute();
    return new Map(rows.map((row) => [Number(row.institution_id), Number(row.count)]));
  }

  async insertExpert(trx: Db, row: Insertable<AppraisalExpertsTable>): Promise<void> {
    await trx.insertInto("appraisal_experts").values(row).execute();
  }

  async deleteExpert(trx: Db, institutionId: number, userId: number): Promise<boolean> {
    const result = await trx.deleteFrom("appraisal_experts").where("institution_id", "=", institutionId).where("user_id", "=", userId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  // ---- commissions ----

  findCommission(id: number, db: Db = this.db): Promise<CommissionRecordRow | undefined> {
    return db.selectFrom("appraisal_commissions").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findCommissionByNo(commissionNo: string, db: Db = this.db): Promise<CommissionRecordRow | undefined> {
    return db.selectFrom("appraisal_commissions").selectAll().where("commission_no", "=", commissionNo).executeTakeFirst();
  }

  commissionPage(scope: CommissionScope, paging: Paging): Promise<{ rows: CommissionRecordRow[]; total: number }> {
    let query = this.db.selectFrom("appraisal_commissions");
    query = "userId" in scope ? query.where("user_id", "=", scope.userId) : query.where("institution_id", "=", scope.institutionId);
    if (scope.state) query = query.where("state", "=", scope.state);
    if (scope.from !== undefined) query = query.where("created_at", ">=", scope.from);
    if (scope.to !== undefined) query = query.where("created_at", "<=", scope.to);
    return newestFirstPage(query, (filtered) => filtered.selectAll(), paging);
  }

  async insertCommission(trx: Db, row: Insertable<AppraisalCommissionsTable>): Promise<number> {
    const inserted = await trx.insertInto("appraisal_commissions").values(row).returning("id").executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  /** Writes `changes` only if the commission is still in `from`; answers whether it was. */
  async updateCommissionIn(trx: Db, id: number, from: string, changes: Updateable<AppraisalCommissionsTable>): Promise<boolean> {
    const result = await trx.updateTable("appraisal_commissions").set(changes).where("id", "=", id).where("state", "=", from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Commissions whose opinion was written but not yet stored as evidence (a process died in between): all, or those written before `before`. */
  pendingOpinions(before: number | null): Promise<CommissionRecordRow[]> {
    const query = this.db.selectFrom("appraisal_commissions").selectAll().where("state", "=", "inProgress").where("opinion_certificate_no", "is not", null);
    return (before === null ? query : query.where("updated_at", "<", before)).orderBy("id").execute();
  }

  async insertEvidence(trx: Db, rows: Insertable<AppraisalCommissionEvidenceTable>[]): Promise<void> {
    if (rows.length > 0) await trx.insertInto("appraisal_commission_evidence").values(rows).execute();
  }

  evidenceOf(commissionId: number): Promise<CommissionEvidenceRow[]> {
    return this.db.selectFrom("appraisal_commission_evidence").selectAll().where("commission_id", "=", commissionId).orderBy("position").execute();
  }

  findEvidence(commissionId: number, evidenceId: number): Promise<CommissionEvidenceRow | undefined> {
    return this.db.selectFrom("appraisal_commission_evidence").selectAll().where("commission_id", "=", commissionId).where("evidence_id", "=", evidenceId).executeTakeFirst();
  }

  async insertEvent(trx: Db, row: Insertable<AppraisalCommissionEventsTable>): Promise<void> {
    await trx.insertInto("appraisal_commission_events").values(row).execute();
  }

  eventsOf(commissionId: number): Promise<CommissionEventRow[]> {
    return this.db.selectFrom("appraisal_commission_events").selectAll().where("commission_id", "=", commissionId).orderBy("id").execute();
  }
}
