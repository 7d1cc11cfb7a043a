import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DISABLED_MESSAGE, ACCOUNT_ENDPOINTS, MAIN_ACCOUNT_DISABLED_MESSAGE } from "../../src/schema/account.js";
import { CHILD_ACCOUNT_ENDPOINTS, CHILD_DISABLED_BY_PLATFORM_MESSAGE } from "../../src/schema/child-account.js";
import { CUSTOMER_ENDPOINTS as CUSTOMERS, CUSTOMER_MESSAGES } from "../../src/schema/console/customers.js";
import { ConsoleCode } from "../../src/schema/console/operator-auth.js";
import { parseOperatorActionEntry } from "../../src/schema/console/operator-action-entry.js";
import { EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence.js";
import { LOGIN_HISTORY_RETENTION_MS } from "../../src/schema/login-history.js";
import { encryptorFor, solveCaptcha } from "./support/login-client.js";
import { operatorTokenWithout, signInOperator } from "./support/operator.js";
import { freshIp, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
let admin: { token: string; id: number; account: string };
let alice: RegisteredUser;
let bob: RegisteredUser;
let childId: number;
let certificateNo: string;
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36";

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await signInOperator(t);
  alice = await registerUser(t, "13912340001");
  bob = await registerUser(t, "Bob.Lee@Example.com");
  // Bob's organisation is verified; Alice's application for another name is still pending.
  await t.app.services.accounts.records.recordVerificationDecision(bob.id, "organisation", { status: 2, verifiedName: "杭州衡证示例科技有限公司" });
  await t.app.services.accounts.records.markVerificationPending(alice.id, "organisation");
  const evidence = (await t.call(KINDS.text.create, { name: "合同声明", content: "甲乙双方约定……" }, { token: alice.token })).json();
  expect(evidence.code).toBe(200);
  certificateNo = evidence.datas.certificateNo;
  const { encryptPassword } = await encryptorFor(t);
  const child = (await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account: "13912340101", name: "法务部", encryptPassword: encryptPassword("init1234") }, { token: alice.token, ip: freshIp() })).json();
  expect(child.code).toBe(200);
  childId = child.datas.id;
}, 60_000);
afterAll(async () => t.close());

const as = (token: string) => ({ token });
const search = async (params: Record<string, unknown>, token = admin.token) => (await t.call(CUSTOMERS.search, params, as(token))).json();
const detail = async (id: number) => (await t.call(CUSTOMERS.detail, { id }, as(admin.token))).json();
/** A customer call with a user's token: 200 while the session lives. */
const userInfo = async (userId: number, token: string) => (await t.call(ACCOUNT_ENDPOINTS.getUserInfo, { userId }, { token })).json();

/** Login mode 0 from a browser that says what it is, a second after whatever came before (lists are newest first). */
async function passwordLogin(account: string, password: string) {
  t.clock.advance(1000);
  const { encrypt, encryptPassword } = await encryptorFor(t);
  const { cookies, answer } = await solveCaptcha(t);
  const query = { encryptAccount: encrypt(account), encryptPassword: encryptPassword(password), vcode: answer, type: 0, ipAddress: "" };
  return (await t.call(ACCOUNT_ENDPOINTS.loginV2, query, { cookies, ip: "10.99.0.7", headers: { "user-agent": BROWSER } })).json();
}

async function newestAudit() {
  return t.app.database.db.selectFrom("operator_audit").selectAll().orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
}

/** The newest audit row is this action, with its ledger entry. */
async function expectAudited(action: string, userId: number, reason: string | null) {
  const row = await newestAudit();
  expect(row).toMatchObject({ action, operator_id: admin.id, target_type: "customer", target_id: String(userId), reason });
  expect(row.ledger_index).not.toBeNull();
  const entry = parseOperatorActionEntry(Buffer.from((await t.app.services.ledger.entry(Number(row.ledger_index)))!).toString("utf8"));
  expect(entry).toMatchObject({ kind: "operatorAction", action, auditId: row.id });
  return row;
}

describe("permissions", () => {
  it("searching needs customers.read, changing customers.manage (3100)", async () => {
    const noRead = await operatorTokenWithout(t, "customers.read");
    expect((await search({}, noRead)).code).toBe(ConsoleCode.forbidden);
    const reviewer = (await signInOperator(t, { roles: ["identityReviewer"] })).token;
    expect((await search({ keyword: "13912340001" }, reviewer)).code).toBe(200);
    const refused = (await t.call(CUSTOMERS.disable, { id: alice.id, reason: "测试停用" }, as(reviewer))).json();
    expect(refused.code).toBe(ConsoleCode.forbidden);
    expect((await t.call(CUSTOMERS.endAllSessions, { id: alice.id }, as(reviewer))).json().code).toBe(ConsoleCode.forbidden);
    expect((await userInfo(alice.id, alice.token)).code).toBe(200);
  });

  it("a customer's token opens no console call (102)", async () => {
    expect((await search({}, alice.token)).code).toBe(102);
  });
});

