import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { OperationPanelPage } from "../../src/pages/personal/operation-panel-page";
import { createAccountClient } from "../../src/providers/account-client";
import { createAuthProvider } from "../../src/providers/auth-provider";
import { createLoginCrypto } from "../../src/providers/login-crypto";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { BILLING_ENDPOINTS } from "../../src/schema/billing";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account";
import type { Envelope } from "../../src/schema/envelope";
import { disabledLinkButton } from "./disabled-link-button";
import { fakeHttpClient, RefineHarness } from "./refine-harness";

const balance = (fen: number, yuan: string): Envelope<unknown> => ({ code: 200, message: "成功", datas: { list: { balance: yuan, balanceFen: fen } } });
const usable: Envelope<unknown> = { code: 200, message: "账户可以使用该产品", datas: null };

function setup(user: Record<string, unknown>, answers: Record<string, Envelope<unknown>> = {}) {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setUser({ token: "tk", timestamp: Date.now(), id: 7, ...user });
  const { http, calls } = fakeHttpClient({
    [ACCOUNT_ENDPOINTS.logout.path]: { code: 200, message: "成功", datas: null },
    [BILLING_ENDPOINTS.getBalance.path]: balance(0, "0.00"),
    [BILLING_ENDPOINTS.accountStatus.path]: usable,
    ...answers,
  });
  const accounts = createAccountClient({ http, crypto: createLoginCrypto({ http }) });
  const authProvider = createAuthProvider({ http, sessionStore, now: Date.now, showMessage: vi.fn(), accounts, getLocation: () => window.location });
  render(<RefineHarness path="/personal/operationPanel" element={<OperationPanelPage />} sessionStore={sessionStore} http={http} authProvider={authProvider} />);
  return { sessionStore, calls };
}

describe("operation panel", () => {
  it("greets by the display name of spec §6", async () => {
    setup({ enterpriseName: "衡证科技有限公司", enterpriseStatus: 2, realNameStatus: 2, userRealName: "张三" });
    expect(screen.getByText(/您好，衡证科技有限公司/)).toBeInTheDocument();
    await screen.findByRole("link", { name: "余额 0 元，立即充值" });
  });

  it("falls back to the mobile number", async () => {
    setup({ mobile: "13800000000" });
    expect(screen.getByText(/您好，13800000000/)).toBeInTheDocument();
    await screen.findByRole("link", { name: "余额 0 元，立即充值" });
  });

  it("asks getBalance for the signed-in user and accountStatus for information monitoring (40001, count 1)", async () => {
    const { calls } = setup({ loginAccount: "zhangsan" });
    await screen.findByRole("link", { name: "余额 0 元，立即充值" });
    expect(calls.find((call) => call.path === BILLING_ENDPOINTS.getBalance.path)?.params).toEqual({ uid: 7 });
    await waitFor(() => expect(calls.find((call) => call.path === BILLING_ENDPOINTS.accountStatus.path)?.params).toEqual({ uid: 7, productCode: 40001, count: 1 }));
  });

  // Spec §4: zero invites a first recharge, a debt shows the balance then recharge, a credit offers to top up again.
  it.each([
    [0, "0.00", "0.00", "余额 0 元，立即充值"],
    [-1250, "-12.50", "-12.50", "余额 -12.50 元，请充值"],
    [150_000, "1500.00", "1,500.00", "余额 1,500.00 元，继续充值"],
    [12_345, "123.45", "123.45", "余额 123.45 元，继续充值"],
  ])("with %i fen shows the balance %s yuan and the recharge button reads as the rule says", async (fen, yuan, shown, label) => {
    setup({ loginAccount: "zhangsan" }, { [BILLING_ENDPOINTS.getBalance.path]: balance(fen, yuan) });
    const recharge = await screen.findByRole("link", { name: label });
    expect(recharge).toHaveAttribute("href", "/personal/expenseCenter/onlineCharge");
    expect(screen.getByText("账户余额（元）")).toBeInTheDocument();
    expect(screen.getByText(shown, { selector: ".ant-statistic-content-value *, .ant-statistic-content-value" })).toBeInTheDocument();
  });

  it("links to new information monitoring and the certificate list", async () => {
    setup({ loginAccount: "zhangsan" });
    expect(await screen.findByRole("link", { name: "新建信息监测" })).toHaveAttribute("href", "/monitor/text/ystwnew");
    expect(screen.getByRole("link", { name: "证书列表" })).toHaveAttribute("href", "/monitor/text/ystwdataList");
  });

  it("says so when the balance cannot be read, and still offers a plain recharge", async () => {
    setup({ loginAccount: "zhangsan" }, { [BILLING_ENDPOINTS.getBalance.path]: { code: 500, message: "网络异常，请稍后重试", datas: null } });
    expect(await screen.findByText("账户余额暂时无法读取：网络异常，请稍后重试")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "充值" })).toHaveAttribute("href", "/personal/expenseCenter/onlineCharge");
  });

  it("greys out new information monitoring when the account may not start it, and says why on hover", async () => {
    const message = "账户余额不足，请先充值（已签订线下合同的账户不受此限）";
    setup({ loginAccount: "zhangsan" }, { [BILLING_ENDPOINTS.accountStatus.path]: { code: 301, message, datas: null } });
    const button = await disabledLinkButton("新建信息监测");
    expect(button).not.toHaveAttribute("href");
    await userEvent.hover(button);
    expect(await screen.findByRole("tooltip")).toHaveTextContent(message);
  });
});
