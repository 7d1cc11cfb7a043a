import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChainOverview } from "../../src/pages/home/chain-overview";
import { HomePage } from "../../src/pages/home/home-page";
import { NewsTicker } from "../../src/pages/home/news-ticker";
import { SceneWheel } from "../../src/pages/home/scene-wheel";
import { CHAIN_STATS_ENDPOINT } from "../../src/schema/chain-live";
import { registryPath } from "../../src/resources/registry-paths";
import type { Banner } from "../../src/schema/common";
import { COMMON_ENDPOINTS } from "../../src/schema/common";
import { fail, ok, renderAccountScreen, type ScriptedAnswer } from "./account-harness";
import { useDesktopMediaQueries } from "./desktop-media";

// The whole home page renders in jsdom; under a full parallel run its first render can take longer than vitest's default 5 s.
vi.setConfig({ testTimeout: 20_000 });
useDesktopMediaQueries();

const CHAIN = CHAIN_STATS_ENDPOINT.path;
const NEWS = COMMON_ENDPOINTS.getCmsArticle.path;

const article = (articleId: number, title: string, createDate: string) => ({
  articleId,
  channelId: 1,
  channelCode: "news",
  channelName: "产品动态",
  title,
  typeName: "",
  brief: "",
  time: createDate.slice(0, 10),
  createDate,
});

const banner = (templateId: Banner["templateId"], title: string, extra: Partial<Banner> = {}): Banner => ({
  templateId,
  imageUrl: `/assets/images/banner/${templateId}.svg`,
  subImage: [],
  button: [{ name: `按钮${templateId}`, jumpUrl: "/info/product" }],
  title,
  subTitle: [{ title: `${title}的说明` }],
  ...extra,
});

function renderHome(options: { user?: Record<string, unknown>; script?: Record<string, ScriptedAnswer> } = {}) {
  return renderAccountScreen({
    path: "/index",
    element: <HomePage />,
    user: options.user,
    script: {
      [COMMON_ENDPOINTS.getTime.path]: ok({ serverTime: Date.UTC(2024, 0, 1, 0, 0, 0) }),
      [COMMON_ENDPOINTS.getBanner.path]: ok({ bannerList: [banner(1, "区块链存证")] }),
      [NEWS]: ok({ cmsNewArticleList: [article(1, "旧的动态", "2024-01-01 09:00:00"), article(2, "最新动态", "2024-03-01 09:00:00"), article(3, "中间的动态", "2024-02-01 09:00:00")] }),
      ...options.script,
    },
  });
}

function renderPart(element: ReactNode, script: Record<string, ScriptedAnswer>) {
  return renderAccountScreen({ path: "/index", element, script });
}

afterEach(() => vi.useRealTimers());

describe("public home", () => {
  it("shows the banner, the news ticker newest first, with the spec's requests", async () => {
    const { calls } = renderHome();
    expect((await screen.findAllByText("区块链存证")).length).toBeGreaterThan(0);
    const ticker = screen.getByRole("region", { name: "产品动态" });
    await within(ticker).findAllByText("最新动态");
    expect(within(ticker).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      expect.stringContaining("最新动态"),
      expect.stringContaining("中间的动态"),
      expect.stringContaining("旧的动态"),
    ]);
    expect(within(ticker).getAllByRole("link", { name: "最新动态" })[0]).toHaveAttribute("href", "/info/detailsProduct?articleId=2");
    expect(calls.find((call) => call.path === NEWS)?.params).toEqual({ pageNewSize: 6, pageNumber: 1, pageSize: 10 });
    expect(calls.find((call) => call.path === COMMON_ENDPOINTS.getBanner.path)?.params).toEqual({ time: expect.any(Number) });
  });

  it("runs a clock on server time in Asia/Shanghai to the millisecond", async () => {
    renderHome();
    const clock = await screen.findByText(/^北京时间 2024-01-01 08:00:0\d\.\d{3}$/, {}, { timeout: 2000 });
    expect(clock).toBeInTheDocument();
  });

  it("shows visitors the login panel beside the banner", () => {
    renderHome();
    expect(screen.getByRole("tab", { name: "账号密码登录" })).toBeInTheDocument();
  });

  it("hides the panel from a signed-in user and greets them with a way into the workspace", () => {
    renderHome({ user: { token: "tk", timestamp: Date.now(), id: 7, loginAccount: "zhangsan", userRealName: "张三" } });
    expect(screen.queryByRole("tab", { name: "账号密码登录" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "张三" })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "进入工作台" })[0]).toHaveAttribute("href", registryPath("personal/operationPanel"));
  });

  it("has the sections of spec §1: scenarios, advantages and a wall of 64 placeholder partner logos", async () => {
    renderHome();
    expect(screen.getByRole("region", { name: "应用场景" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "产品优势" })).toBeInTheDocument();
    const wall = screen.getByRole("list", { name: "合作伙伴展示位（示意）" });
    const logos = within(wall).getAllByRole("img");
    expect(logos).toHaveLength(64);
    expect(logos[0]).toHaveAccessibleName("示例机构 01（示意标识）");
    expect(logos[63]).toHaveAccessibleName("示例机构 64（示意标识）");
  });

  it("draws the banner templates differently", async () => {
    const bannerList = [
      banner(1, "左侧标题"),
      banner(2, "居中标题"),
      banner(3, "功能标题", { subImage: [{ path: "/a.svg" }, { path: "/b.svg" }] }),
      banner(5, "卡片标题"),
      banner(7, "整图横幅"),
      banner(8, "右侧标题"),
    ];
    renderHome({ script: { [COMMON_ENDPOINTS.getBanner.path]: ok({ bannerList }) } });
    await screen.findAllByText("左侧标题");
    const slideOf = (title: string) => document.querySelector(`.hz-l-carousel__slide:not(.hz-l-carousel__slide--clone) [aria-label="${title}"]`)!;
    expect(slideOf("左侧标题").className).toContain("hz-banner--left");
    expect(slideOf("居中标题").className).toContain("hz-banner--center");
    expect(slideOf("功能标题").querySelectorAll("img")).toHaveLength(2);
    expect(slideOf("卡片标题").querySelector(".hz-banner__words--card")).not.toBeNull();
    // Template 7's picture carries its own words: the title is there for screen readers only, with the button.
    expect(slideOf("整图横幅").querySelector("h2")?.className).toBe("hz-visually-hidden");
    expect(within(slideOf("整图横幅") as HTMLElement).getByRole("link", { name: "按钮7", hidden: true })).toBeInTheDocument();
    // Beside the login panel the right-hand title gets a backdrop, since the picture's quiet side is under the panel.
    expect(slideOf("右侧标题").querySelector(".hz-banner__words--right.hz-banner__words--framed")).not.toBeNull();
  });
});

