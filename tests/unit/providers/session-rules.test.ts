import { describe, expect, it } from "vitest";
import { hasSignedInAccount, isSubAccount, resolveDisplayName } from "../../../src/providers/session-rules";
import type { UserSession } from "../../../src/providers/session-store";

const base: UserSession = { token: "tk", timestamp: 1 };
const everything: UserSession = {
  ...base,
  enterpriseName: "衡证科技有限公司",
  userRealName: "张三",
  loginAccount: "zhangsan",
  mobile: "13800000000",
  mail: "z@example.cn",
};

describe("resolveDisplayName (spec §6)", () => {
  it.each([
    ["enterprise name when organisation and person are verified", { ...everything, enterpriseStatus: 2, realNameStatus: 2 }, "衡证科技有限公司"],
    ["real name when only the person is verified", { ...everything, enterpriseStatus: 1, realNameStatus: 2 }, "张三"],
    ["real name when only the organisation is verified", { ...everything, enterpriseStatus: 2, realNameStatus: 1 }, "张三"],
    ["login account without a real name", { ...everything, userRealName: null }, "zhangsan"],
    ["mobile next", { ...base, mobile: "13800000000", mail: "z@example.cn", loginAccount: " " }, "13800000000"],
    ["mail last", { ...base, mail: "z@example.cn" }, "z@example.cn"],
    ["nothing known", base, ""],
  ])("%s", (_case, user, expected) => {
    expect(resolveDisplayName(user)).toBe(expected);
  });

  it("is empty for no user", () => {
    expect(resolveDisplayName(null)).toBe("");
  });
});

describe("isSubAccount", () => {
  it.each([
    [3, true],
    [1, false],
    [undefined, false],
  ])("accountType %s → %s", (accountType, expected) => {
    expect(isSubAccount({ ...base, accountType })).toBe(expected);
  });
});

describe("hasSignedInAccount (the login panel hides, spec §4)", () => {
  it.each<[string, UserSession | null, boolean]>([
    ["nobody", null, false],
    ["a token without an account", base, false],
    ["a login account", { ...base, loginAccount: "zhangsan" }, true],
    ["a mobile", { ...base, mobile: "13800138000" }, true],
    ["a mail", { ...base, mail: "a@b.cn" }, true],
  ])("%s → %s", (_case, user, expected) => {
    expect(hasSignedInAccount(user)).toBe(expected);
  });
});