describe("search", () => {
  const idsFor = async (keyword: string) => ((await search({ keyword })).datas.list as { id: number }[]).map((item) => item.id);

  it.each([
    ["part of the login account", "912340", () => [childId, alice.id]],
    ["the whole mobile number", "13912340001", () => [alice.id]],
    ["the e-mail in any case", "bob.lee@EXAMPLE", () => [bob.id]],
    ["part of a verified enterprise name", "衡证示例", () => [bob.id]],
  ])("finds by %s", async (_label, keyword, expected) => {
    expect(await idsFor(keyword)).toEqual(expected());
  });

  it("finds the holder of a certificate by its whole number, typed loosely, and not by a part of it", async () => {
    expect(await idsFor(certificateNo)).toEqual([alice.id]);
    expect(await idsFor(`${certificateNo.slice(0, 6)}-${certificateNo.slice(6).toLowerCase()}`)).toEqual([alice.id]);
    expect(await idsFor(certificateNo.slice(0, 12))).toEqual([]);
  });

  it("does not look into enterprise names that are not verified, and takes % and _ literally", async () => {
    await t.app.services.accounts.records.recordVerificationDecision(alice.id, "organisation", { status: 3, verifiedName: "衡证示例另一家公司" });
    expect(await idsFor("示例")).toEqual([bob.id]);
    expect(await idsFor("%")).toEqual([]);
    expect(await idsFor("_")).toEqual([]);
  });

  it("answers a page of summaries, filtered by status", async () => {
    const all = await search({ pageSize: 10 });
    expect(all).toMatchObject({ code: 200, datas: { pageNumber: 1, pageSize: 10, totalRow: 3 } });
    const row = all.datas.list.find((item: { id: number }) => item.id === bob.id);
    expect(row).toEqual({
      id: bob.id,
      loginAccount: "bob.lee@example.com",
      displayName: "bob.lee@example.com",
      mobile: null,
      mail: "bob.lee@example.com",
      accountKind: "personal",
      status: "active",
      realNameState: "none",
      enterpriseState: "verified",
      registerTime: expect.any(Number),
    });
    expect((await search({ status: "cancelled" })).datas.totalRow).toBe(0);
    expect((await search({ keyword: "x".repeat(101) })).code).toBe(1001);
  });
});

describe("one customer", () => {
  it("shows profile, verification, child accounts, live sessions without tokens, evidence and logins", async () => {
    const login = await passwordLogin("13912340001", "abc12345");
    expect(login.code).toBe(200);
    const wrong = await passwordLogin("13912340001", "wrong999");
    expect(wrong.code).toBe(3010);

    const answer = await detail(alice.id);
    expect(answer.code).toBe(200);
    const { profile, verification, parent, children, sessions, evidence, logins } = answer.datas;
    expect(profile).toMatchObject({ id: alice.id, loginAccount: "13912340001", mobile: "13912340001", accountKind: "personal", status: "active", disabledBy: [], hasPassword: true });
    expect(verification.enterprise).toMatchObject({ state: "rejected" });
    expect(verification.realName).toMatchObject({ state: "none", name: null });
    expect(parent).toBeNull();
    expect(children).toEqual({ total: 1, list: [{ id: childId, loginAccount: "13912340101", name: "法务部", status: "active", createTime: expect.any(Number) }] });
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toEqual({ ref: expect.stringMatching(/^[0-9a-f]{32}$/), createTime: expect.any(Number), lastSeenTime: expect.any(Number), address: "10.99.0.7" });
    expect(evidence).toMatchObject({ totalCount: 1, kinds: [{ kind: "text", count: 1 }] });
    expect(evidence.totalBytes).toBeGreaterThan(0);
    expect(logins.slice(0, 3)).toEqual([
      { time: expect.any(Number), method: "password", outcome: "wrongPassword", ip: "10.99.0.7", userAgent: BROWSER },
      { time: expect.any(Number), method: "password", outcome: "success", ip: "10.99.0.7", userAgent: BROWSER },
      { time: expect.any(Number), method: "register", outcome: "success", ip: expect.any(String), userAgent: expect.any(String) },
    ]);
    // Nothing the page shows opens a session or finds one.
    const text = JSON.stringify(answer);
    for (const token of [alice.token, login.datas.token]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(createHash("sha256").update(token).digest("hex"));
    }
  });

  it("shows a sub-account's main account", async () => {
    const answer = await detail(childId);
    expect(answer.datas.profile).toMatchObject({ accountKind: "subAccount" });
    expect(answer.datas.parent).toEqual({ id: alice.id, loginAccount: "13912340001", displayName: "13912340001", childName: "法务部" });
  });

  it("answers 404 for an unknown customer", async () => {
    expect(await detail(999_999)).toMatchObject({ code: 404, message: CUSTOMER_MESSAGES.notFound });
  });
});