describe("the news ticker", () => {
  it("repeats a list of fewer than three items so it can scroll (spec §9)", async () => {
    renderPart(<NewsTicker />, { [NEWS]: ok({ cmsNewArticleList: [article(1, "第一条", "2024-01-01 09:00:00"), article(2, "第二条", "2024-02-01 09:00:00")] }) });
    const ticker = screen.getByRole("region", { name: "产品动态" });
    await within(ticker).findAllByText("第二条");
    expect(within(ticker).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      expect.stringContaining("第二条"),
      expect.stringContaining("第一条"),
      expect.stringContaining("第二条"),
      expect.stringContaining("第一条"),
    ]);
  });

  it("says so when there is no news", async () => {
    renderPart(<NewsTicker />, { [NEWS]: ok({ cmsNewArticleList: [] }) });
    expect(await screen.findByText("暂无产品动态")).toBeInTheDocument();
  });
});

describe("the live chain statistics", () => {
  it("an empty ledger (block height 0) says that it has no block yet and shows no number, not a row of zeros", async () => {
    renderPart(<ChainOverview />, { [CHAIN]: ok({ blockHeight: 0, peerCount: 1, txCount: 0 }) });
    expect(await screen.findByText("账本尚未产生区块")).toBeInTheDocument();
    for (const label of ["区块高度", "节点数量", "交易数量"]) expect(screen.getByLabelText(label)).toHaveTextContent("—");
  });

  it("any other failure only says the figures cannot be read", async () => {
    renderPart(<ChainOverview />, { [CHAIN]: fail(500, "网络异常，请稍后重试") });
    expect(await screen.findByText("暂时无法读取账本数据，请稍后刷新页面重试。", {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it("shows the ledger's figures, its nodes with their status and the newest transactions", async () => {
    renderPart(<ChainOverview />, {
      [CHAIN]: ok({
        blockHeight: 1234,
        peerCount: 3,
        txCount: 56789,
        nodeList: [
          { name: "衡证账本", status: 1 },
          { name: "见证节点 A", status: 0 },
        ],
        txList: [{ txHash: "a".repeat(64), blockHeight: 1234, time: Date.UTC(2024, 0, 1) }],
      }),
    });
    await waitFor(() => expect(screen.getByLabelText("区块高度")).toHaveTextContent("1,234"));
    expect(screen.getByLabelText("节点数量")).toHaveTextContent("3");
    expect(screen.getByLabelText("交易数量")).toHaveTextContent("56,789");
    expect(screen.getByText("衡证账本").parentElement).toHaveTextContent("在线");
    expect(screen.getByText("见证节点 A").parentElement).toHaveTextContent("离线");
    expect(screen.getByText("区块 1234")).toBeInTheDocument();
    expect(screen.queryByText("账本尚未产生区块")).not.toBeInTheDocument();
  });
});

describe("the scene wheel (spec §9)", () => {
  const highlight = () => screen.getByTestId("scene-wheel-highlight");
  const pressed = () => screen.getAllByRole("button", { pressed: true }).map((button) => button.textContent);

  it("starts at 69° on the first scenario and moves one 45° segment every 1750 ms, always clockwise", () => {
    vi.useFakeTimers();
    render(<SceneWheel />);
    expect(highlight()).toHaveStyle({ transform: "rotate(69deg)" });
    expect(pressed()).toEqual(["知识产权保护"]);
    expect(screen.getByRole("article")).toHaveAccessibleName("应用场景：知识产权保护");

    act(() => vi.advanceTimersByTime(1749));
    expect(highlight()).toHaveStyle({ transform: "rotate(69deg)" });
    act(() => vi.advanceTimersByTime(1));
    expect(highlight()).toHaveStyle({ transform: "rotate(114deg)" });
    expect(pressed()).toEqual(["版权保护"]);

    act(() => vi.advanceTimersByTime(7 * 1750));
    expect(highlight()).toHaveAttribute("data-angle", String(69 + 8 * 45));
    expect(pressed()).toEqual(["知识产权保护"]);
  });

  it("turns forward to a scenario the visitor picks, and holds still while pointed at", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<SceneWheel />);
    await user.click(screen.getByRole("button", { name: "电商打假" }));
    expect(highlight()).toHaveAttribute("data-angle", String(69 + 7 * 45));
    expect(screen.getByRole("article")).toHaveAccessibleName("应用场景：电商打假");
    act(() => vi.advanceTimersByTime(5 * 1750));
    expect(pressed()).toEqual(["电商打假"]);
  });
});
