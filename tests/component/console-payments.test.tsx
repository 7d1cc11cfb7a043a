import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { finance } from "../../src/resources/console/finance";
import { consolePath } from "../../src/resources/registry-paths";
import { OPERATOR_AUTH_ENDPOINTS } from "../../src/schema/console/operator-auth";
import { PAYMENT_CONSOLE_ENDPOINTS, type PaymentOrderRecord, type PaymentRefundRecord } from "../../src/schema/console/payments";
import { permissionsOf, type OperatorRole } from "../../src/schema/console/permissions";
import { ok, type ScriptedAnswer } from "./account-harness";
import { renderConsole } from "./console-harness";
import { useDesktopMediaQueries } from "./desktop-media";

// The first render of a file pays for antd's and ProLayout's styles being built.
vi.setConfig({ testTimeout: 30_000 });
useDesktopMediaQueries();

const ORDERS = consolePath("finance/paymentOrders", "dataList");
const REFUNDS = consolePath("finance/refunds", "dataList");
const TIME = Date.UTC(2026, 10, 24, 2, 30, 0);
const page = <T,>(list: T[]) => ok({ list, pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: list.length });

const order: PaymentOrderRecord = {
  merchantOrderNo: "P20261124023000ABCDEFGHIJ",
  userId: 7,
  customerAccount: "13912340001",
  channel: "alipay",
  amountFen: 8880,
  state: "paid",
  providerTradeNo: "2026112422001",
  createTime: TIME,
  paidTime: TIME,
  closedTime: null,
};

const refund = (overrides: Partial<PaymentRefundRecord> = {}): PaymentRefundRecord => ({
  id: 3,
  refundNo: "R20261124023500ABCDEFGHIJ",
  merchantOrderNo: "P20261124020000ZYXWVUTSRQ",
  userId: 7,
  customerAccount: "13912340001",
  channel: "wechatpay",
  amountFen: 10_000,
  reason: "paidAfterClose",
  state: "refundFailed",
  attempts: 1,
  createTime: TIME,
  updateTime: TIME,
  refundedTime: null,
  ...overrides,
});

function open(path: string, roles: OperatorRole[], script: Record<string, ScriptedAnswer> = {}) {
  const profile = { id: 5, account: "qian.cai", name: "钱财", roles, permissions: permissionsOf(roles) };
  return renderConsole({ path, roles, registry: [finance], script: { [OPERATOR_AUTH_ENDPOINTS.me.path]: ok(profile), ...script } });
}

describe("支付订单", () => {
  it("lists the orders with their channel, amount, state and customer", async () => {
    open(ORDERS, ["finance"], { [PAYMENT_CONSOLE_ENDPOINTS.orders.path]: page([order]) });
    const row = (await screen.findByText("P20261124023000ABCDEFGHIJ")).closest("tr")!;
    for (const text of ["13912340001", "支付宝", "88.80 元", "已支付"]) expect(within(row).getByText(text)).toBeInTheDocument();
  });

  it("is refused to an operator whose role does not grant finance.manage", async () => {
    const view = open(ORDERS, ["contentEditor"], { [PAYMENT_CONSOLE_ENDPOINTS.orders.path]: page([order]) });
    expect(await screen.findByText("您的角色无权访问此页面")).toBeInTheDocument();
    expect(screen.queryByText("P20261124023000ABCDEFGHIJ")).not.toBeInTheDocument();
    expect(view.callsTo(PAYMENT_CONSOLE_ENDPOINTS.orders.path)).toEqual([]);
  });
});

describe("退款", () => {
  it("offers 重试 on a failed refund only, confirms it, and reads the list again", async () => {
    const refunded = refund({ id: 4, refundNo: "R20261124024000KLMNOPQRST", state: "refunded", attempts: 1, refundedTime: TIME });
    const view = open(REFUNDS, ["finance"], {
      [PAYMENT_CONSOLE_ENDPOINTS.refunds.path]: [page([refund(), refunded]), page([refund({ state: "refunded", attempts: 2 }), refunded])],
      [PAYMENT_CONSOLE_ENDPOINTS.retryRefund.path]: ok(refund({ state: "refunded", attempts: 2, refundedTime: TIME })),
    });
    const failedRow = (await screen.findByText("R20261124023500ABCDEFGHIJ")).closest("tr")!;
    expect(within(failedRow).getByText("退款失败")).toBeInTheDocument();
    expect(within(failedRow).getByText("订单关闭后收到付款，原路退回")).toBeInTheDocument();
    const refundedRow = screen.getByText("R20261124024000KLMNOPQRST").closest("tr")!;
    expect(within(refundedRow).queryByRole("button", { name: "重试" })).not.toBeInTheDocument();

    await userEvent.setup().click(within(failedRow).getByRole("button", { name: "重试" }));
    const dialog = await screen.findByRole("dialog", { name: "重试退款" });
    expect(dialog).toHaveTextContent("100.00 元");
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "确认重试" }));
    await waitFor(() => expect(view.callsTo(PAYMENT_CONSOLE_ENDPOINTS.retryRefund.path)).toHaveLength(1));
    expect(view.callsTo(PAYMENT_CONSOLE_ENDPOINTS.retryRefund.path)[0]!.params).toEqual({ id: 3 });
    expect(await screen.findByText("重试完成：已退款")).toBeInTheDocument();
    await waitFor(() => expect(view.callsTo(PAYMENT_CONSOLE_ENDPOINTS.refunds.path).length).toBeGreaterThanOrEqual(2));
  });
});
