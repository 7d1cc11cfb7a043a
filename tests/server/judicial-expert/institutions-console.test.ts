import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../../src/schema/child-account.js";
import { INSTITUTION_ENDPOINTS as INSTITUTIONS, INSTITUTION_MESSAGES } from "../../../src/schema/console/appraisal-institutions.js";
import { ConsoleCode } from "../../../src/schema/console/operator-auth.js";
import { APPRAISAL_ENDPOINTS, APPRAISAL_MESSAGES, AppraisalCode, EXPERT_ENDPOINTS } from "../../../src/schema/judicial-expert.js";
import { DEMO_INSTITUTION } from "../../../server/db/seed/seed-demo-institution.js";
import { consoleOperator, INSTITUTION_FORM } from "../support/appraisal.js";
import { encryptorFor } from "../support/login-client.js";
import { operatorTokenWithout } from "../support/operator.js";
import { freshIp, registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";

/**
 * The console's appraisal institutions: only the permission appraisalInstitutions.manage opens
 * them; an institution is created, changed and stopped, accounts are attached as its experts by
 * mobile, e-mail or login account and removed again, and every change is in the audit trail. The
 * demo institution is seeded once for `npm start`.
 */

let t: TestApp;
let operator: { token: string; id: number; account: string };
let customer: RegisteredUser;
const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown>, token: string) => (await t.call(endpoint, params, { token })).json();
const auditActions = async () => (await t.database.handle.db.selectFrom("operator_audit").select(["action", "target_id"]).where("target_type", "=", "appraisalInstitution").orderBy("id").execute()).map((row) => `${row.action} ${row.target_id}`);

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  operator = await consoleOperator(t);
  customer = await registerUser(t, "13791000001");
}, 60_000);
afterAll(async () => t?.close());

describe("the console's appraisal institutions", () => {
  it("are closed to an operator whose roles do not grant the permission", async () => {
    const token = await operatorTokenWithout(t, "appraisalInstitutions.manage");
    for (const [endpoint, params] of [
      [INSTITUTIONS.list, {}],
      [INSTITUTIONS.create, { ...INSTITUTION_FORM, name: "无权新建鉴定所" }],
    ] as const) {
      expect((await call(endpoint, params, token)).code).toBe(ConsoleCode.forbidden);
    }
    // A customer's token is no operator's.
    expect((await call(INSTITUTIONS.list, {}, customer.token)).code).not.toBe(200);
  });

  it("lists the demo institution seeded for npm start, once", async () => {
    const listed = await call(INSTITUTIONS.list, { keyword: "演示" }, operator.token);
    expect(listed.datas.list).toEqual([expect.objectContaining({ name: DEMO_INSTITUTION.name, acceptsCommissions: true, expertCount: 0 })]);
    expect((await call(APPRAISAL_ENDPOINTS.institutions, {}, customer.token)).datas.map((row: { name: string }) => row.name)).toContain(DEMO_INSTITUTION.name);
  });

  it("creates, changes and stops an institution; a taken name is refused", async () => {
    const created = await call(INSTITUTIONS.create, { ...INSTITUTION_FORM, name: "丙司法鉴定所", introduction: "专注电子数据" }, operator.token);
    expect(created).toMatchObject({ code: 200, datas: { name: "丙司法鉴定所", licenseNo: "330000000", acceptsCommissions: true, experts: [] } });
    const id = created.datas.id;
    expect(await call(INSTITUTIONS.create, { ...INSTITUTION_FORM, name: "丙司法鉴定所" }, operator.token)).toMatchObject({ code: 1001, message: INSTITUTION_MESSAGES.nameTaken });
    expect((await call(INSTITUTIONS.create, { ...INSTITUTION_FORM, name: "" }, operator.token)).code).toBe(1001);

    const stopped = await call(INSTITUTIONS.update, { ...INSTITUTION_FORM, id, name: "丙司法鉴定所", acceptsCommissions: false }, operator.token);
    expect(stopped.datas).toMatchObject({ acceptsCommissions: false });
    expect((await call(APPRAISAL_ENDPOINTS.institutions, {}, customer.token)).datas.map((row: { id: number }) => row.id)).not.toContain(id);
    expect(await call(INSTITUTIONS.one, { id: 999_999 }, operator.token)).toMatchObject({ code: 404, message: INSTITUTION_MESSAGES.notFound });
    expect(await auditActions()).toEqual([`appraisalInstitution.create ${id}`, `appraisalInstitution.update ${id}`]);
  });

  it("attaches accounts as experts by mobile or e-mail, one institution each, and removes them", async () => {
    const first = (await call(INSTITUTIONS.create, { ...INSTITUTION_FORM, name: "丁司法鉴定所" }, operator.token)).datas.id;
    const second = (await call(INSTITUTIONS.create, { ...INSTITUTION_FORM, name: "戊司法鉴定所" }, operator.token)).datas.id;
    const byMail = await registerUser(t, "Expert.Wang@Example.com");
    const added = await call(INSTITUTIONS.addExpert, { institutionId: first, account: "13791000001", name: "李鉴定" }, operator.token);
    expect(added.datas.experts).toEqual([expect.objectContaining({ userId: customer.id, name: "李鉴定", account: "13791000001" })]);
    expect((await call(INSTITUTIONS.addExpert, { institutionId: first, account: " expert.wang@example.COM ", name: "王鉴定" }, operator.token)).datas.experts).toHaveLength(2);
    expect(await call(INSTITUTIONS.addExpert, { institutionId: second, account: "13791000001", name: "李鉴定" }, operator.token)).toMatchObject({ code: 1001, message: INSTITUTION_MESSAGES.alreadyExpert("丁司法鉴定所") });
    expect(await call(INSTITUTIONS.addExpert, { institutionId: second, account: "13791009999", name: "无此人" }, operator.token)).toMatchObject({ code: 1001, message: INSTITUTION_MESSAGES.accountNotFound });
    const { encryptPassword } = await encryptorFor(t);
    await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account: "13791000002", name: "助理", encryptPassword: encryptPassword("init1234") }, { token: customer.token, ip: freshIp() });
    expect(await call(INSTITUTIONS.addExpert, { institutionId: second, account: "13791000002", name: "助理" }, operator.token)).toMatchObject({ code: 1001, message: INSTITUTION_MESSAGES.accountNotMain });
    expect((await call(EXPERT_ENDPOINTS.profile, {}, byMail.token)).datas).toMatchObject({ isExpert: true, expertName: "王鉴定", institution: { name: "丁司法鉴定所" } });

    const removed = await call(INSTITUTIONS.removeExpert, { institutionId: first, userId: byMail.id }, operator.token);
    expect(removed.datas.experts.map((expert: { userId: number }) => expert.userId)).toEqual([customer.id]);
    expect(await call(INSTITUTIONS.removeExpert, { institutionId: second, userId: customer.id }, operator.token)).toMatchObject({ code: 404, message: INSTITUTION_MESSAGES.expertNotFound });
    expect(await call(EXPERT_ENDPOINTS.list, {}, byMail.token)).toMatchObject({ code: AppraisalCode.notExpert, message: APPRAISAL_MESSAGES.notExpert });
    expect((await auditActions()).filter((line) => line.endsWith(` ${first}`))).toEqual([
      `appraisalInstitution.create ${first}`,
      `appraisalExpert.add ${first}`,
      `appraisalExpert.add ${first}`,
      `appraisalExpert.remove ${first}`,
    ]);
  });
});
