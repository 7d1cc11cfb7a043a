import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { OPERATOR_AUTH_ENDPOINTS } from "../../src/schema/console/operator-auth";
import { permissionsOf } from "../../src/schema/console/permissions";
import { fail, ok } from "./account-harness";
import { renderConsole, roleTitle } from "./console-harness";
import { useDesktopMediaQueries } from "./desktop-media";

// The first render of a file pays for antd's and ProLayout's styles being built.
vi.setConfig({ testTimeout: 30_000 });
useDesktopMediaQueries();

const ME = OPERATOR_AUTH_ENDPOINTS.me.path;
const LOGOUT = OPERATOR_AUTH_ENDPOINTS.logout.path;
const profile = (roles: Parameters<typeof permissionsOf>[0]) => ({ id: 5, account: "wang.wu", name: "王五", roles, permissions: permissionsOf(roles) });

const menuLabels = () => screen.getAllByRole("menuitem").map((item) => item.textContent);

describe("the console shell", () => {
  it("shows an identity reviewer only the sections their role allows, and no empty main section", async () => {
    renderConsole({ path: "/console", roles: ["identityReviewer"], script: { [ME]: ok(profile(["identityReviewer"])) } });
    expect(await screen.findByRole("link", { name: "实名认证审核" })).toHaveAttribute("href", "/console/review/exampleReview");
    expect(screen.getByText("衡证运营后台")).toBeInTheDocument();
    expect(menuLabels()).toEqual(expect.arrayContaining(["实名认证审核", "客户查询"]));
    expect(screen.queryByText("操作员管理")).not.toBeInTheDocument();
    expect(screen.queryByText("平台")).not.toBeInTheDocument();
    expect(screen.queryByText("内容")).not.toBeInTheDocument();
  });

  it("shows an administrator every section, and the header names the operator and their roles", async () => {
    renderConsole({ path: "/console", roles: ["administrator"], script: { [ME]: ok(profile(["administrator"])) } });
    expect(await screen.findByRole("link", { name: "操作员管理" })).toBeInTheDocument();
    const header = screen.getByLabelText("当前操作员");
    expect(header).toHaveTextContent("王五（wang.wu）");
    expect(within(header).getByLabelText("角色")).toHaveTextContent(roleTitle("administrator"));
  });

  it("answers a typed-in address the role does not allow with a refusal, not the page", async () => {
    renderConsole({ path: "/console/platform/exampleOperators", roles: ["contentEditor"], script: { [ME]: ok(profile(["contentEditor"])) } });
    expect(await screen.findByText("您的角色无权访问此页面")).toBeInTheDocument();
    expect(screen.queryByText("操作员管理内容")).not.toBeInTheDocument();
  });

  it("opens an allowed page inside the shell", async () => {
    const view = renderConsole({ path: "/console/review", roles: ["identityReviewer"], script: { [ME]: ok(profile(["identityReviewer"])) } });
    expect(await screen.findByText("审核页面内容")).toBeInTheDocument();
    expect(view.location()).toBe("/console/review/exampleReview");
  });

  it("follows the roles the server reports now, not those of the sign-in", async () => {
    const view = renderConsole({ path: "/console", roles: ["administrator"], script: { [ME]: ok(profile(["contentEditor"])) } });
    await waitFor(() => expect(view.sessionStore.getOperator()?.operator.roles).toEqual(["contentEditor"]));
    await waitFor(() => expect(screen.queryByText("操作员管理")).not.toBeInTheDocument());
  });

  it("退出登录 ends the session on the server and goes to the console's login", async () => {
    const view = renderConsole({ path: "/console", roles: ["administrator"], script: { [ME]: ok(profile(["administrator"])), [LOGOUT]: ok() } });
    await userEvent.setup().click(await screen.findByRole("button", { name: /退出登录/ }));
    await waitFor(() => expect(view.location()).toBe("/console/login"));
    expect(view.callsTo(LOGOUT)).toHaveLength(1);
    expect(view.sessionStore.getOperator()).toBeNull();
  });

  it("a failed logout keeps the session and shows the server's message", async () => {
    const view = renderConsole({ path: "/console", roles: ["administrator"], script: { [ME]: ok(profile(["administrator"])), [LOGOUT]: fail(500, "服务器繁忙，请稍后重试") } });
    await userEvent.setup().click(await screen.findByRole("button", { name: /退出登录/ }));
    expect(await screen.findByText("服务器繁忙，请稍后重试")).toBeInTheDocument();
    expect(view.location()).toBe("/console");
    expect(view.sessionStore.getOperator()).not.toBeNull();
  });
});

describe("the console's guard", () => {
  it("sends a visitor to the console's login, keeping the page to come back to", async () => {
    const view = renderConsole({ path: "/console/review/exampleReview?tab=2" });
    await waitFor(() => expect(view.location()).toBe("/console/login"));
    expect(view.search()).toBe(`?redirect=${encodeURIComponent("/console/review/exampleReview?tab=2")}`);
    expect(await screen.findByRole("heading", { name: "操作员登录" })).toBeInTheDocument();
  });

  it("sends a signed-in customer to the console's login too, never to the customers' pages", async () => {
    const sessionStore = createSessionStore(createMemoryStorage());
    sessionStore.setUser({ token: "customer-token", timestamp: Date.now(), id: 7, loginAccount: "zhangsan" });
    const view = renderConsole({ path: "/console", sessionStore });
    expect(await screen.findByRole("heading", { name: "操作员登录" })).toBeInTheDocument();
    expect(view.location()).toBe("/console/login");
    expect(view.sessionStore.getUser()).toMatchObject({ token: "customer-token" });
  });

  it("sends a signed-in operator on from the login to the console's home", async () => {
    const view = renderConsole({ path: "/console/login", roles: ["administrator"], script: { [ME]: ok(profile(["administrator"])) } });
    await waitFor(() => expect(view.location()).toBe("/console"));
    expect(await screen.findByText("王五，欢迎使用衡证运营后台")).toBeInTheDocument();
  });

  it("the home lists what each allowed section is for, with a link to it", async () => {
    renderConsole({ path: "/console", roles: ["identityReviewer"], script: { [ME]: ok(profile(["identityReviewer"])) } });
    const item = (await screen.findByText("审核用户提交的实名与企业认证")).closest(".ant-list-item") as HTMLElement;
    expect(within(item).getByRole("link", { name: "进入" })).toHaveAttribute("href", "/console/review/exampleReview");
    expect(screen.getAllByText(/认证审核员/).length).toBeGreaterThan(0);
    expect(screen.queryByRole("link", { name: "操作员管理" })).not.toBeInTheDocument();
  });

  it("the home says so when the role allows no section, and when the console has none yet", async () => {
    renderConsole({ path: "/console", roles: ["notaryOfficeAdmin"], script: { [ME]: ok(profile(["notaryOfficeAdmin"])) } });
    expect(await screen.findByText("您的角色暂无可用的功能，如需开通请联系管理员")).toBeInTheDocument();
    cleanup();
    renderConsole({ path: "/console", registry: [], roles: ["administrator"], script: { [ME]: ok(profile(["administrator"])) } });
    expect(await screen.findByText("运营后台的功能正在建设中")).toBeInTheDocument();
  });
});
