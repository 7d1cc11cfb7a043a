import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_ENDPOINTS } from "../../src/schema/console/audit.js";
import { OPERATOR_AUTH_ENDPOINTS as AUTH } from "../../src/schema/console/operator-auth.js";
import { parseOperatorActionEntry } from "../../src/schema/console/operator-action-entry.js";
import { OPERATOR_ENDPOINTS as OPERATORS, OPERATOR_MESSAGES, OperatorManagementCode } from "../../src/schema/console/operators.js";
import { encryptorFor } from "./support/login-client.js";
import { createOperator, enrolOperator, operatorPasswordLogin, signInOperator } from "./support/operator.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
let admin: { token: string; id: number; account: string };
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await signInOperator(t);
});
afterAll(async () => t.close());

const call = (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown> = {}, token = admin.token) => t.call(endpoint, params, { token }).then((response) => response.json());

/** The newest audit record of a target, with its ledger entry read back from the log. */
async function lastAudit(targetId: number | string) {
  const list = await call(AUDIT_ENDPOINTS.list, { targetType: "operator", targetId: String(targetId) });
  expect(list.code).toBe(200);
  const record = await call(AUDIT_ENDPOINTS.one, { id: list.datas.list[0].id });
  expect(record.code).toBe(200);
  const entry = record.datas.ledgerIndex === null ? null : parseOperatorActionEntry(Buffer.from((await t.app.services.ledger.entry(record.datas.ledgerIndex))!).toString("utf8"));
  return { ...record.datas, entry };
}

