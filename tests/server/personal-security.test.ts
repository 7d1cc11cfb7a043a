import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { encryptorFor } from "./support/login-client.js";
import { codeSentWithSession, freshIp, passwordLogin, registerUser, userInfoOf, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
let encryptor: Awaited<ReturnType<typeof encryptorFor>>;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  encryptor = await encryptorFor(t);
});
afterAll(async () => t.close());

const checkAccount = async (account: string) => (await t.call(ACCOUNT_ENDPOINTS.checkAccount, { account })).json().code;
const getTime = async (token: string) => (await t.call(COMMON_ENDPOINTS.getTime, {}, { token })).json().code;

describe("binding a mobile number", () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await registerUser(t, "13500000001");
  });
  const bind = (body: Record<string, unknown>) => t.call(PERSONAL_ENDPOINTS.bindMobile, body, { token: user.token, ip: freshIp() });

  it("refuses a malformed number, the current number and a wrong code, changing nothing", async () => {
    expect((await bind({ mobile: "12345", vCode: "123456" })).json()).toMatchObject({ code: 1001, extraData: { errors: { mobile: "请输入正确的手机号" } } });
    expect((await bind({ mobile: "13500000001", vCode: "123456" })).json()).toMatchObject({ code: 1001, message: "该手机号已绑定当前账号" });
    await codeSentWithSession(t, "13500000011", 4, user.token);
    expect((await bind({ mobile: "13500000011", vCode: "000000" })).json()).toMatchObject({ code: 1003 });
    expect((await userInfoOf(t, user)).mobile).toBe("13500000001");
  });

  it("will not send a binding code without a session, nor to a number another account uses", async () => {
    expect((await t.call(ACCOUNT_ENDPOINTS.sendPhoneVCode, { account: "13500000012", type: 4 }, { ip: freshIp() })).json().code).toBe(102);
    const taken = await registerUser(t, "13500000099");
    const sent = await codeSentWithSession(t, taken.account, 4, user.token);
    expect(sent.sent).toMatchObject({ code: 3003 });
    expect((await bind({ mobile: taken.account, vCode: "123456" })).json()).toMatchObject({ code: 3003, message: "该手机号已被其他账号使用" });
  });

  it("binds the new number with its code; the login account follows it and the old number is free", async () => {
    t.clock.advance(61_000);
    const { code } = await codeSentWithSession(t, "13500000011", 4, user.token);
    const response = (await bind({ mobile: "13500000011", vCode: code })).json();
    expect(response).toMatchObject({ code: 200, datas: { userInfo: { mobile: "13500000011", loginAccount: "13500000011" } } });
    expect(await checkAccount("13500000001")).toBe(3001);
    expect((await passwordLogin(t, "13500000011", user.password)).code).toBe(200);
  });
});

describe("binding an e-mail address", () => {
  it("adds the address (stored in lower case) and keeps the mobile login account", async () => {
    const user = await registerUser(t, "13500000002");
    const bind = (body: Record<string, unknown>) => t.call(PERSONAL_ENDPOINTS.bindEmail, body, { token: user.token, ip: freshIp() });
    expect((await bind({ mail: "not-an-address", vCode: "1" })).json()).toMatchObject({ code: 1001, extraData: { errors: { mail: "请输入正确的邮箱" } } });
    const { code } = await codeSentWithSession(t, "Wang.Wu@Example.com", 4, user.token);
    const response = (await bind({ mail: "Wang.Wu@Example.com", vCode: code })).json();
    expect(response.datas.userInfo).toMatchObject({ mail: "wang.wu@example.com", mobile: "13500000002", loginAccount: "13500000002" });
    expect(await checkAccount("wang.wu@example.com")).toBe(3002);
  });
});

