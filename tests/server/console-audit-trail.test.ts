import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitmentFactsOf, entryTextOf } from "../../server/modules/console/audit/audit-trail.js";
import { CLI_ACTOR, type ActingOperator } from "../../server/modules/console/operators/acting-operator.js";
import { sha256Hex } from "../../server/plugins/signature.js";
import { auditCommitment } from "../../src/schema/console/audit-commitment.js";
import { parseOperatorActionEntry } from "../../src/schema/console/operator-action-entry.js";
import { CHAIN_STATS_ENDPOINT } from "../../src/schema/chain-live.js";
import { LEDGER_ENDPOINTS } from "../../src/schema/ledger.js";
import { createTestApp, restartTestApp, type TestApp } from "./support/test-app.js";
import { createOperator } from "./support/operator.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(async () => t.close());

async function actor(): Promise<ActingOperator> {
  const profile = await createOperator(t, { name: "审计员" });
  return { ...profile };
}

const auditRow = (id: number) => t.app.database.db.selectFrom("operator_audit").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("the audit trail", () => {
  it("records a change with its audit row in one transaction and appends the action to the ledger", async () => {
    const operator = await actor();
    const target = await createOperator(t, { name: "旧名字" });
    const result = await t.app.services.console.audit.perform(
      { operator, action: "operator.update", target: { type: "operator", id: String(target.id), label: target.account }, reason: "改名" },
      async (trx) => {
        await trx.updateTable("operators").set({ name: "新名字" }).where("id", "=", target.id).execute();
        return { result: "renamed", before: { name: "旧名字" }, after: { name: "新名字" } };
      },
    );
    expect(result).toBe("renamed");
    const row = await t.app.database.db.selectFrom("operator_audit").selectAll().orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    const auditId = row.id;
    expect(row).toMatchObject({ operator_id: operator.id, operator_account: operator.account, action: "operator.update", target_type: "operator", reason: "改名" });
    expect(JSON.parse(row.before_json!)).toEqual({ name: "旧名字" });
    expect(row.ledger_index).not.toBeNull();
    expect(row.ledger_block).not.toBeNull();

    const text = Buffer.from((await t.app.services.ledger.entry(Number(row.ledger_index)))!).toString("utf8");
    const entry = parseOperatorActionEntry(text);
    expect(entry).toMatchObject({ kind: "operatorAction", action: "operator.update", auditId, time: Number(row.created_at) });
    // The entry commits to the whole record with its salt; anyone shown the record can check it.
    expect(entry!.meta).toBe(auditCommitment(commitmentFactsOf(row), sha256Hex));
    expect(text).not.toContain("新名字");
  });

  it("records nothing when the change fails", async () => {
    const operator = await actor();
    const before = await t.app.database.db.selectFrom("operator_audit").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    await expect(
      t.app.services.console.audit.perform({ operator, action: "operator.update", target: { type: "operator", id: "1" } }, async (trx) => {
        await trx.updateTable("operators").set({ name: "不该留下" }).where("id", "=", operator.id).execute();
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const after = await t.app.database.db.selectFrom("operator_audit").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await t.app.database.db.selectFrom("operators").select("name").where("id", "=", operator.id).executeTakeFirstOrThrow()).name).toBe("审计员");
  });

  it("appends at the next start the rows a crash left out of the ledger, exactly once", async () => {
    const { db } = t.app.database;
    const size = (await t.app.services.ledger.latestCheckpoint())?.treeSize ?? 0;
    const base = { operator_id: null, operator_account: CLI_ACTOR.account, target_type: "operator", target_id: "9", target_label: null, before_json: null, after_json: null, reason: null, created_at: t.clock.now(), ledger_index: null, ledger_block: null };
    // One whose append never happened, one appended before the crash but not recorded, one from the command line.
    const lost = await db.insertInto("operator_audit").values({ ...base, action: "operator.create", salt: "a".repeat(64), ledger_size_hint: size }).returningAll().executeTakeFirstOrThrow();
    const unrecorded = await db.insertInto("operator_audit").values({ ...base, action: "operator.disable", salt: "b".repeat(64), ledger_size_hint: size }).returningAll().executeTakeFirstOrThrow();
    const receipt = await t.app.services.ledger.append(Buffer.from(entryTextOf(unrecorded), "utf8"));
    const fromCli = await db.insertInto("operator_audit").values({ ...base, action: "operator.resetSecondFactor", salt: "c".repeat(64), ledger_size_hint: null }).returningAll().executeTakeFirstOrThrow();

    t = await restartTestApp(t, { seedDemo: false });
    expect((await auditRow(unrecorded.id)).ledger_index).toBe(receipt.index);
    const appended = await auditRow(lost.id);
    expect(appended.ledger_index).toBeGreaterThan(receipt.index);
    expect(Buffer.from((await t.app.services.ledger.entry(Number(appended.ledger_index)))!).toString("utf8")).toBe(entryTextOf(appended));
    // The command line's row waits for housekeeping (or the start after), claimed by one process only.
    expect(await t.app.services.console.audit.appendUntried()).toBe(1);
    expect(await t.app.services.console.audit.appendUntried()).toBe(0);
    expect((await auditRow(fromCli.id)).ledger_index).not.toBeNull();
  });

  it("leaves the chain widgets and the proofs working with operator entries in the log", async () => {
    const stats = (await t.call(CHAIN_STATS_ENDPOINT, {})).json();
    expect(stats).toMatchObject({ code: 200, datas: { txCount: expect.any(Number) } });
    expect(stats.datas.txList.length).toBeGreaterThan(0);
    const last = await t.app.services.ledger.latestCheckpoint();
    const proof = (await t.call(LEDGER_ENDPOINTS.getInclusionProof, { index: last!.treeSize - 1 })).json();
    expect(proof).toMatchObject({ code: 200, datas: { index: last!.treeSize - 1 } });
  });
});