describe("ending sessions", () => {
  it("ends one session: its next call answers 3013, the others go on; audited and logged", async () => {
    const second = (await passwordLogin("Bob.Lee@Example.com", "abc12345")).datas.token as string;
    // In use, so the ending must reach a session this process has looked up (and cached) too.
    expect((await userInfo(bob.id, second)).code).toBe(200);
    const sessions = (await detail(bob.id)).datas.sessions as { ref: string }[];
    expect(sessions).toHaveLength(2);
    // Newest first: the session just started.
    const ended = (await t.call(CUSTOMERS.endSession, { id: bob.id, sessionRef: sessions[0]!.ref }, as(admin.token))).json();
    expect(ended).toMatchObject({ code: 200, datas: { endedSessions: 1 } });
    expect((await userInfo(bob.id, second)).code).toBe(3013);
    expect((await userInfo(bob.id, bob.token)).code).toBe(200);
    const row = await expectAudited("customer.endSession", bob.id, null);
    expect(JSON.parse(row.before_json!)).toMatchObject({ liveSessions: 2 });

    const again = (await t.call(CUSTOMERS.endSession, { id: bob.id, sessionRef: sessions[0]!.ref }, as(admin.token))).json();
    expect(again).toMatchObject({ code: 404, message: CUSTOMER_MESSAGES.sessionNotFound });
    // Another customer's session is not found through this one.
    const alicesRef = (await detail(alice.id)).datas.sessions[0].ref;
    expect((await t.call(CUSTOMERS.endSession, { id: bob.id, sessionRef: alicesRef }, as(admin.token))).json().code).toBe(404);
    expect((await newestAudit()).id).toBe(row.id);
  });

  it("signs a customer out everywhere", async () => {
    const second = (await passwordLogin("Bob.Lee@Example.com", "abc12345")).datas.token as string;
    const ended = (await t.call(CUSTOMERS.endAllSessions, { id: bob.id }, as(admin.token))).json();
    expect(ended).toMatchObject({ code: 200, datas: { endedSessions: 2 } });
    expect((await userInfo(bob.id, second)).code).toBe(3013);
    expect((await userInfo(bob.id, bob.token)).code).toBe(3013);
    expect((await detail(bob.id)).datas.sessions).toEqual([]);
    await expectAudited("customer.endAllSessions", bob.id, null);
  });
});

