import type { Kysely } from "kysely";
import { binaryColumnType } from "../dialect.js";

/**
 * What the chain module (modules/chain) learns about each ledger checkpoint from outside parties:
 *
 * - ledger_witnesses: one row per configured witness, its verifier key, the largest checkpoint size
 *   it has cosigned for us, and whether the last contact succeeded (the node list's status).
 * - ledger_cosignatures: the cosignature line (C2SP tlog-cosignature) a witness returned for the
 *   checkpoint of `tree_size`, verified with the witness's key before it was stored.
 * - ledger_timestamps: the RFC 3161 timestamp token a TSA issued over the checkpoint's root hash,
 *   checked (status, imprint, nonce, signature) before it was stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ledger_witnesses")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("verifier_key", "text", (c) => c.notNull())
    .addColumn("cosigned_size", "bigint")
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("ledger_cosignatures")
    .addColumn("tree_size", "bigint", (c) => c.notNull())
    .addColumn("witness_name", "text", (c) => c.notNull())
    .addColumn("line", "text", (c) => c.notNull())
    .addColumn("cosigned_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("ledger_cosignatures_pk", ["tree_size", "witness_name"])
    .execute();
  await db.schema
    .createTable("ledger_timestamps")
    .addColumn("tree_size", "bigint", (c) => c.primaryKey())
    .addColumn("root_hash", "text", (c) => c.notNull())
    .addColumn("tsa_url", "text", (c) => c.notNull())
    .addColumn("token", binaryColumnType(db), (c) => c.notNull())
    .addColumn("gen_time", "bigint", (c) => c.notNull())
    .addColumn("serial_number", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["ledger_timestamps", "ledger_cosignatures", "ledger_witnesses"]) {
    await db.schema.dropTable(table).execute();
  }
}