describe("managing operators", () => {
  it("creates an operator from the RSA-encrypted password, audited and on the ledger; the operator then signs in and enrols", async () => {
    const { encryptPassword } = await encryptorFor(t);
    const created = await call(OPERATORS.create, { account: "Zhao.Shen", name: "赵审", roles: ["identityReviewer"], encryptPassword: encryptPassword("Shenhe2026") });
    expect(created).toMatchObject({ code: 200, datas: { account: "zhao.shen", name: "赵审", roles: ["identityReviewer"], status: "active", hasSecondFactor: false } });
    const audit = await lastAudit(created.datas.id);
    expect(audit).toMatchObject({ action: "operator.create", operatorAccount: admin.account, targetLabel: "zhao.shen", after: { name: "赵审", roles: ["identityReviewer"] } });
    expect(audit.entry).toMatchObject({ kind: "operatorAction", action: "operator.create", auditId: audit.id });
    expect(audit.inclusion).toMatchObject({ status: "verified" });

    const login = (await operatorPasswordLogin(t, "zhao.shen", "Shenhe2026")).json();
    expect(login).toMatchObject({ code: 200, datas: { secondFactor: "enrol" } });
    expect((await call(OPERATORS.create, { account: "zhao.shen", name: "重复", roles: ["finance"], encryptPassword: encryptPassword("Shenhe2026") })).code).toBe(3003);
  });

  it("lists operators with keyword, role and status filters", async () => {
    await createOperator(t, { account: "qian.caiwu", name: "钱财务", roles: ["finance"] });
    expect((await call(OPERATORS.list, { keyword: "财务" })).datas.list.map((item: { account: string }) => item.account)).toEqual(["qian.caiwu"]);
    expect((await call(OPERATORS.list, { role: "finance" })).datas.list.every((item: { roles: string[] }) => item.roles.includes("finance"))).toBe(true);
    expect((await call(OPERATORS.list, { status: "disabled", keyword: "qian" })).datas.totalRow).toBe(0);
    expect((await call(OPERATORS.list, { role: "nobody" })).code).toBe(1001);
  });

  it("changes name and roles, with before and after in the trail; the new roles count at the next call", async () => {
    const editor = await createOperator(t, { roles: ["contentEditor"] });
    const { token } = await enrolOperator(t, editor.account);
    expect((await call(OPERATORS.list, {}, token)).code).toBe(3100);
    const updated = await call(OPERATORS.update, { id: editor.id, name: "孙管理", roles: ["administrator"], reason: "升任管理员" });
    expect(updated).toMatchObject({ code: 200, datas: { name: "孙管理", roles: ["administrator"] } });
    expect(await lastAudit(editor.id)).toMatchObject({ action: "operator.update", reason: "升任管理员", before: { roles: ["contentEditor"] }, after: { name: "孙管理", roles: ["administrator"] } });
    expect((await call(OPERATORS.list, {}, token)).code).toBe(200);
  });

  it("disables an operator (sessions end at once) and enables them again", async () => {
    const target = await createOperator(t, { roles: ["finance"] });
    const { token } = await enrolOperator(t, target.account);
    const disabled = await call(OPERATORS.disable, { id: target.id, reason: "离职" });
    expect(disabled).toMatchObject({ code: 200, datas: { status: "disabled" } });
    expect((await t.call(AUTH.me, {}, { token })).json().code).toBe(3013);
    const sessions = await t.app.database.db.selectFrom("sessions").select("revoke_reason").where("subject_id", "=", String(target.id)).where("kind", "=", "operator").execute();
    expect(sessions.map((row) => row.revoke_reason)).toEqual(["account-disabled"]);
    expect(await lastAudit(target.id)).toMatchObject({ action: "operator.disable", reason: "离职", before: { status: "active" }, after: { status: "disabled" }, inclusion: { status: "verified" } });
    expect((await operatorPasswordLogin(t, target.account)).json().code).toBe(3103);

    expect(await call(OPERATORS.enable, { id: target.id })).toMatchObject({ code: 200, datas: { status: "active" } });
    expect((await lastAudit(target.id)).entry).toMatchObject({ action: "operator.enable" });
    expect((await operatorPasswordLogin(t, target.account)).json().code).toBe(200);
  });

  it("refuses to disable oneself or to leave no active administrator", async () => {
    expect(await call(OPERATORS.disable, { id: admin.id })).toMatchObject({ code: OperatorManagementCode.changeRefused, message: OPERATOR_MESSAGES.cannotDisableSelf });
    // Make this administrator the only active one, then try to take the role away.
    await t.app.database.db.updateTable("operators").set({ status: "disabled" }).where("id", "!=", admin.id).execute();
    expect(await call(OPERATORS.update, { id: admin.id, name: "管理员", roles: ["finance"] })).toMatchObject({ code: OperatorManagementCode.changeRefused, message: OPERATOR_MESSAGES.lastAdministrator });
    const other = await createOperator(t, { roles: ["administrator"] });
    expect((await call(OPERATORS.update, { id: admin.id, name: "管理员", roles: ["administrator", "finance"] })).code).toBe(200);
    expect((await call(OPERATORS.disable, { id: other.id })).code).toBe(200);
    expect((await call(OPERATORS.one, { id: admin.id })).datas.roles).toEqual(["administrator", "finance"]);
  });

  it("resets a lost second factor: sessions end and the next login enrols again", async () => {
    const target = await createOperator(t, { roles: ["contentEditor"] });
    const { token, recoveryCodes } = await enrolOperator(t, target.account);
    expect((await call(OPERATORS.one, { id: target.id })).datas).toMatchObject({ hasSecondFactor: true, recoveryCodesLeft: 10 });
    const reset = await call(OPERATORS.resetSecondFactor, { id: target.id, reason: "手机丢失" });
    expect(reset).toMatchObject({ code: 200, datas: { hasSecondFactor: false, recoveryCodesLeft: 0 } });
    expect((await t.call(AUTH.me, {}, { token })).json().code).toBe(3013);
    expect(await lastAudit(target.id)).toMatchObject({ action: "operator.resetSecondFactor", before: { hasSecondFactor: true }, after: { hasSecondFactor: false } });
    const login = (await operatorPasswordLogin(t, target.account)).json();
    expect(login.datas.secondFactor).toBe("enrol");
    expect((await t.call(AUTH.verifySecondFactor, { code: recoveryCodes[0] }, { token: login.datas.token })).json().code).toBe(3102);
  });

  it("answers an unknown operator with 404", async () => {
    expect(await call(OPERATORS.one, { id: 999999 })).toMatchObject({ code: 404, message: OPERATOR_MESSAGES.notFound });
    expect((await call(OPERATORS.disable, { id: 999999 })).code).toBe(404);
  });
});

describe("the audit page", () => {
  it("filters by operator account, action and date", async () => {
    const mine = await call(AUDIT_ENDPOINTS.list, { operatorAccount: admin.account.toUpperCase(), pageSize: 100 });
    expect(mine.datas.totalRow).toBeGreaterThan(3);
    expect(mine.datas.list.every((item: { operatorAccount: string }) => item.operatorAccount === admin.account)).toBe(true);
    const creates = await call(AUDIT_ENDPOINTS.list, { action: "operator.create" });
    expect(creates.datas.list.every((item: { action: string }) => item.action === "operator.create")).toBe(true);
    expect((await call(AUDIT_ENDPOINTS.list, { startTime: "2000-01-01", endTime: "2000-01-02" })).datas.totalRow).toBe(0);
    expect((await call(AUDIT_ENDPOINTS.list, { startTime: "2001-13-01" })).code).toBe(1001);
    expect((await call(AUDIT_ENDPOINTS.one, { id: 999999 })).code).toBe(404);
  });
});
