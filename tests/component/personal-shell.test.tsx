import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Outlet, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppFeedbackProvider, createAppFeedback } from "../../src/components/app-feedback";
import { AppShell } from "../../src/components/shell/app-shell";
import { createAccessControlProvider } from "../../src/providers/access-control-provider";
import { createAccountClient } from "../../src/providers/account-client";
import { createAuthProvider } from "../../src/providers/auth-provider";
import { createDataProvider } from "../../src/providers/data-provider";
import { SessionStoreProvider } from "../../src/providers/session-context";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { COMMON_ENDPOINTS } from "../../src/schema/common";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account";
import { registryPath } from "../../src/resources/registry-paths";
import { fakeLoginCrypto } from "../unit/providers/fake-login-crypto";
import { ok, scriptedHttpClient } from "./account-harness";
import { AntdTestProvider } from "./antd-test-provider";
import { CurrentLocation } from "./refine-harness";
import { TestRefine } from "./test-refine";

const OPERATION_PANEL = registryPath("personal/operationPanel");
const ACCOUNT_MANAGEMENT = registryPath("personal/accountManagement");

// The first render of a file pays for antd's styles being built; a slow machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

const GET_TIME = COMMON_ENDPOINTS.getTime.path;

/** The shell as App.tsx mounts it: a layout route around two content-only personal pages; resolves once the side navigation is permitted. */
async function renderShell(user: Record<string, unknown>, path = OPERATION_PANEL) {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setUser({ token: "tk", timestamp: Date.now(), id: 7, ...user });
  const { http, callsTo } = scriptedHttpClient({ [GET_TIME]: ok({ serverTime: Date.now() }), [ACCOUNT_ENDPOINTS.logout.path]: ok(null) });
  const authProvider = createAuthProvider({
    http,
    sessionStore,
    now: Date.now,
    showMessage: vi.fn(),
    accounts: createAccountClient({ http, crypto: fakeLoginCrypto }),
    getLocation: () => ({ pathname: path, search: "" }),
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AntdTestProvider>
        <TestRefine
          dataProvider={createDataProvider(http)}
          authProvider={authProvider}
          accessControlProvider={createAccessControlProvider({ sessionStore, now: Date.now })}
          options={{ disableTelemetry: true, disableRouteChangeHandler: true }}
        >
          <SessionStoreProvider store={sessionStore}>
            <AppFeedbackProvider feedback={createAppFeedback()}>
              <Routes>
                <Route
                  element={
                    <AppShell>
                      <Outlet />
                    </AppShell>
                  }
                >
                  <Route path={OPERATION_PANEL} element={<p>运营面板内容</p>} />
                  <Route path={ACCOUNT_MANAGEMENT} element={<p>账号管理内容</p>} />
                </Route>
                <Route path="*" element={null} />
              </Routes>
              <CurrentLocation />
            </AppFeedbackProvider>
          </SessionStoreProvider>
        </TestRefine>
      </AntdTestProvider>
    </MemoryRouter>,
  );
  await within(sideNav()).findByText("运营面板");
  return { sessionStore, callsTo, location: () => screen.getByLabelText("当前地址").textContent };
}

const sideNav = () => screen.getByRole("navigation", { name: "个人中心导航" });
const shortcuts = () => within(screen.getByRole("navigation", { name: "快捷入口" })).getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")]);
const navLabels = () => within(sideNav()).getAllByRole("link").map((link) => link.textContent);

describe("personal shell for a main account", () => {
  const main = { loginAccount: "zhangsan", accountType: 1, realNameStatus: 0, enterpriseStatus: 1 };

  it("shows the page inside, the logo home, the top-up shortcuts and all six sections", async () => {
    await renderShell(main);
    expect(screen.getByText("运营面板内容")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "衡证电子证据平台" }).closest("a")).toHaveAttribute("href", "/index");
    expect(shortcuts()).toEqual([
      ["在线充值", registryPath("personal/expenseCenter", "onlineCharge")],
      ["购买套餐", registryPath("personal/expenseCenter", "purchasePackage")],
    ]);
    expect(navLabels()).toEqual(["运营面板", "账号管理", "子账号管理", "安全中心", "费用中心", "发票管理"]);
    expect(within(sideNav()).getByRole("link", { name: "费用中心" })).toHaveAttribute("href", registryPath("personal/expenseCenter", "onlineCharge"));
  });

  it("shows the personal and enterprise verification status, each linking to its page, and no sub-account flag", async () => {
    await renderShell(main);
    expect(screen.getByRole("link", { name: /个人实名\s*未认证/ })).toHaveAttribute("href", registryPath("personal/securityCenter", "authentication"));
    expect(screen.getByRole("link", { name: /企业认证\s*审核中/ })).toHaveAttribute("href", registryPath("personal/securityCenter", "enterpriseProve"));
    expect(screen.queryByText("子账号")).not.toBeInTheDocument();
  });

  it("names the user by the order of spec §6 in the user menu", async () => {
    await renderShell({ ...main, userRealName: "张三", enterpriseName: "衡证科技有限公司", realNameStatus: 2, enterpriseStatus: 2 });
    expect(screen.getByRole("button", { name: "用户菜单：衡证科技有限公司" })).toBeInTheDocument();
  });

  it("checks the session once as the header loads, not again when moving between pages", async () => {
    const view = await renderShell(main);
    await waitFor(() => expect(view.callsTo(GET_TIME)).toHaveLength(1));
    expect(view.callsTo(GET_TIME)[0].params).toEqual({});
    await userEvent.setup().click(within(sideNav()).getByRole("link", { name: "账号管理" }));
    expect(await screen.findByText("账号管理内容")).toBeInTheDocument();
    expect(view.location()).toBe(ACCOUNT_MANAGEMENT);
    expect(view.callsTo(GET_TIME)).toHaveLength(1);
  });

  it("logs out from the user menu through the auth provider", async () => {
    const view = await renderShell(main);
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "用户菜单：zhangsan" }));
    await u.click(await screen.findByRole("menuitem", { name: /退出登录/ }));
    await waitFor(() => expect(view.sessionStore.getUser()).toBeNull());
    expect(view.callsTo(ACCOUNT_ENDPOINTS.logout.path)[0]).toMatchObject({ method: "POST", params: { id: 7 } });
  });

  it("the side navigation collapses to its icons and opens again", async () => {
    await renderShell(main);
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "收起导航" }));
    expect(screen.queryByText("个人实名")).not.toBeInTheDocument();
    await u.click(screen.getByRole("button", { name: "展开导航" }));
    expect(screen.getByText("个人实名")).toBeInTheDocument();
  });

  it("个人中心 in the user menu leads to the operation panel", async () => {
    const view = await renderShell(main, ACCOUNT_MANAGEMENT);
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "用户菜单：zhangsan" }));
    await u.click(await screen.findByRole("menuitem", { name: /个人中心/ }));
    await waitFor(() => expect(view.location()).toBe(OPERATION_PANEL));
  });
});

