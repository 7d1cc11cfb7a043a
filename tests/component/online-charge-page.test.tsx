import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ORDER_POLL_MS, OnlineChargePage } from "../../src/pages/personal/recharge/online-charge-page";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { registryPath } from "../../src/resources/registry-paths";
import { BILLING_ENDPOINTS } from "../../src/schema/billing";
import type { Envelope } from "../../src/schema/envelope";
import { RECHARGE_ENDPOINTS } from "../../src/schema/recharge";
import { registryRoute } from "../support/registry-route";
import { fakeHttpClient, RefineHarness } from "./refine-harness";

const ORDER_NO = "P20261124071500ABCDE12345";
const success = (datas: unknown): Envelope<unknown> => ({ code: 200, message: "成功", datas });
const options = success({
  channels: [{ key: "development", label: "模拟支付（开发环境）" }],
  amountChoicesFen: [10_000, 50_000, 100_000, 500_000],
  minFen: 100,
  maxFen: 5_000_000,
});
const order = (state: string, balanceFen: number) =>
  success({ merchantOrderNo: ORDER_NO, amountFen: 10_000, channel: "development", state, createdAt: 1, paidAt: state === "paid" ? 2 : null, balanceFen });

function setup(search = "", answers: Record<string, Envelope<unknown>> = {}) {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setUser({ token: "tk", timestamp: Date.now(), id: 7, loginAccount: "zhangsan" });
  const served: Record<string, Envelope<unknown>> = {
    [RECHARGE_ENDPOINTS.rechargeOptions.path]: options,
    [RECHARGE_ENDPOINTS.createRechargeOrder.path]: success({ merchantOrderNo: ORDER_NO, payment: { kind: "qrCode", codeUrl: "weixin://wxpay/bizpayurl?pr=demo" } }),
    [BILLING_ENDPOINTS.getBalance.path]: success({ list: { balance: "0.00", balanceFen: 0 } }),
    ...answers,
  };
  const { http, calls } = fakeHttpClient(served);
  render(<RefineHarness path={`${registryPath("personal/expenseCenter", "onlineCharge")}${search}`} element={<OnlineChargePage route={registryRoute("personal/expenseCenter", "onlineCharge")} />} sessionStore={sessionStore} http={http} />);
  return { calls, served };
}

describe("在线充值", () => {
  it("sits in the expense centre's frame with its sibling pages as tabs", async () => {
    setup();
    expect(await screen.findByRole("menu", { name: "费用中心页面" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "在线充值" })).toBeInTheDocument();
  });

  it("offers the amount choices, 其他金额 and only the configured channels, and orders the chosen amount", async () => {
    const { calls } = setup();
    for (const label of ["100 元", "500 元", "1,000 元", "5,000 元", "其他金额"]) expect(await screen.findByRole("radio", { name: label })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "模拟支付（开发环境）" })).toBeChecked();
    expect(screen.queryByRole("radio", { name: "支付宝" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText("500 元"));
    await userEvent.click(screen.getByRole("button", { name: "去支付 500 元" }));
    await waitFor(() => expect(calls.find((call) => call.path === RECHARGE_ENDPOINTS.createRechargeOrder.path)?.params).toEqual({ amount: "500.00", channel: "development", returnPath: registryPath("personal/expenseCenter", "onlineCharge") }));
    // A QR-code provider's answer is shown on the page.
    expect(await screen.findByText("请使用微信扫描二维码完成支付")).toBeInTheDocument();
  });

  it("orders a typed amount in whole fen and asks for one when none is typed", async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByText("其他金额"));
    await userEvent.click(screen.getByRole("button", { name: /去支付/ }));
    expect(await screen.findByText("充值金额须在 1 至 50,000 元之间，最多两位小数")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("spinbutton", { name: "其他金额（元）" }), "88.8");
    await userEvent.click(screen.getByRole("button", { name: /去支付/ }));
    await waitFor(() => expect(calls.find((call) => call.path === RECHARGE_ENDPOINTS.createRechargeOrder.path)?.params).toEqual({ amount: "88.80", channel: "development", returnPath: registryPath("personal/expenseCenter", "onlineCharge") }));
  });

  it("back from the cashier, shows a paid order with the new balance", async () => {
    const { calls } = setup(`?merchantOrderNo=${ORDER_NO}`, { [RECHARGE_ENDPOINTS.rechargeOrder.path]: order("paid", 10_000) });
    expect(await screen.findByText("充值成功")).toBeInTheDocument();
    expect(screen.getByText(/当前账户余额 100.00 元/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === RECHARGE_ENDPOINTS.rechargeOrder.path)?.params).toEqual({ merchantOrderNo: ORDER_NO });
  });

  it("waits while the order is unpaid, asking again until it is paid", async () => {
    const { served } = setup(`?merchantOrderNo=${ORDER_NO}`, { [RECHARGE_ENDPOINTS.rechargeOrder.path]: order("created", 0) });
    expect(await screen.findByText("正在确认支付结果…")).toBeInTheDocument();
    served[RECHARGE_ENDPOINTS.rechargeOrder.path] = order("paid", 10_000);
    expect(await screen.findByText("充值成功", {}, { timeout: ORDER_POLL_MS * 3 })).toBeInTheDocument();
  });

  it("shows a failed order as not credited", async () => {
    setup(`?merchantOrderNo=${ORDER_NO}`, { [RECHARGE_ENDPOINTS.rechargeOrder.path]: order("failed", 0) });
    expect(await screen.findByText("支付失败")).toBeInTheDocument();
    expect(screen.getByText(/未入账/)).toBeInTheDocument();
  });
});
