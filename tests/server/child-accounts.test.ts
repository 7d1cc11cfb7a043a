import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { encryptorFor } from "./support/login-client.js";
import { freshIp, passwordLogin, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
let encryptor: Awaited<ReturnType<typeof encryptorFor>>;
let main: RegisteredUser;
let otherMain: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  encryptor = await encryptorFor(t);
  main = await registerUser(t, "13300000001");
  otherMain = await registerUser(t, "boss@example.com");
});
afterAll(async () => t.close());

const create = (owner: RegisteredUser | string, body: Record<string, unknown>) =>
  t.call(CHILD_ACCOUNT_ENDPOINTS.create, body, { token: typeof owner === "string" ? owner : owner.token, ip: freshIp() });
const createChild = (account: string, name: string, password = "init1234", owner: RegisteredUser = main) =>
  create(owner, { account, name, encryptPassword: encryptor.encryptPassword(password) });
const list = (owner: RegisteredUser | string, query: Record<string, unknown> = {}) =>
  t.call(CHILD_ACCOUNT_ENDPOINTS.list, query, { token: typeof owner === "string" ? owner : owner.token });

describe("creating a child account", () => {
  it.each([
    [{ account: "1330000", name: "法务部", encryptPassword: "x" }, "account", "请输入正确的手机号或邮箱"],
    [{ account: "13300000101", name: "", encryptPassword: "x" }, "name", "请输入子账号名称"],
    [{ account: "13300000101", name: "一二三四五六七八九十一二三四五六七八九十一", encryptPassword: "x" }, "name", "子账号名称不超过20个字"],
    [{ account: "13300000101", name: "法务部" }, "encryptPassword", "请输入密码"],
  ])("refuses %j with its message", async (body, field, message) => {
    expect((await create(main, body)).json()).toMatchObject({ code: 1001, extraData: { errors: { [field]: message } } });
  });

  it("refuses an account that is already registered (3003)", async () => {
    const response = (await createChild("boss@example.com", "重复")).json();
    expect(response).toMatchObject({ code: 3003, message: "该账号已注册，请更换手机号或邮箱", extraData: { errors: { account: "该账号已注册，请更换手机号或邮箱" } } });
  });

  it("creates a sub-account (accountType 3) whose first login asks for a new password (3011)", async () => {
    const response = (await createChild("13300000101", "法务部 张三")).json();
    expect(response).toMatchObject({
      code: 200,
      datas: { loginAccount: "13300000101", mobile: "13300000101", name: "法务部 张三", status: "active", statusName: "正常", mustChangePassword: true },
    });
    const login = await passwordLogin(t, "13300000101", "init1234");
    expect(login).toMatchObject({ code: 3011, message: "您的密码由他人设置，为了账号安全，请修改密码" });
    const row = await t.app.services.accounts.users.findById(response.datas.id);
    expect(row).toMatchObject({ account_type: 3, parent_id: main.id, must_change_password: 1 });
  });

  it("refuses a sub-account creating or listing sub-accounts (3030)", async () => {
    await createChild("child-two@example.com", "财务", "init1234");
    const firstLogin = await passwordLogin(t, "child-two@example.com", "init1234");
    expect(firstLogin.code).toBe(3011);
    // "Next time" after 3011 logs the sub-account in.
    const { encrypt, encryptPassword } = encryptor;
    const delayed = (
      await t.call(
        ACCOUNT_ENDPOINTS.delaysUpdatePwd,
        { encryptAccount: encrypt("child-two@example.com"), encryptPassword: encryptPassword("init1234"), ipAddress: "", account: "child-two@example.com" },
        { ip: freshIp() },
      )
    ).json();
    expect(delayed.code).toBe(200);
    expect(delayed.datas.loginUser.accountType).toBe(3);
    const childToken = delayed.datas.token as string;
    const refused = { code: 3030, message: "子账号不能创建或管理子账号，请使用主账号操作" };
    expect((await create(childToken, { account: "13300000199", name: "孙账号", encryptPassword: encryptPassword("init1234") })).json()).toMatchObject(refused);
    expect((await list(childToken)).json()).toMatchObject(refused);
  });
});

describe("the list (pageP)", () => {
  beforeAll(async () => {
    for (let index = 0; index < 11; index += 1) {
      t.clock.advance(1000);
      await createChild(`13300000${200 + index}`, `销售${index}组`);
    }
  });

  it("pages newest first with pageNumber, pageSize, totalPage and totalRow", async () => {
    const first = (await list(main, { pageNumber: 1, pageSize: 10 })).json();
    expect(first.datas).toMatchObject({ pageNumber: 1, pageSize: 10, totalRow: 13, totalPage: 2 });
    expect(first.datas.list).toHaveLength(10);
    expect(first.datas.list[0].name).toBe("销售10组");
    const second = (await list(main, { pageNumber: 2, pageSize: 10 })).json();
    expect(second.datas.list.map((item: { name: string }) => item.name)).toEqual(["销售0组", "财务", "法务部 张三"]);
  });

  it("filters by keyword (account or name) and by status; % in a keyword is a plain character", async () => {
    expect((await list(main, { keyword: "销售1" })).json().datas.list.map((item: { name: string }) => item.name)).toEqual(["销售10组", "销售1组"]);
    expect((await list(main, { keyword: "CHILD-TWO" })).json().datas.totalRow).toBe(1);
    expect((await list(main, { keyword: "%" })).json().datas.totalRow).toBe(0);
    expect((await list(main, { status: "disabled" })).json().datas.totalRow).toBe(0);
    expect((await list(main, { status: "active" })).json().datas.totalRow).toBe(13);
  });

  it("refuses a page size outside 10, 30, 50, 100, 150, 200 and a bad status", async () => {
    expect((await list(main, { pageSize: 7 })).json()).toMatchObject({ code: 1001, message: "每页条数只能为10、30、50、100、150、200" });
    expect((await list(main, { status: "gone" })).json()).toMatchObject({ code: 1001, message: "账号状态只能是正常或已停用" });
  });
});

