import { describe, expect, it } from "vitest";
import { activeNavResource, headerShortcuts, personalNavItems } from "../../../src/components/shell/personal-nav";
import type { UserSession } from "../../../src/providers/session-store";

const MAIN: UserSession = { token: "tk", timestamp: 0, accountType: 1 };
const ORGANISATION: UserSession = { token: "tk", timestamp: 0, accountType: 2 };
const SUB: UserSession = { token: "tk", timestamp: 0, accountType: 3 };

describe("header shortcuts (spec §2 logged-in shell)", () => {
  it.each([
    ["a sub-account (accountType 3)", SUB, [["修改密码", "/personal/securityCenter/changePassword"], ["消费记录", "/personal/expenseCenter/expenseRecord"]]],
    ["a personal account", MAIN, [["在线充值", "/personal/expenseCenter/onlineCharge"], ["购买套餐", "/personal/expenseCenter/purchasePackage"]]],
    ["an organisation", ORGANISATION, [["在线充值", "/personal/expenseCenter/onlineCharge"], ["购买套餐", "/personal/expenseCenter/purchasePackage"]]],
    ["nobody stored", null, [["在线充值", "/personal/expenseCenter/onlineCharge"], ["购买套餐", "/personal/expenseCenter/purchasePackage"]]],
  ] as const)("%s", (_label, user, expected) => {
    expect(headerShortcuts(user).map((shortcut) => [shortcut.label, shortcut.to])).toEqual(expected);
  });
});

describe("personal side navigation", () => {
  it("lists the six sections in the spec's order, each leading to its default page", () => {
    expect(personalNavItems(MAIN).map((item) => [item.label, item.to])).toEqual([
      ["运营面板", "/personal/operationPanel"],
      ["账号管理", "/personal/accountManagement"],
      ["子账号管理", "/personal/childAccountManagement/dataList"],
      ["安全中心", "/personal/securityCenter/authentication"],
      ["费用中心", "/personal/expenseCenter/onlineCharge"],
      ["发票管理", "/personal/invoiceAdmin/invoicetoRecord"],
    ]);
  });

  it("sends a sub-account's expense centre to its expense record (spec §6)", () => {
    expect(personalNavItems(SUB).find((item) => item.label === "费用中心")?.to).toBe("/personal/expenseCenter/expenseRecord");
  });

  it.each([
    ["/personal/operationPanel", "personal/operationPanel"],
    ["/personal/securityCenter/bindMobile", "personal/securityCenter"],
    ["/personal/invoiceAdmin/invoiceDetail", "personal/invoiceAdmin"],
    ["/personal/expenseCenterX", undefined],
    ["/index", undefined],
  ])("marks %s as part of %s", (pathname, expected) => {
    expect(activeNavResource(personalNavItems(MAIN), pathname)).toBe(expected);
  });
});