describe("disabling and enabling", () => {
  it.each([
    [{ id: 1 }, "请填写原因"],
    [{ id: 1, reason: "  " }, "请填写原因"],
    [{ id: 1, reason: "短" }, "原因为2-200个字"],
    [{ id: 1, reason: "长".repeat(201) }, "原因为2-200个字"],
  ])("needs a reason of 2-200 characters: %j", async (body, message) => {
    const before = await newestAudit();
    const answer = (await t.call(CUSTOMERS.disable, body, as(admin.token))).json();
    expect(answer).toMatchObject({ code: 1001, extraData: { errors: { reason: message } } });
    expect((await newestAudit()).id).toBe(before.id);
  });

  it("disables an account: its and its sub-accounts' sessions end at once, logins are refused, evidence stays; enabling restores it", async () => {
    const childToken = (await t.app.services.sessions.create(String(childId), "user")).token;
    const disabled = (await t.call(CUSTOMERS.disable, { id: alice.id, reason: "涉嫌冒用他人身份" }, as(admin.token))).json();
    expect(disabled).toMatchObject({ code: 200, datas: { status: "disabled", disabledBy: ["operator"] } });
    expect(disabled.datas.endedSessions).toBeGreaterThanOrEqual(2);
    const row = await expectAudited("customer.disable", alice.id, "涉嫌冒用他人身份");
    expect(JSON.parse(row.before_json!)).toEqual({ status: "active", disabledBy: [] });
    expect(JSON.parse(row.after_json!)).toMatchObject({ status: "disabled", disabledBy: ["operator"] });

    expect((await userInfo(alice.id, alice.token)).code).toBe(3013);
    expect((await userInfo(childId, childToken)).code).toBe(3013);
    expect(await passwordLogin("13912340001", "abc12345")).toMatchObject({ code: 3015, message: ACCOUNT_DISABLED_MESSAGE });
    expect(await passwordLogin("13912340101", "init1234")).toMatchObject({ code: 3015, message: MAIN_ACCOUNT_DISABLED_MESSAGE });
    const shown = (await detail(alice.id)).datas;
    expect(shown.profile).toMatchObject({ status: "disabled", disabledBy: ["operator"] });
    expect(shown.sessions).toEqual([]);
    expect(shown.logins[0]).toMatchObject({ method: "password", outcome: "disabled" });
    expect((await search({ status: "disabled" })).datas.list.map((item: { id: number }) => item.id)).toEqual([alice.id]);

    const twice = (await t.call(CUSTOMERS.disable, { id: alice.id, reason: "再次停用" }, as(admin.token))).json();
    expect(twice).toMatchObject({ code: 1001, message: CUSTOMER_MESSAGES.alreadyDisabled });

    const enabled = (await t.call(CUSTOMERS.enable, { id: alice.id, reason: "核实为本人操作" }, as(admin.token))).json();
    expect(enabled).toMatchObject({ code: 200, datas: { status: "active", disabledBy: [] } });
    await expectAudited("customer.enable", alice.id, "核实为本人操作");
    const login = await passwordLogin("13912340001", "abc12345");
    expect(login.code).toBe(200);
    const record = await t.app.services.evidence.findByCertificateNo(certificateNo);
    expect(record).toMatchObject({ holderUserId: alice.id, status: "stored" });
    expect((await detail(alice.id)).datas.evidence.totalCount).toBe(1);
    const list = (await t.call(KINDS.text.list, {}, { token: login.datas.token })).json();
    expect(list.datas.list.map((item: { certificateNo: string }) => item.certificateNo)).toEqual([certificateNo]);

    const notHeld = (await t.call(CUSTOMERS.enable, { id: alice.id, reason: "重复启用" }, as(admin.token))).json();
    expect(notHeld).toMatchObject({ code: 1001, message: CUSTOMER_MESSAGES.notDisabledByPlatform });
  });

  it("a sub-account the platform disabled stays disabled until the platform enables it; the main account's own hold stays too", async () => {
    const owner = (await passwordLogin("13912340001", "abc12345")).datas.token as string;
    expect((await t.call(CUSTOMERS.disable, { id: childId, reason: "子账号异常操作" }, as(admin.token))).json().code).toBe(200);
    const refused = (await t.call(CHILD_ACCOUNT_ENDPOINTS.enable, { id: childId }, { token: owner })).json();
    expect(refused).toMatchObject({ code: 3015, message: CHILD_DISABLED_BY_PLATFORM_MESSAGE });
    // The main account disables it as well; the platform lifting its hold leaves the main account's.
    expect((await t.call(CHILD_ACCOUNT_ENDPOINTS.disable, { id: childId }, { token: owner })).json().code).toBe(200);
    expect((await detail(childId)).datas.profile.disabledBy).toEqual(["mainAccount", "operator"]);
    const enabled = (await t.call(CUSTOMERS.enable, { id: childId, reason: "平台核实完毕" }, as(admin.token))).json();
    expect(enabled).toMatchObject({ code: 200, datas: { status: "disabled", disabledBy: ["mainAccount"] } });
    expect((await t.call(CHILD_ACCOUNT_ENDPOINTS.enable, { id: childId }, { token: owner })).json()).toMatchObject({ code: 200, datas: { status: "active" } });
  });

  it("refuses to disable a cancelled account and answers 404 for an unknown one", async () => {
    const carol = await registerUser(t, "13912340003");
    await t.app.services.accounts.records.cancelAccount(carol.id);
    expect((await t.call(CUSTOMERS.disable, { id: carol.id, reason: "注销后停用" }, as(admin.token))).json()).toMatchObject({ code: 1001, message: CUSTOMER_MESSAGES.cancelled });
    expect((await t.call(CUSTOMERS.disable, { id: 999_999, reason: "不存在" }, as(admin.token))).json().code).toBe(404);
  });
});

describe("the login history", () => {
  it("is kept 180 days", async () => {
    const kept = await t.app.services.accounts.history.newestOf(alice.id, 50);
    expect(kept.length).toBeGreaterThan(1);
    const oldest = Number(kept.at(-1)!.at);
    t.clock.set(oldest + LOGIN_HISTORY_RETENTION_MS);
    expect(await t.app.services.accounts.history.purgeExpired()).toBe(0);
    t.clock.set(Number(kept[0]!.at) + LOGIN_HISTORY_RETENTION_MS + 1);
    expect(await t.app.services.accounts.history.purgeExpired()).toBeGreaterThanOrEqual(kept.length);
    expect(await t.app.services.accounts.history.newestOf(alice.id, 50)).toEqual([]);
  });
});
