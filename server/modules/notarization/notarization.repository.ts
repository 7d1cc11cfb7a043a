import type { ExpressionBuilder, Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import { containsIgnoringCase } from "../../db/contains-ignoring-case.js";
import type {
  Database,
  NotarialCertificatesTable,
  NotarizationApplicationsTable,
  NotarizationEventsTable,
  NotarizationEvidenceTable,
  NotarizationMaterialsTable,
} from "../../db/database.js";
import { newestFirstPage } from "../../db/newest-first-page.js";

export type ApplicationRow = Selectable<NotarizationApplicationsTable>;
export type CoveredEvidenceRow = Selectable<NotarizationEvidenceTable>;
export type EventRow = Selectable<NotarizationEventsTable>;
export type MaterialRow = Selectable<NotarizationMaterialsTable>;
export type CertificateRow = Selectable<NotarialCertificatesTable>;
/** A list row: the application with its office's name and how much evidence it covers. */
export type ApplicationListRow = ApplicationRow & { office_name: string; evidence_count: number };
/** An issued certificate in its office's register. */
export type IssuedRow = CertificateRow & { application_no: string; applicant_name: string | null; evidence_count: number; ledger_index: number | null };

type Db = Kysely<Database> | Transaction<Database>;
type Page = { pageNumber: number; pageSize: number };
export type ApplicationFilter = { userId?: number; officeId?: number; state?: string; submittedOnly?: boolean; applicant?: string; from?: number; to?: number; timeColumn: "created_at" | "submitted_at" };

/** The notarisation tables (migration 0029); rows in, rows out. */
export class NotarizationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- applications ----

  async insertApplication(trx: Db, row: Insertable<NotarizationApplicationsTable>): Promise<number> {
    return (await trx.insertInto("notarization_applications").values(row).returning("id").executeTakeFirstOrThrow()).id;
  }

  findApplication(id: number, db: Db = this.db): Promise<ApplicationRow | undefined> {
    return db.selectFrom("notarization_applications").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async updateApplication(trx: Db, id: number, changes: Updateable<NotarizationApplicationsTable>): Promise<void> {
    await trx.updateTable("notarization_applications").set(changes).where("id", "=", id).execute();
  }

  /** Written only while the application is still in `from`; answers whether it was (the machine's edge applies once). */
  async moveState(trx: Db, id: number, from: string, changes: Updateable<NotarizationApplicationsTable>): Promise<boolean> {
    const result = await trx.updateTable("notarization_applications").set(changes).where("id", "=", id).where("state", "=", from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  list(filter: ApplicationFilter, page: Page): Promise<{ rows: ApplicationListRow[]; total: number }> {
    let query = this.db.selectFrom("notarization_applications");
    if (filter.userId !== undefined) query = query.where("user_id", "=", filter.userId);
    if (filter.officeId !== undefined) query = query.where("office_id", "=", filter.officeId);
    if (filter.submittedOnly) query = query.where("state", "!=", "draft");
    if (filter.state) query = query.where("state", "=", filter.state);
    if (filter.applicant) query = query.where(containsIgnoringCase("applicant_name", filter.applicant));
    if (filter.from !== undefined) query = query.where(filter.timeColumn, ">=", filter.from);
    if (filter.to !== undefined) query = query.where(filter.timeColumn, "<=", filter.to);
    return newestFirstPage(
      query,
      (filtered) =>
        filtered.selectAll("notarization_applications").select((eb) => [
          eb.selectFrom("notary_offices").select("name").whereRef("notary_offices.id", "=", "notarization_applications.office_id").$asScalar().$notNull().as("office_name"),
          eb.selectFrom("notarization_evidence").select((count) => count.fn.countAll<number>().as("n")).whereRef("notarization_evidence.application_id", "=", "notarization_applications.id").$asScalar().$notNull().as("evidence_count"),
        ]),
      page,
    );
  }

  // ---- covered evidence ----

  /** Replaces what the application covers (a draft saved again, or frozen at submission). */
  async replaceEvidence(trx: Db, applicationId: number, rows: readonly Omit<CoveredEvidenceRow, "application_id" | "position">[]): Promise<void> {
    await trx.deleteFrom("notarization_evidence").where("application_id", "=", applicationId).execute();
    if (rows.length === 0) return;
    await trx
      .insertInto("notarization_evidence")
      .values(rows.map((row, position) => ({ ...row, application_id: applicationId, position })))
      .execute();
  }

  evidenceOf(applicationId: number): Promise<CoveredEvidenceRow[]> {
    return this.db.selectFrom("notarization_evidence").selectAll().where("application_id", "=", applicationId).orderBy("position").execute();
  }

  // ---- events ----

  async lastSeq(trx: Db, applicationId: number): Promise<number> {
    const row = await trx.selectFrom("notarization_events").select((eb) => eb.fn.max("seq").as("seq")).where("application_id", "=", applicationId).executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  async insertEvent(trx: Db, row: Insertable<NotarizationEventsTable>): Promise<EventRow> {
    return trx.insertInto("notarization_events").values(row).returningAll().executeTakeFirstOrThrow();
  }

  eventsOf(applicationId: number): Promise<EventRow[]> {
    return this.db.selectFrom("notarization_events").selectAll().where("application_id", "=", applicationId).orderBy("seq").execute();
  }

  /** Events whose entry has no index yet: all, or those written before `before`. */
  unloggedEvents(before: number | null): Promise<EventRow[]> {
    const query = this.db.selectFrom("notarization_events").selectAll().where("ledger_index", "is", null);
    return (before === null ? query : query.where("created_at", "<", before)).orderBy("id").execute();
  }

  async recordLedgerIndex(eventId: number, index: number): Promise<void> {
    await this.db.updateTable("notarization_events").set({ ledger_index: index }).where("id", "=", eventId).execute();
  }

  // ---- materials ----

  async insertMaterials(trx: Db, rows: readonly Insertable<NotarizationMaterialsTable>[]): Promise<void> {
    if (rows.length > 0) await trx.insertInto("notarization_materials").values([...rows]).execute();
  }

  materialsOf(applicationId: number): Promise<MaterialRow[]> {
    return this.db.selectFrom("notarization_materials").selectAll().where("application_id", "=", applicationId).orderBy("id").execute();
  }

  // ---- certificates ----

  async insertCertificate(trx: Db, row: Insertable<NotarialCertificatesTable>): Promise<void> {
    await trx.insertInto("notarial_certificates").values(row).execute();
  }

  /** An application's certificate with the ledger index of its issue entry. */
  certificateOf(applicationId: number): Promise<(CertificateRow & { ledger_index: number | null }) | undefined> {
    return this.certificates().where("notarial_certificates.application_id", "=", applicationId).executeTakeFirst();
  }

  certificateByNo(certificateNo: string): Promise<(CertificateRow & { ledger_index: number | null }) | undefined> {
    return this.certificates().where("notarial_certificates.certificate_no", "=", certificateNo).executeTakeFirst();
  }

  /** An office's register of issued certificates, newest first. */
  async issued(officeId: number, filter: { certificateNo?: string; applicant?: string; from?: number; to?: number }, page: Page): Promise<{ rows: IssuedRow[]; total: number }> {
    let query = this.db
      .selectFrom("notarial_certificates")
      .innerJoin("notarization_applications", "notarization_applications.id", "notarial_certificates.application_id")
      .where("notarial_certificates.office_id", "=", officeId);
    if (filter.certificateNo) query = query.where(containsIgnoringCase("notarial_certificates.certificate_no", filter.certificateNo));
    if (filter.applicant) query = query.where(containsIgnoringCase("notarization_applications.applicant_name", filter.applicant));
    if (filter.from !== undefined) query = query.where("notarial_certificates.issued_at", ">=", filter.from);
    if (filter.to !== undefined) query = query.where("notarial_certificates.issued_at", "<=", filter.to);
    const counted = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll("notarial_certificates")
      .select((eb) => [
        "notarization_applications.application_no",
        "notarization_applications.applicant_name",
        eb.selectFrom("notarization_evidence").select((count) => count.fn.countAll<number>().as("n")).whereRef("notarization_evidence.application_id", "=", "notarial_certificates.application_id").$asScalar().$notNull().as("evidence_count"),
        this.issueIndex(eb).as("ledger_index"),
      ])
      .orderBy("notarial_certificates.issued_at", "desc")
      .orderBy("notarial_certificates.id", "desc")
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize)
      .execute();
    return { rows: rows as IssuedRow[], total: Number(counted.total) };
  }

  private certificates() {
    return this.db.selectFrom("notarial_certificates").selectAll("notarial_certificates").select((eb) => this.issueIndex(eb).as("ledger_index"));
  }

  /** The certificate's ledger index is its issue event's: one fact, kept on the event. */
  private issueIndex(eb: ExpressionBuilder<Database, "notarial_certificates">) {
    return eb
      .selectFrom("notarization_events")
      .select("notarization_events.ledger_index")
      .whereRef("notarization_events.application_id", "=", "notarial_certificates.application_id")
      .where("notarization_events.action", "=", "issue")
      .$asScalar();
  }
}