describe("another main account", () => {
  let childId: number;
  beforeAll(async () => {
    childId = (await list(main, { keyword: "法务部" })).json().datas.list[0].id;
  });

  it("cannot see, rename, disable or enable this account's sub-accounts", async () => {
    const notFound = { code: 404, message: "子账号不存在" };
    expect((await list(otherMain)).json().datas).toMatchObject({ totalRow: 0, list: [] });
    expect((await t.call(CHILD_ACCOUNT_ENDPOINTS.detail, { id: childId }, { token: otherMain.token })).json()).toMatchObject(notFound);
    for (const [path, body] of [
      ["update", { id: childId, name: "被改名" }],
      ["disable", { id: childId }],
      ["enable", { id: childId }],
    ] as const) {
      expect((await t.call(CHILD_ACCOUNT_ENDPOINTS[path], body, { token: otherMain.token })).json()).toMatchObject(notFound);
    }
    const unchanged = (await t.call(CHILD_ACCOUNT_ENDPOINTS.detail, { id: childId }, { token: main.token })).json();
    expect(unchanged.datas).toMatchObject({ name: "法务部 张三", status: "active" });
  });

  it("cannot reach a main account (not a sub-account) through the detail call either", async () => {
    expect((await t.call(CHILD_ACCOUNT_ENDPOINTS.detail, { id: otherMain.id }, { token: main.token })).json().code).toBe(404);
  });
});

describe("renaming, disabling and enabling", () => {
  let childId: number;
  let childToken: string;
  beforeAll(async () => {
    childId = (await list(main, { keyword: "child-two" })).json().datas.list[0].id;
    const { encrypt, encryptPassword } = encryptor;
    await passwordLogin(t, "child-two@example.com", "init1234");
    childToken = (
      await t.call(
        ACCOUNT_ENDPOINTS.delaysUpdatePwd,
        { encryptAccount: encrypt("child-two@example.com"), encryptPassword: encryptPassword("init1234"), ipAddress: "", account: "child-two@example.com" },
        { ip: freshIp() },
      )
    ).json().datas.token;
  });

  it("renames with the name rule", async () => {
    expect((await t.call(CHILD_ACCOUNT_ENDPOINTS.update, { id: childId, name: " " }, { token: main.token })).json()).toMatchObject({ code: 1001, message: "请输入子账号名称" });
    expect((await t.call(CHILD_ACCOUNT_ENDPOINTS.update, { id: childId, name: "财务部" }, { token: main.token })).json().datas.name).toBe("财务部");
  });

  it("disabling ends the sub-account's sessions: its next call answers 3013 and it cannot log in", async () => {
    expect((await t.call(COMMON_ENDPOINTS.getTime, {}, { token: childToken })).json().code).toBe(200);
    const response = (await t.call(CHILD_ACCOUNT_ENDPOINTS.disable, { id: childId }, { token: main.token })).json();
    expect(response.datas).toMatchObject({ status: "disabled", statusName: "已停用" });
    expect((await t.call(COMMON_ENDPOINTS.getTime, {}, { token: childToken })).json().code).toBe(3013);
    expect(await passwordLogin(t, "child-two@example.com", "init1234")).toMatchObject({ code: 3015, message: "该账号已被停用，请联系主账号或客服" });
    expect((await list(main, { status: "disabled" })).json().datas.list.map((item: { id: number }) => item.id)).toEqual([childId]);
  });

  it("enabling lets it log in again", async () => {
    expect((await t.call(CHILD_ACCOUNT_ENDPOINTS.enable, { id: childId }, { token: main.token })).json().datas.status).toBe("active");
    expect((await passwordLogin(t, "child-two@example.com", "init1234")).code).toBe(3011);
  });

  it("shows the name on the sub-account's own profile", async () => {
    const { encrypt, encryptPassword } = encryptor;
    const token = (
      await t.call(
        ACCOUNT_ENDPOINTS.delaysUpdatePwd,
        { encryptAccount: encrypt("child-two@example.com"), encryptPassword: encryptPassword("init1234"), ipAddress: "", account: "child-two@example.com" },
        { ip: freshIp() },
      )
    ).json().datas.token;
    expect((await t.call(PERSONAL_ENDPOINTS.getProfile, {}, { token })).json().datas).toMatchObject({ childAccountName: "财务部", userInfo: { accountType: 3 } });
  });
});
