import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PURCHASE_TEXT, PurchasePackagePage } from "../../src/pages/personal/expense/purchase-package-page";
import { deriveRoutes } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { registryPath } from "../../src/resources/registry-paths";
import { BILLING_ENDPOINTS, INSUFFICIENT_BALANCE_MESSAGE } from "../../src/schema/billing";
import { COMMON_ENDPOINTS } from "../../src/schema/common";
import { formatYuan } from "../../src/schema/money";
import { PURCHASE_ENDPOINTS, type Product } from "../../src/schema/purchase";
import { ok } from "./account-harness";
import { MAIN_ACCOUNT, renderPersonal } from "./personal-harness";

/**
 * The purchasePackage page (issue 14): the price table with its dated promotion, quantity and
 * total against the balance, and a purchase sent once per confirmed attempt.
 */

const PATH = registryPath("personal/expenseCenter", "purchasePackage");
const ROUTE = deriveRoutes(REGISTRY).find((route) => route.path === PATH)!;
const PROMOTION = { name: "首发优惠", start: "2017-09-15", end: "2017-11-15", priceFen: 150_000 };
const PRODUCTS: Product[] = [
  { code: "30001", kind: "package", name: "快照保全套餐", unitCount: 1, notarisations: 0, regularPriceFen: null, promotion: null, priceFen: null },
  { code: "bundle-10", kind: "bundle", name: "1次公证 + 10条网页快照", unitCount: 10, notarisations: 1, regularPriceFen: 280_000, promotion: PROMOTION, priceFen: 280_000 },
];
const balance = (fen: number) => ok({ list: { balance: (fen / 100).toFixed(2), balanceFen: fen } });

function open(options: { path?: string; balanceFen?: number; user?: Record<string, unknown>; purchase?: ReturnType<typeof ok> | { code: number; message: string; datas: null } } = {}) {
  return renderPersonal({
    path: options.path ?? PATH,
    user: options.user,
    element: <PurchasePackagePage route={ROUTE} />,
    script: {
      [COMMON_ENDPOINTS.getTime.path]: ok({ serverTime: Date.parse("2026-11-24T12:00:00+08:00") }),
      [BILLING_ENDPOINTS.getBalance.path]: balance(options.balanceFen ?? 1_000_000),
      [PURCHASE_ENDPOINTS.productPrices.path]: ok({ list: PRODUCTS }),
      [PURCHASE_ENDPOINTS.myPackages.path]: ok({ packages: [], bundles: [] }),
      [PURCHASE_ENDPOINTS.purchase.path]: options.purchase ?? ok({ purchaseId: 1, productCode: "bundle-10", quantity: 2, totalFen: 560_000, balanceFen: 440_000 }),
    },
  });
}

describe("purchasePackage page", () => {
  it("lists the prices, an unpriced package as not for sale, and the 2017 promotion as dated and ended", async () => {
    open();
    expect(await screen.findByText(`${formatYuan(280_000)} 元/份`)).toBeInTheDocument();
    expect(screen.getByText(PURCHASE_TEXT.notForSale)).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /快照保全套餐/ })).toBeDisabled();
    expect(screen.getByText(`首发优惠 2017年09月15日至2017年11月15日 活动价 ${formatYuan(150_000)} 元（已结束）`)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: PURCHASE_TEXT.buy })).toBeDisabled();
  });

  it("buys the product the activity page chose, in the quantity given, after confirmation, with one attempt id", async () => {
    const { callsTo } = open({ path: `${PATH}?product=bundle-10` });
    await screen.findByText(`${formatYuan(280_000)} 元/份`);
    const quantity = screen.getByRole("spinbutton", { name: "购买数量" });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, "2");
    await userEvent.tab();
    expect(await screen.findByText(formatYuan(560_000))).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: PURCHASE_TEXT.buy }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(new RegExp(`共 ${formatYuan(560_000)} 元`))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "确认支付" }));
    expect(await screen.findByText(PURCHASE_TEXT.bought)).toBeInTheDocument();
    const [call] = callsTo(PURCHASE_ENDPOINTS.purchase.path);
    expect(call.params).toMatchObject({ uid: MAIN_ACCOUNT.id, productCode: "bundle-10", quantity: 2 });
    expect(String((call.params as { attemptId: string }).attemptId)).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });

  it("says the balance is short and keeps the buy button disabled", async () => {
    open({ path: `${PATH}?product=bundle-10`, balanceFen: 100 });
    expect(await screen.findByText("账户余额不足，请先充值")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: PURCHASE_TEXT.buy })).toBeDisabled());
  });

  it("shows the server's refusal", async () => {
    open({ path: `${PATH}?product=bundle-10`, purchase: { code: 301, message: INSUFFICIENT_BALANCE_MESSAGE, datas: null } });
    await screen.findByText(`${formatYuan(280_000)} 元/份`);
    await userEvent.click(screen.getByRole("button", { name: PURCHASE_TEXT.buy }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "确认支付" }));
    expect(await screen.findByText(INSUFFICIENT_BALANCE_MESSAGE)).toBeInTheDocument();
  });

  it("tells a sub-account that paid products belong to the main account", async () => {
    open({ user: { ...MAIN_ACCOUNT, accountType: 3 } });
    expect(await screen.findByText(PURCHASE_TEXT.subAccount)).toBeInTheDocument();
  });
});