describe("changing the password", () => {
  let user: RegisteredUser;
  let otherSession: string;
  beforeAll(async () => {
    user = await registerUser(t, "13500000003", "old12345");
    otherSession = (await passwordLogin(t, user.account, "old12345")).datas.token;
  });
  const change = (oldPassword: string, newPassword: string) =>
    t.call(
      PERSONAL_ENDPOINTS.changePassword,
      { encryptOldPassword: encryptor.encryptPassword(oldPassword), encryptPassword: encryptor.encryptPassword(newPassword) },
      { token: user.token, ip: freshIp() },
    );

  it("refuses a wrong old password (3025) and a new one equal to the old, changing nothing", async () => {
    expect((await change("wrong123", "new12345")).json()).toMatchObject({ code: 3025, message: "原密码错误", extraData: { errors: { encryptOldPassword: "原密码错误" } } });
    expect((await change("old12345", "old12345")).json()).toMatchObject({ code: 1001, message: "新密码不能与原密码相同" });
    expect(await getTime(otherSession)).toBe(200);
  });

  it("refuses a password that was not encrypted like a login", async () => {
    const response = await t.call(PERSONAL_ENDPOINTS.changePassword, { encryptOldPassword: "old12345", encryptPassword: "new12345" }, { token: user.token });
    expect(response.json()).toMatchObject({ code: 1004 });
  });

  it("changes it: every old token ends (3013), a new token is handed back, and the new password logs in", async () => {
    const response = (await change("old12345", "new12345")).json();
    expect(response).toMatchObject({ code: 200, datas: { token: expect.any(String) } });
    expect(await getTime(user.token)).toBe(3013);
    expect(await getTime(otherSession)).toBe(3013);
    expect(await getTime(response.datas.token)).toBe(200);
    expect((await passwordLogin(t, user.account, "old12345")).code).toBe(3010);
    expect((await passwordLogin(t, user.account, "new12345")).code).toBe(200);
  });
});

describe("two-step login", () => {
  it("is switched on and off; the login answers 3012 while it is on", async () => {
    const user = await registerUser(t, "13500000004");
    const set = (enabled: unknown) => t.call(PERSONAL_ENDPOINTS.setTwoStep, { enabled }, { token: user.token });
    expect((await set("yes")).json()).toMatchObject({ code: 1001, message: "请选择开启或关闭" });
    expect((await set(true)).json()).toMatchObject({ code: 200, datas: { twoStepEnabled: true } });
    expect((await t.call(PERSONAL_ENDPOINTS.getProfile, {}, { token: user.token })).json().datas.twoStepEnabled).toBe(true);
    expect((await passwordLogin(t, user.account, user.password)).code).toBe(3012);
    await set(false);
    expect((await passwordLogin(t, user.account, user.password)).code).toBe(200);
  });
});

describe("cancelling the account", () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await registerUser(t, "13500000005");
  });
  const cancel = (body: Record<string, unknown>, token = user.token) => t.call(PERSONAL_ENDPOINTS.cancelAccount, body, { token, ip: freshIp() });

  it("requires 确认注销 typed exactly", async () => {
    const response = (await cancel({ account: user.account, vCode: "123456", confirmText: "确认" })).json();
    expect(response).toMatchObject({ code: 1001, extraData: { errors: { confirmText: "请输入“确认注销”" } } });
  });

  it("takes the code only from the account's own phone or e-mail", async () => {
    const stranger = await registerUser(t, "13500000055");
    expect((await codeSentWithSession(t, stranger.account, 7, user.token)).sent.code).toBe(1001);
    const response = (await cancel({ account: stranger.account, vCode: "123456", confirmText: "确认注销" })).json();
    expect(response).toMatchObject({ code: 1001, message: "只能使用本账号绑定的手机号或邮箱验证" });
    expect((await cancel({ account: user.account, vCode: "000000", confirmText: "确认注销" })).json().code).toBe(1003);
    expect(await getTime(user.token)).toBe(200);
  });

  it("is refused to a main account with enabled sub-accounts until they are disabled", async () => {
    const child = await t.call(
      CHILD_ACCOUNT_ENDPOINTS.create,
      { account: "13500000056", name: "法务", encryptPassword: encryptor.encryptPassword("child123") },
      { token: user.token },
    );
    // A minute after the registration code, so the per-number interval allows another.
    t.clock.advance(61_000);
    const { code } = await codeSentWithSession(t, user.account, 7, user.token);
    expect((await cancel({ account: user.account, vCode: code, confirmText: "确认注销" })).json()).toMatchObject({
      code: 3026,
      message: "请先停用全部子账号，再注销主账号",
    });
    await t.call(CHILD_ACCOUNT_ENDPOINTS.disable, { id: child.json().datas.id }, { token: user.token });
  });

  it("cancels: status cancelled, every session ended, no more login, and the row is kept", async () => {
    t.clock.advance(61_000);
    const second = (await passwordLogin(t, user.account, user.password)).datas.token;
    const { code } = await codeSentWithSession(t, user.account, 7, user.token);
    expect((await cancel({ account: user.account, vCode: code, confirmText: "确认注销" })).json()).toMatchObject({ code: 200 });
    expect(await getTime(user.token)).toBe(3013);
    expect(await getTime(second)).toBe(3013);
    expect((await passwordLogin(t, user.account, user.password))).toMatchObject({ code: 3015, message: "该账号已注销" });
    const row = await t.app.services.accounts.users.findById(user.id);
    expect(row).toMatchObject({ status: "cancelled", mobile: user.account, cancelled_at: expect.any(Number) });
  });
});
