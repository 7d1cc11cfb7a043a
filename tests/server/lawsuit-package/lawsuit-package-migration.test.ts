import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/database.js";
import { down, up } from "../../../server/db/migrations/0040-lawsuit-package-jobs.js";
import { PackageJobsRepository } from "../../../server/modules/evidence-library/package-jobs.repository.js";
import { createTestDatabase, type TestDatabase } from "../support/test-database.js";

/**
 * Migration 0040 on an installation with live litigation tickets: each becomes a packaging job of
 * kind "lawsuit" under the same hash (so its link and its scratch file keep working until they
 * expire), ready if its package was written and failed if not; evidence packages stay evidence.
 */
describe("migration 0040 (litigation packages as packaging jobs)", () => {
  let database: TestDatabase;
  const createdAt = Date.UTC(2026, 10, 25, 9);
  const written = "a".repeat(64);
  const unfinished = "b".repeat(64);

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.handle.db as unknown as Kysely<any>;
    await down(db);
    await db
      .insertInto("lawsuit_package_tickets")
      .values([
        { ticket_hash: written, certificate_no: "HZ2026112500000001", file_name: "诉讼包-HZ2026112500000001.zip", bytes: 4096, created_at: createdAt, expires_at: createdAt + 1_800_000 },
        { ticket_hash: unfinished, certificate_no: "HZ2026112500000002", file_name: "诉讼包-HZ2026112500000002.zip", bytes: 0, created_at: createdAt, expires_at: createdAt + 1_800_000 },
      ])
      .execute();
    await db
      .insertInto("evidence_packages")
      .values({ job_key: "c".repeat(32), owner: "user:1", state: "ready", items_json: "[]", file_name: "证据打包.zip", total: 1, done: 1, units_total: 1, units_done: 1, attempts: 1, size: 10, created_at: createdAt })
      .execute();
    await up(db);
  });
  afterAll(async () => {
    await database.handle.db.destroy();
    await database.dispose();
  });

  it("moves each ticket to a job under its hash, ready or failed, and keeps evidence packages as they were", async () => {
    const db: Kysely<Database> = database.handle.db;
    const lawsuit = new PackageJobsRepository(db, "lawsuit");
    expect(await lawsuit.findByKey(written)).toMatchObject({ state: "ready", size: 4096, file_name: "诉讼包-HZ2026112500000001.zip", expires_at: createdAt + 1_800_000, message: null });
    expect(await lawsuit.findByKey(unfinished)).toMatchObject({ state: "failed", expires_at: createdAt + 1_800_000 });
    expect(await lawsuit.expired(createdAt + 1_800_000)).toHaveLength(2);
    const evidence = new PackageJobsRepository(db, "evidence");
    expect(await evidence.findByKey("c".repeat(32))).toMatchObject({ kind: "evidence", state: "ready" });
    expect(await evidence.findByKey(written)).toBeUndefined();
    expect(await db.introspection.getTables().then((tables) => tables.map((table) => table.name))).not.toContain("lawsuit_package_tickets");
  });
});
