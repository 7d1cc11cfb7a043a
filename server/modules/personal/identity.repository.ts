import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Database, EnterpriseApplicationsTable, RealNameApplicationsTable } from "../../db/database.js";

export type RealNameApplicationRow = Selectable<RealNameApplicationsTable>;
export type EnterpriseApplicationRow = Selectable<EnterpriseApplicationsTable>;
export type ApplicationKind = "person" | "organisation";
export type ApplicationRow = RealNameApplicationRow | EnterpriseApplicationRow;

const TABLES = { person: "real_name_applications", organisation: "enterprise_applications" } as const;
/** Where each kind keeps its subject (who is verified) and its registration number. */
const SUBJECT_COLUMNS = {
  person: { name: "real_name", number: "id_number" },
  organisation: { name: "enterprise_name", number: "certificate_number" },
} as const;

/** What both kinds share, for lists across them: the subject is the real name or the enterprise name. */
export type ApplicationSummaryRow = {
  kind: ApplicationKind;
  id: number;
  user_id: number;
  subject_name: string;
  /** A person's full ID number or an organisation's registration number: callers mask the former. */
  certificate_number: string;
  status: number;
  reject_reason: string | null;
  submitted_at: number;
  decided_at: number | null;
  decided_by_account: string | null;
  check_outcome: RealNameApplicationRow["check_outcome"];
};

export type ApplicationFilter = {
  kind?: ApplicationKind;
  status: number;
  /** Part of the real or enterprise name or of the registration number, a whole ID number, or one of `userIds`. */
  keyword?: string;
  /** Accounts the keyword names (matched by the account module). */
  userIds?: readonly number[];
  /** Submission time bounds, inclusive. */
  from?: number;
  to?: number;
};

export type ApplicationCheck = { outcome: NonNullable<RealNameApplicationRow["check_outcome"]>; note: string; at: number };
export type DeciderRef = { operatorId: number; account: string };

/**
 * Verification applications of both kinds; the newest application of a user is the one that counts.
 * The writes take the transaction they belong to: an application and the account's status mirror
 * (the account module's) commit together, and so does the console's audit record of a decision.
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

  /** A user's newest application of a kind submitted at or before `time`, with its decision. */
  async newestSubmittedBy(kind: ApplicationKind, userId: number, time: number): Promise<Pick<ApplicationRow, "id" | "status" | "decided_at"> | undefined> {
    return this.db
      .selectFrom(TABLES[kind])
      .select(["id", "status", "decided_at"])
      .where("user_id", "=", userId)
      .where("submitted_at", "<=", time)
      .orderBy("id", "desc")
      .executeTakeFirst();
  }

  async findOrganisation(id: number): Promise<EnterpriseApplicationRow | undefined> {
    return this.db.selectFrom("enterprise_applications").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** One application of either kind, read inside `trx` when given (SQLite has one connection: a read beside an open transaction would wait for it). */
  find(kind: ApplicationKind, id: number, trx: Kysely<Database> = this.db): Promise<ApplicationRow | undefined> {
    return trx.selectFrom(TABLES[kind]).selectAll().where("id", "=", id).executeTakeFirst() as Promise<ApplicationRow | undefined>;
  }

  /** Every application of a user of one kind, oldest first. */
  async applicationsOf(kind: ApplicationKind, userId: number): Promise<ApplicationSummaryRow[]> {
    return this.summaries(kind, { status: 0 }, userId).orderBy("id").execute();
  }

  /**
   * One page of applications of both kinds (or one), with the total: pending ones oldest first
   * (the queue), decided ones newest decision first.
   */
  async listApplications(filter: ApplicationFilter, page: { limit: number; offset: number }): Promise<{ rows: ApplicationSummaryRow[]; total: number }> {
    const kinds: ApplicationKind[] = filter.kind ? [filter.kind] : ["person", "organisation"];
    const branches = kinds.map((kind) => this.summaries(kind, filter));
    const all = branches.slice(1).reduce((union, branch) => union.unionAll(branch), branches[0]).as("a");
    const counted = await this.db.selectFrom(all).select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
    const isQueue = filter.status === 1;
    const rows = await this.db
      .selectFrom(all)
      .selectAll()
      .orderBy(isQueue ? "submitted_at" : "decided_at", isQueue ? "asc" : "desc")
      .orderBy("kind")
      .orderBy("id", isQueue ? "asc" : "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows: rows as ApplicationSummaryRow[], total: Number(counted.total) };
  }

  /**
   * Records the vendor check's answer on an application (after it is stored: a slow vendor must not
   * hold the submission's transaction open).
   */
  async recordCheck(kind: ApplicationKind, id: number, check: ApplicationCheck): Promise<void> {
    await this.db
      .updateTable(TABLES[kind])
      .set({ check_outcome: check.outcome, check_note: check.note, checked_at: check.at })
      .where("id", "=", id)
      .execute();
  }

  /**
   * Records a decision on a pending application only: false when it was decided meanwhile, so two
   * operators cannot both decide it.
   */
  async decide(
    trx: Transaction<Database>,
    kind: ApplicationKind,
    id: number,
    decision: { status: number; rejectReason: string | null; at: number; decidedBy: DeciderRef | null },
  ): Promise<boolean> {
    const result = await trx
      .updateTable(TABLES[kind])
      .set({
        status: decision.status,
        reject_reason: decision.rejectReason,
        decided_at: decision.at,
        decided_by_operator_id: decision.decidedBy?.operatorId ?? null,
        decided_by_account: decision.decidedBy?.account ?? null,
      })
      .where("id", "=", id)
      .where("status", "=", 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** One kind's applications in the shared shape, filtered; status 0 means any status. */
  private summaries(kind: ApplicationKind, filter: Omit<ApplicationFilter, "kind">, userId?: number) {
    const columns = SUBJECT_COLUMNS[kind];
    let query = this.db.selectFrom(TABLES[kind]).select([
      sql.lit(kind).$castTo<ApplicationKind>().as("kind"),
      "id",
      "user_id",
      sql.ref<string>(columns.name).as("subject_name"),
      sql.ref<string>(columns.number).as("certificate_number"),
      "status",
      "reject_reason",
      "submitted_at",
      "decided_at",
      "decided_by_account",
      "check_outcome",
    ]);
    if (userId !== undefined) query = query.where("user_id", "=", userId);
    if (filter.status !== 0) query = query.where("status", "=", filter.status);
    if (filter.from !== undefined) query = query.where("submitted_at", ">=", filter.from);
    if (filter.to !== undefined) query = query.where("submitted_at", "<=", filter.to);
    const { keyword, userIds = [] } = filter;
    if (keyword) {
      // LIKE with our own escape character, the same on SQLite and PostgreSQL.
      const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`lower(${sql.ref(columns.name)}) like ${pattern} escape '\\'`,
          // A person's ID number only whole: the list must not help anyone guess one digit by digit.
          kind === "person" ? eb(sql.ref("id_number"), "=", keyword.toUpperCase()) : sql<boolean>`lower(certificate_number) like ${pattern} escape '\\'`,
          ...(userIds.length > 0 ? [eb("user_id", "in", [...userIds])] : []),
        ]),
      );
    }
    return query;
  }
}
