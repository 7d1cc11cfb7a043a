import { describe, expect, it } from "vitest";
import { CreateRechargeOrderSchema, MAX_RECHARGE_FEN, MIN_RECHARGE_FEN, rechargeAmountFen } from "../../../src/schema/recharge";
import { registryPath } from "../../../src/resources/registry-paths";

describe("recharge amounts", () => {
  it.each([
    ["1", 100],
    ["88.8", 8880],
    ["1.29", 129],
    [" 100 ", 10_000],
    ["50000", 5_000_000],
    ["50000.00", 5_000_000],
  ])("accepts %s as %i fen", (text, fen) => {
    expect(rechargeAmountFen(text)).toBe(fen);
  });

  it.each(["0.99", "0", "50000.01", "1.001", "-1", "1e3", "abc", "", "01"])("refuses %s", (text) => {
    expect(rechargeAmountFen(text)).toBeNull();
  });

  it("keeps the limits at 1 and 50,000 yuan", () => {
    expect([MIN_RECHARGE_FEN, MAX_RECHARGE_FEN]).toEqual([100, 5_000_000]);
  });

  it("refuses a bad amount or channel with a Chinese message", () => {
    const bad = CreateRechargeOrderSchema.safeParse({ amount: "0.5", channel: "cash", returnPath: registryPath("personal/expenseCenter", "onlineCharge") });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual(["充值金额须在 1 至 50,000 元之间，最多两位小数", "请选择支付方式"]);
  });

  it.each(["//evil.example/pay", "https://evil.example/", "personal/page", "/page?x=1", ""])("refuses %j as the page to return to: only a path of this site", (returnPath) => {
    const checked = CreateRechargeOrderSchema.safeParse({ amount: "100", channel: "development", returnPath });
    expect(checked.error?.issues.map((issue) => issue.message)).toEqual(["返回页面地址不正确"]);
  });
});
