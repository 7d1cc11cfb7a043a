import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Outlet, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { AppFeedbackProvider, createAppFeedback } from "../../src/components/app-feedback";
import { AppShell } from "../../src/components/shell/app-shell";
import { createAccessControlProvider } from "../../src/providers/access-control-provider";
import { createDataProvider } from "../../src/providers/data-provider";
import { SessionStoreProvider } from "../../src/providers/session-context";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { COMMON_ENDPOINTS } from "../../src/schema/common";
import { registryPath } from "../../src/resources/registry-paths";
import { ok, scriptedHttpClient } from "./account-harness";
import { AntdTestProvider } from "./antd-test-provider";
import { CurrentLocation } from "./refine-harness";
import { TestRefine } from "./test-refine";

const NEW_TEXT_MONITOR = registryPath("monitor/text", "ystwnew");

/** The logged-in shell around any main-section page, as App.tsx mounts it. */
async function renderShell(path: string, navigation: string, user: Record<string, unknown> = { accountType: 1 }, feedback = createAppFeedback()) {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setUser({ token: "tk", timestamp: Date.now(), id: 7, loginAccount: "zhangsan", ...user });
  const { http } = scriptedHttpClient({ [COMMON_ENDPOINTS.getTime.path]: ok({ serverTime: Date.now() }) });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AntdTestProvider>
        <TestRefine
          dataProvider={createDataProvider(http)}
          accessControlProvider={createAccessControlProvider({ sessionStore, now: Date.now })}
          options={{ disableTelemetry: true, disableRouteChangeHandler: true }}
        >
          <SessionStoreProvider store={sessionStore}>
            <AppFeedbackProvider feedback={feedback}>
              <Routes>
                <Route
                  element={
                    <AppShell>
                      <Outlet />
                    </AppShell>
                  }
                >
                  <Route path="*" element={<p>页面内容</p>} />
                </Route>
              </Routes>
            </AppFeedbackProvider>
            <CurrentLocation />
          </SessionStoreProvider>
        </TestRefine>
      </AntdTestProvider>
    </MemoryRouter>,
  );
  const nav = await screen.findByRole("navigation", { name: navigation });
  await within(nav).findAllByRole("menuitem");
  return nav;
}

const mainNavLinks = () => within(screen.getByRole("navigation", { name: "主导航" })).getAllByRole("link");

describe("the logged-in shell of the main sections", () => {
  it("has the main navigation of spec §2, without the personal centre, marking the current section", async () => {
    await renderShell(NEW_TEXT_MONITOR, "全网监测导航");
    expect(mainNavLinks().map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["区块链存证", registryPath("evidenceSave/fileEvidence", "guidance")],
      ["电子取证", registryPath("evidenceTaken/totalEvidenceTaken", "dataList")],
      ["证据库", registryPath("evidences/dataList")],
      ["司法通道", registryPath("judicial/notarization", "guidance")],
      ["法律服务", registryPath("lawService/wsLawyer", "guidance")],
      ["全网监测", registryPath("monitor/rights", "guidance")],
      ["确权服务", registryPath("rights/file", "guidance")],
    ]);
    expect(screen.getByRole("link", { name: "全网监测" })).toHaveAttribute("aria-current", "page");
  });

  it("shows monitoring's side navigation, with the current group open and the current page marked", async () => {
    const nav = await renderShell(NEW_TEXT_MONITOR, "全网监测导航");
    const groups = within(nav).getAllByRole("menuitem").map((item) => item.textContent);
    expect(groups).toEqual(expect.arrayContaining(["信息监测", "音乐监测", "电台监测", "文学监测", "短视频监测"]));
    const current = within(nav).getByRole("link", { name: "新建信息监测" });
    expect(current).toHaveAttribute("href", NEW_TEXT_MONITOR);
    expect(current.closest("li")).toHaveClass("ant-menu-item-selected");
    expect(within(nav).queryByRole("link", { name: "监测指引" })).toBeInTheDocument();
  });

  it("opens another group on a click and follows its link", async () => {
    const nav = await renderShell(registryPath("monitor/text", "guidance"), "全网监测导航");
    const radioLink = () => within(nav).queryAllByRole("link").find((link) => link.getAttribute("href") === registryPath("monitor/audio", "fmnew"));
    expect(radioLink()).toBeUndefined();
    const u = userEvent.setup();
    await u.click(within(nav).getByText("电台监测"));
    await waitFor(() => expect(radioLink()).toBeDefined());
    await u.click(radioLink()!);
    expect(screen.getByLabelText("当前地址").textContent).toBe(registryPath("monitor/audio", "fmnew"));
  });

  it("collapses to the groups' icons and opens again with the current group open", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const nav = await renderShell(NEW_TEXT_MONITOR, "全网监测导航");
      const u = userEvent.setup();
      await u.click(screen.getByRole("button", { name: "收起导航" }));
      await u.click(screen.getByRole("button", { name: "展开导航" }));
      await waitFor(() => expect(within(nav).getByRole("link", { name: "新建信息监测" })).toBeVisible());
      expect(errors).toEqual([]);
    } finally {
      console.error = original;
    }
  });

  it("shows the personal centre's side navigation under the personal centre, hiding management from a sub-account", async () => {
    const nav = await renderShell(registryPath("personal/expenseCenter", "chargeRecord"), "个人中心导航", { accountType: 3 });
    expect(within(nav).getAllByRole("link").map((link) => link.textContent)).toEqual(["运营面板", "账号管理", "安全中心", "费用中心"]);
    expect(within(nav).getByRole("link", { name: "费用中心" }).closest("li")).toHaveClass("ant-menu-item-selected");
  });

  it("puts the content under the loading overlay while the app's loading flag is raised", async () => {
    const feedback = createAppFeedback();
    await renderShell(NEW_TEXT_MONITOR, "全网监测导航", { accountType: 1 }, feedback);
    expect(screen.queryByText("处理中，请稍候…")).not.toBeInTheDocument();
    let end = () => {};
    act(() => {
      end = feedback.loading.begin();
    });
    expect(await screen.findByText("处理中，请稍候…")).toBeInTheDocument();
    expect(screen.getByText("页面内容")).toBeInTheDocument();
    act(() => end());
    expect(screen.queryByText("处理中，请稍候…")).not.toBeInTheDocument();
  });

  it("tells a test account (istest) that its data is test data, and nobody else", async () => {
    await renderShell(NEW_TEXT_MONITOR, "全网监测导航", { accountType: 1, istest: true });
    expect(screen.getByRole("alert")).toHaveTextContent("当前登录的是测试账号");
    expect(screen.getByText("测试账号")).toBeInTheDocument();
    cleanup();
    await renderShell(NEW_TEXT_MONITOR, "全网监测导航", { accountType: 1, istest: false });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText("测试账号")).not.toBeInTheDocument();
  });
});
