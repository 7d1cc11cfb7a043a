import { describe, expect, it } from "vitest";
import { headerShortcuts } from "../../../src/components/shell/header-shortcuts";
import type { UserSession } from "../../../src/providers/session-store";
import { APP_LINKS, registryPath } from "../../../src/resources/registry-paths";

const PURCHASE_PACKAGE = registryPath("personal/expenseCenter", "purchasePackage");
const ONLINE_CHARGE = registryPath("personal/expenseCenter", "onlineCharge");

const MAIN: UserSession = { token: "tk", timestamp: 0, accountType: 1 };
const ORGANISATION: UserSession = { token: "tk", timestamp: 0, accountType: 2 };
const SUB: UserSession = { token: "tk", timestamp: 0, accountType: 3 };

// The side navigation, derived from the registry now, is tested in tests/unit/resources/derive.test.ts.
describe("header shortcuts (spec §2 logged-in shell)", () => {
  it.each([
    ["a sub-account (accountType 3)", SUB, [["修改密码", registryPath("personal/securityCenter", "changePassword")], ["消费记录", registryPath("personal/expenseCenter", "expenseRecord")]]],
    ["a personal account", MAIN, [["在线充值", ONLINE_CHARGE], ["购买套餐", PURCHASE_PACKAGE]]],
    ["an organisation", ORGANISATION, [["在线充值", ONLINE_CHARGE], ["购买套餐", PURCHASE_PACKAGE]]],
    ["nobody stored", null, [["在线充值", ONLINE_CHARGE], ["购买套餐", PURCHASE_PACKAGE]]],
  ] as const)("%s", (_label, user, expected) => {
    expect(headerShortcuts(user, APP_LINKS).map((shortcut) => [shortcut.label, shortcut.to])).toEqual(expected);
  });
});
