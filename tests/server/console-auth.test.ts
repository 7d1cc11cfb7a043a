import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OPERATOR } from "../../server/db/seed/seed-demo-operator.js";
import { MAX_SECOND_FACTOR_FAILURES } from "../../server/modules/console/operators/second-factor.service.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { CONSOLE_MESSAGES, ConsoleCode, OPERATOR_AUTH_ENDPOINTS as AUTH } from "../../src/schema/console/operator-auth.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import {
  OPERATOR_TEST_PASSWORD,
  createOperator,
  enrolOperator,
  freshOperatorIp,
  operatorPasswordLogin,
  signInOperator,
  totpCode,
} from "./support/operator.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STEP = 30_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function pendingToken(account: string) {
  const response = (await operatorPasswordLogin(t, account)).json();
  expect(response.code).toBe(200);
  return response.datas as { token: string; secondFactor: "enrol" | "verify" };
}

const verify = (token: string, code: string) => t.call(AUTH.verifySecondFactor, { code }, { token, ip: freshOperatorIp() });

describe("operator sign-in", () => {
  it("asks a new operator to enrol, confirms with a code, answers the session and ten recovery codes, then verifies by TOTP", async () => {
    const operator = await createOperator(t, { roles: ["contentEditor"], name: "王编辑" });
    const first = await pendingToken(operator.account);
    expect(first.secondFactor).toBe("enrol");

    const enrolment = (await t.call(AUTH.totpEnrolment, {}, { token: first.token })).json();
    expect(enrolment).toMatchObject({ code: 200, datas: { secret: expect.stringMatching(/^[A-Z2-7]+$/) } });
    expect(enrolment.datas.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    for (const part of ["algorithm=SHA1", "digits=6", "period=30", `secret=${enrolment.datas.secret}`]) expect(enrolment.datas.otpauthUri).toContain(part);
    expect(decodeURIComponent(enrolment.datas.otpauthUri)).toContain("衡证运营后台");
    expect(enrolment.datas.qrCode).toMatch(/^data:image\/png;base64,/);
    // The secret is sealed at rest, never stored as the base32 the operator saw.
    const stored = await t.app.database.db.selectFrom("operators").selectAll().where("id", "=", operator.id).executeTakeFirstOrThrow();
    expect(stored.totp_pending_secret).not.toContain(enrolment.datas.secret);

    // Before confirmation, a pending token opens no operator call.
    expect((await t.call(AUTH.me, {}, { token: first.token })).json().code).toBe(102);
    const wrong = (await t.call(AUTH.confirmTotp, { code: "000000" }, { token: first.token })).json();
    expect(wrong).toMatchObject({ code: ConsoleCode.secondFactorWrong, message: CONSOLE_MESSAGES.secondFactorWrong });

    const confirmed = (await t.call(AUTH.confirmTotp, { code: totpCode(t, enrolment.datas.secret) }, { token: first.token })).json();
    expect(confirmed).toMatchObject({
      code: 200,
      datas: { token: expect.any(String), operator: { account: operator.account, name: "王编辑", roles: ["contentEditor"], permissions: ["content.edit"] } },
    });
    expect(confirmed.datas.recoveryCodes).toHaveLength(10);
    for (const code of confirmed.datas.recoveryCodes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
    const codes = await t.app.database.db.selectFrom("operator_recovery_codes").select("code_hash").where("operator_id", "=", operator.id).execute();
    expect(codes.map((row) => row.code_hash)).not.toContain(confirmed.datas.recoveryCodes[0]);
    // The pending session is over; the operator session works.
    expect((await t.call(AUTH.totpEnrolment, {}, { token: first.token })).json().code).toBe(3013);
    expect((await t.call(AUTH.me, {}, { token: confirmed.datas.token })).json()).toMatchObject({ code: 200, datas: { account: operator.account } });

    t.clock.advance(2 * STEP);
    const second = await pendingToken(operator.account);
    expect(second.secondFactor).toBe("verify");
    expect((await t.call(AUTH.totpEnrolment, {}, { token: second.token })).json().code).toBe(ConsoleCode.secondFactorStage);
    const verified = (await verify(second.token, totpCode(t, enrolment.datas.secret))).json();
    expect(verified).toMatchObject({ code: 200, datas: { token: expect.any(String), operator: { account: operator.account } } });
    expect(verified.datas.recoveryCodes).toBeUndefined();
  });

  it("answers a wrong password and an unknown account alike (3010), and a disabled operator with 3103", async () => {
    const operator = await createOperator(t);
    expect((await operatorPasswordLogin(t, operator.account, "wrong12345")).json()).toMatchObject({ code: 3010, message: CONSOLE_MESSAGES.wrongCredentials });
    expect((await operatorPasswordLogin(t, "nobody.here")).json()).toMatchObject({ code: 3010, message: CONSOLE_MESSAGES.wrongCredentials });
    await t.app.database.db.updateTable("operators").set({ status: "disabled" }).where("id", "=", operator.id).execute();
    expect((await operatorPasswordLogin(t, operator.account)).json()).toMatchObject({ code: ConsoleCode.operatorDisabled, message: CONSOLE_MESSAGES.operatorDisabled });
  });

  it("never accepts the same TOTP code twice", async () => {
    const operator = await createOperator(t);
    const { secret } = await enrolOperator(t, operator.account);
    t.clock.advance(STEP);
    const code = totpCode(t, secret);
    expect((await verify((await pendingToken(operator.account)).token, code)).json().code).toBe(200);
    expect((await verify((await pendingToken(operator.account)).token, code)).json().code).toBe(ConsoleCode.secondFactorWrong);
    // Nor a code of an earlier step that is still inside the window.
    expect((await verify((await pendingToken(operator.account)).token, totpCode(t, secret, t.clock.now() - STEP))).json().code).toBe(ConsoleCode.secondFactorWrong);
    t.clock.advance(STEP);
    expect((await verify((await pendingToken(operator.account)).token, totpCode(t, secret))).json().code).toBe(200);
  });

  it("accepts a recovery code once only, in any case and with or without its hyphen", async () => {
    const operator = await createOperator(t);
    const { recoveryCodes } = await enrolOperator(t, operator.account);
    const [first, second] = recoveryCodes;
    expect((await verify((await pendingToken(operator.account)).token, first)).json().code).toBe(200);
    expect((await verify((await pendingToken(operator.account)).token, first)).json().code).toBe(ConsoleCode.secondFactorWrong);
    expect((await verify((await pendingToken(operator.account)).token, second.replace("-", "").toUpperCase())).json().code).toBe(200);
  });

  it(`ends the pending session after ${MAX_SECOND_FACTOR_FAILURES} wrong codes`, async () => {
    const operator = await createOperator(t);
    await enrolOperator(t, operator.account);
    const { token } = await pendingToken(operator.account);
    for (let attempt = 1; attempt < MAX_SECOND_FACTOR_FAILURES; attempt += 1) {
      expect((await verify(token, "000000")).json()).toMatchObject({ code: ConsoleCode.secondFactorWrong, extraData: { errors: { code: CONSOLE_MESSAGES.secondFactorWrong } } });
    }
    expect((await verify(token, "000000")).json()).toMatchObject({ code: 3013, message: "动态验证码错误次数过多，请重新登录" });
    expect((await verify(token, "000000")).json().code).toBe(3013);
  });

  it("ends an earlier pending session when the password is given again", async () => {
    const operator = await createOperator(t);
    const first = await pendingToken(operator.account);
    await pendingToken(operator.account);
    expect((await t.call(AUTH.totpEnrolment, {}, { token: first.token })).json().code).toBe(3013);
  });
});

describe("operator sessions", () => {
  it("end after 15 idle minutes (103)", async () => {
    const { token } = await signInOperator(t);
    t.clock.advance(14 * MINUTE);
    expect((await t.call(AUTH.me, {}, { token })).json().code).toBe(200);
    t.clock.advance(15 * MINUTE + 1);
    expect((await t.call(AUTH.me, {}, { token })).json()).toMatchObject({ code: 103 });
  });

  it("end 8 hours after sign-in even when used all along (103)", async () => {
    const { token } = await signInOperator(t);
    for (let elapsed = 0; elapsed < 8 * HOUR - 10 * MINUTE; elapsed += 10 * MINUTE) {
      t.clock.advance(10 * MINUTE);
      expect((await t.call(AUTH.me, {}, { token })).json().code).toBe(200);
    }
    t.clock.advance(10 * MINUTE + 1);
    expect((await t.call(AUTH.me, {}, { token })).json().code).toBe(103);
  });

  it("a pending session lasts five minutes", async () => {
    const operator = await createOperator(t);
    const { token } = await pendingToken(operator.account);
    t.clock.advance(5 * MINUTE + 1);
    expect((await t.call(AUTH.totpEnrolment, {}, { token })).json().code).toBe(103);
  });

  it("logout ends the session (3013)", async () => {
    const { token } = await signInOperator(t);
    expect((await t.call(AUTH.logout, {}, { token })).json()).toMatchObject({ code: 200 });
    expect((await t.call(AUTH.me, {}, { token })).json().code).toBe(3013);
  });

  it("are their own kind: operator tokens open no customer call, customer and notary tokens no console call (102)", async () => {
    const { token } = await signInOperator(t);
    const { token: userToken } = await t.app.services.sessions.create("1", "user");
    const { token: notaryToken } = await t.app.services.sessions.create("1", "notary");
    expect((await t.call(ACCOUNT_ENDPOINTS.getUserInfo, { userId: 1 }, { token })).json().code).toBe(102);
    expect((await t.call(AUTH.me, {}, { token: userToken })).json().code).toBe(102);
    expect((await t.call(AUTH.me, {}, { token: notaryToken })).json().code).toBe(102);
  });

  it("a disabled operator's session ends at the next call (3013)", async () => {
    const { token, id } = await signInOperator(t);
    await t.app.database.db.updateTable("operators").set({ status: "disabled" }).where("id", "=", id).execute();
    expect((await t.call(AUTH.me, {}, { token })).json().code).toBe(3013);
    await t.app.database.db.updateTable("operators").set({ status: "active" }).where("id", "=", id).execute();
    expect((await t.call(AUTH.me, {}, { token })).json().code).toBe(3013);
  });
});

describe("the development demo operator", () => {
  it("is seeded and signs in with the README's password, then enrols like any operator", async () => {
    const response = (await operatorPasswordLogin(t, DEMO_OPERATOR.account, DEMO_OPERATOR.password)).json();
    expect(response).toMatchObject({ code: 200, datas: { secondFactor: "enrol" } });
    expect(OPERATOR_TEST_PASSWORD).not.toBe(DEMO_OPERATOR.password);
  });
});
