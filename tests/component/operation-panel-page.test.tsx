import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { OperationPanelPage } from "../../src/pages/personal/operation-panel-page";
import { createAccountClient } from "../../src/providers/account-client";
import { createAuthProvider } from "../../src/providers/auth-provider";
import { createLoginCrypto } from "../../src/providers/login-crypto";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { fakeHttpClient, RefineHarness } from "./refine-harness";

function setup(user: Record<string, unknown>) {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setUser({ token: "tk", timestamp: Date.now(), id: 7, ...user });
  const { http, calls } = fakeHttpClient({ "/user/v2/logout": { code: 200, message: "成功", datas: null } });
  const accounts = createAccountClient({ http, crypto: createLoginCrypto({ http }) });
  const authProvider = createAuthProvider({ http, sessionStore, now: Date.now, showMessage: vi.fn(), accounts, getLocation: () => window.location });
  render(<RefineHarness path="/personal/operationPanel" element={<OperationPanelPage />} sessionStore={sessionStore} http={http} authProvider={authProvider} />);
  return { sessionStore, calls };
}

describe("operation panel", () => {
  it("greets by the display name of spec §6", () => {
    setup({ enterpriseName: "衡证科技有限公司", enterpriseStatus: 2, realNameStatus: 2, userRealName: "张三" });
    expect(screen.getByText(/您好，衡证科技有限公司/)).toBeInTheDocument();
  });

  it("falls back to the mobile number", () => {
    setup({ mobile: "13800000000" });
    expect(screen.getByText(/您好，13800000000/)).toBeInTheDocument();
  });

  it("links to recharge, new information monitoring and the certificate list, and says the balance comes later", () => {
    setup({ loginAccount: "zhangsan" });
    expect(screen.getByRole("link", { name: "充值" })).toHaveAttribute("href", "/personal/expenseCenter/onlineCharge");
    expect(screen.getByRole("link", { name: "新建信息监测" })).toHaveAttribute("href", "/monitor/text/ystwnew");
    expect(screen.getByRole("link", { name: "证书列表" })).toHaveAttribute("href", "/monitor/text/ystwdataList");
    expect(screen.getByText("账户余额将在计费功能上线后显示。")).toBeInTheDocument();
  });
});
