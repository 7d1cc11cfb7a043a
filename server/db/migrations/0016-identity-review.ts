import type { Kysely } from "kysely";

const TABLES = ["real_name_applications", "enterprise_applications"] as const;

/**
 * Identity applications are decided by operators in the console (issue 13): each application keeps
 * who decided it (the operator's id, and their account as it was, so the history still names them
 * if the operator is renamed or removed) and what the automatic vendor check said before a person
 * looked at it (outcome passed | failed | unavailable, a note, when). Earlier applications were
 * decided on the development page and keep these columns empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn("decided_by_operator_id", "integer").execute();
    await db.schema.alterTable(table).addColumn("decided_by_account", "varchar(64)").execute();
    await db.schema.alterTable(table).addColumn("check_outcome", "varchar(16)").execute();
    await db.schema.alterTable(table).addColumn("check_note", "varchar(200)").execute();
    await db.schema.alterTable(table).addColumn("checked_at", "bigint").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    for (const column of ["checked_at", "check_note", "check_outcome", "decided_by_account", "decided_by_operator_id"]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
