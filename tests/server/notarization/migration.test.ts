import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/database.js";
import { down, up } from "../../../server/db/migrations/0029-notarization.js";
import { NotaryUserRepository } from "../../../server/modules/notary/notary-user.repository.js";
import { DEFAULT_NOTARIAL_TEMPLATE } from "../../../src/schema/notary-console.js";
import { createTestDatabase, type TestDatabase } from "../support/test-database.js";

/** Migration 0029 on staff accounts made before offices were records: one office per name, every account its administrator. */
describe("migration 0029 (notary offices)", () => {
  let database: TestDatabase;
  const at = Date.UTC(2026, 5, 1);

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.handle.db as unknown as Kysely<any>;
    await down(db);
    const staff = (id: number, office_name: string, account: string) => ({ id, office_name, account, name: "公证员", password_hash: "x", status: "active", is_demo: 0, created_at: at + id, updated_at: at + id });
    await db.insertInto("notary_users").values([staff(1, "衡州市公证处", "a.one"), staff(2, "衡州市公证处", "a.two"), staff(3, "临安区公证处", "b.one")]).execute();
    await up(db);
  });
  afterAll(async () => {
    await database.handle.db.destroy();
    await database.dispose();
  });

  it("makes an office per distinct name with the default template, and moves each account to its office as an administrator", async () => {
    const db: Kysely<Database> = database.handle.db;
    const offices = await db.selectFrom("notary_offices").select(["id", "name", "template_title", "template_body", "fee_fen", "accepts_applications", "created_at"]).orderBy("name").execute();
    expect(offices.map(({ id: _id, ...office }) => office)).toEqual([
      { name: "临安区公证处", template_title: DEFAULT_NOTARIAL_TEMPLATE.title, template_body: DEFAULT_NOTARIAL_TEMPLATE.body, fee_fen: null, accepts_applications: 1, created_at: at + 3 },
      { name: "衡州市公证处", template_title: DEFAULT_NOTARIAL_TEMPLATE.title, template_body: DEFAULT_NOTARIAL_TEMPLATE.body, fee_fen: null, accepts_applications: 1, created_at: at + 1 },
    ]);
    const users = new NotaryUserRepository(db);
    expect(await users.findByAccount("a.two")).toMatchObject({ office_name: "衡州市公证处", role: "admin", office_id: offices[1].id });
    expect(await users.findByAccount("b.one")).toMatchObject({ office_name: "临安区公证处", role: "admin", office_id: offices[0].id });
    expect(Object.keys((await db.selectFrom("notary_users").selectAll().executeTakeFirstOrThrow()))).not.toContain("office_name");
  });
});
