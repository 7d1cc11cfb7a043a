import { describe, expect, it } from "vitest";
import { accountLimitOf, type AccountFacts } from "../../../server/modules/billing/account-limits.js";
import { formatBalanceYuan, isMonitorCreationBlocked, yuanAmount } from "../../../src/schema/billing.js";

const usable: AccountFacts = { productCode: 40001, isSubAccount: false, isIdentityVerified: true, balanceFen: 1, hasOfflineContract: false };

describe("accountLimitOf: the first limit a user must fix", () => {
  it.each<[string, Partial<AccountFacts>, number | null]>([
    ["a verified main account with money", {}, null],
    ["an offline contract instead of money", { balanceFen: 0, hasOfflineContract: true }, null],
    ["an offline contract despite a debt", { balanceFen: -1, hasOfflineContract: true }, null],
    ["no money, no contract", { balanceFen: 0 }, 301],
    ["a debt, no contract", { balanceFen: -1 }, 301],
    ["not verified (before money)", { isIdentityVerified: false, balanceFen: 0 }, 304],
    ["a sub-account (before verification and money)", { isSubAccount: true, isIdentityVerified: false, balanceFen: 0 }, 305],
    ["an unknown product (before everything else)", { productCode: 1, isSubAccount: true, isIdentityVerified: false, balanceFen: 0 }, 309],
  ])("%s → %s", (_case, facts, code) => {
    expect(accountLimitOf({ ...usable, ...facts })).toBe(code);
  });
});

describe("money and codes of the billing contract", () => {
  it.each([
    [0, "0.00", "0.00"],
    [5, "0.05", "0.05"],
    [-1250, "-12.50", "-12.50"],
    [150_000, "1500.00", "1,500.00"],
    [-99, "-0.99", "-0.99"],
  ])("%i fen is %s yuan in the API and %s on screen", (fen, api, screen) => {
    expect(yuanAmount(fen)).toBe(api);
    expect(formatBalanceYuan(fen)).toBe(screen);
  });

  it("refuses a fractional fen amount", () => {
    expect(() => yuanAmount(1.5)).toThrow(RangeError);
  });

  it.each([[301, true], [304, true], [305, true], [309, true], [200, false], [500, false], [302, false]])("code %i blocks new monitoring: %s", (code, blocked) => {
    expect(isMonitorCreationBlocked(code)).toBe(blocked);
  });
});