describe("personal shell for a sub-account (spec §6)", () => {
  const sub = { loginAccount: "13900000000", accountType: 3, realNameStatus: 0 };

  it("hides child-account and invoice management and sends the expense centre to the expense record", async () => {
    await renderShell(sub);
    expect(navLabels()).toEqual(["运营面板", "账号管理", "安全中心", "费用中心"]);
    expect(within(sideNav()).getByRole("link", { name: "费用中心" })).toHaveAttribute("href", registryPath("personal/expenseCenter", "expenseRecord"));
  });

  it("has the change-password and expense-record shortcuts", async () => {
    await renderShell(sub);
    expect(shortcuts()).toEqual([
      ["修改密码", registryPath("personal/securityCenter", "changePassword")],
      ["消费记录", registryPath("personal/expenseCenter", "expenseRecord")],
    ]);
  });

  it("shows the sub-account flag and the real-name prompt while not verified", async () => {
    await renderShell(sub);
    expect(screen.getByText("子账号")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "实名认证很重要，去认证" })).toHaveAttribute("href", registryPath("personal/securityCenter", "authentication"));
    expect(screen.getByRole("link", { name: /企业认证\s*未认证/ })).toHaveAttribute("href", registryPath("personal/securityCenter", "enterpriseProve"));
  });

  it("shows a verified badge instead once realNameStatus is 2", async () => {
    await renderShell({ ...sub, realNameStatus: 2 });
    expect(screen.getByText("已实名认证")).toBeInTheDocument();
    expect(screen.queryByText("实名认证很重要，去认证")).not.toBeInTheDocument();
  });
});
