import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ShellHeader } from "../../src/components/shell/shell-header";
import { REGISTRY } from "../../src/resources/registry";
import type { Dapp } from "../../src/schema/common";
import { COMMON_ENDPOINTS } from "../../src/schema/common";
import type { Envelope } from "../../src/schema/envelope";
import { fail, ok, renderAccountScreen, type ScriptedAnswer } from "./account-harness";

const app = (dapp_name: string, category: Dapp["category"], display: Dapp["display"] = 1): Dapp => ({
  dapp_name,
  description: `${dapp_name}的说明`,
  menu_logo: `/assets/images/dapp/${category}.svg`,
  dapp_home_url: `/apps/${encodeURIComponent(dapp_name)}`,
  category,
  display,
  width: 240,
});

// Deliberately out of category order, with one hidden app and no category 3 at all.
const MENU_LIST = [app("手机取证", 4), app("文件存证", 1), app("在线公证", 2), app("直播取证", 1, 0), app("网页取证", 1)];
const dappList = (menuList: Dapp[]): Envelope<unknown> => ({ code: 200, message: "成功", datas: null, extraData: { menuList } });

function renderHeader(getDappList: ScriptedAnswer = dappList(MENU_LIST)) {
  return renderAccountScreen({
    path: "/monitor/text/guidance",
    element: <ShellHeader registry={REGISTRY} />,
    user: { token: "tk", timestamp: Date.now(), id: 7, loginAccount: "zhangsan", accountType: 1 },
    script: { [COMMON_ENDPOINTS.getTime.path]: ok({ serverTime: Date.now() }), [COMMON_ENDPOINTS.getDappList.path]: getDappList },
  });
}

async function openDrawer() {
  await userEvent.setup().click(screen.getByRole("button", { name: "相关应用" }));
  return screen.findByRole("dialog", { name: "相关应用" });
}

describe("the related-applications drawer", () => {
  it("is asked for only when the user opens it", async () => {
    const { callsTo } = renderHeader();
    await screen.findByRole("button", { name: "相关应用" });
    expect(callsTo(COMMON_ENDPOINTS.getDappList.path)).toHaveLength(0);
    await openDrawer();
    await waitFor(() => expect(callsTo(COMMON_ENDPOINTS.getDappList.path)).toHaveLength(1));
  });

  it("groups the shown apps by category 1-4, leaving out hidden apps and empty categories", async () => {
    renderHeader();
    const drawer = await openDrawer();
    const groups = await within(drawer).findAllByRole("region");
    expect(groups.map((group) => group.getAttribute("aria-label"))).toEqual(["证据服务", "司法服务", "移动应用"]);
    const appNames = (group: HTMLElement) => within(group).getAllByRole("article").map((card) => card.getAttribute("aria-label"));
    expect(appNames(groups[0])).toEqual(["文件存证", "网页取证"]);
    expect(appNames(groups[1])).toEqual(["在线公证"]);
    expect(appNames(groups[2])).toEqual(["手机取证"]);
    expect(within(drawer).queryByText("直播取证")).not.toBeInTheDocument();
  });

  it("shows each app's logo, name and description, and its quick-enter link opens a new tab", async () => {
    renderHeader();
    const drawer = await openDrawer();
    const card = await within(drawer).findByRole("article", { name: "在线公证" });
    expect(within(card).getByText("在线公证的说明")).toBeInTheDocument();
    expect(card.querySelector("img")).toHaveAttribute("src", "/assets/images/dapp/2.svg");
    const enter = within(card).getByRole("link", { name: /^快速进入在线公证/ });
    expect(enter).toHaveAttribute("href", `/apps/${encodeURIComponent("在线公证")}`);
    expect(enter).toHaveAttribute("target", "_blank");
    expect(enter.getAttribute("rel")).toContain("noopener");
  });

  it("says so when there is nothing to show", async () => {
    renderHeader(dappList([app("直播取证", 1, 0)]));
    const drawer = await openDrawer();
    expect(await within(drawer).findByText("暂无相关应用")).toBeInTheDocument();
  });

  it("says so when the list cannot be loaded", async () => {
    renderHeader(fail(500, "网络异常，请稍后重试"));
    const drawer = await openDrawer();
    expect(await within(drawer).findByText("相关应用暂时无法加载，请稍后重新打开。")).toBeInTheDocument();
  });

  it("closes again", async () => {
    renderHeader();
    const drawer = await openDrawer();
    await userEvent.setup().click(within(drawer).getByRole("button", { name: "关闭" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "相关应用" })).not.toBeInTheDocument());
  });
});

describe("the test-account mark (spec §6 istest)", () => {
  it("is in the header only for an account flagged istest", async () => {
    renderAccountScreen({
      path: "/monitor/text/guidance",
      element: <ShellHeader registry={REGISTRY} />,
      user: { token: "tk", timestamp: Date.now(), id: 7, loginAccount: "tester", accountType: 1, istest: true },
      script: { [COMMON_ENDPOINTS.getTime.path]: ok({ serverTime: Date.now() }) },
    });
    expect(await screen.findByText("测试账号")).toBeInTheDocument();
  });

  it("is absent for an ordinary account", async () => {
    renderHeader();
    await screen.findByRole("button", { name: "相关应用" });
    expect(screen.queryByText("测试账号")).not.toBeInTheDocument();
  });
});
