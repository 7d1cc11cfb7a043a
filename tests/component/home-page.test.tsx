import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HomePage } from "../../src/pages/home/home-page";
import { renderAccountScreen } from "./account-harness";

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

function setup(user?: Record<string, unknown>) {
  const { calls } = renderAccountScreen({
    path: "/index",
    element: <HomePage />,
    user,
    script: {
      "/common/v2/getTime": { code: 200, message: "成功", datas: { serverTime: Date.UTC(2024, 0, 1, 0, 0, 0) } },
      "/extractEvidence/v2/getBanner": {
        code: 200,
        message: "成功",
        datas: { bannerList: [{ templateId: 1, imageUrl: "/assets/images/banner/1.jpg", subImage: [], button: [{ name: "立即体验", jumpUrl: "/evidences/dataList" }], title: "区块链存证", subTitle: [{ title: "让证据可信" }] }] },
      },
      "/extractEvidence/v2/getCmsArticle": {
        code: 200,
        message: "成功",
        datas: { cmsNewArticleList: [article(1, "旧的动态", "2024-01-01 09:00:00"), article(2, "最新动态", "2024-03-01 09:00:00")] },
      },
    },
  });
  return calls;
}

// The whole home page (banner, news, clock and the login panel) renders in jsdom; under a full parallel
// run its first render can take longer than vitest's default 5 s.
describe("public home", { timeout: 15_000 }, () => {
  it("shows the logo, the banner and the news titles newest first, with the spec's requests", async () => {
    const calls = setup();
    expect(screen.getByRole("img", { name: "衡证电子证据平台" })).toHaveAttribute("src", "/assets/images/brand/logo.svg");
    expect((await screen.findAllByText("区块链存证")).length).toBeGreaterThan(0);
    const news = await screen.findByText("最新动态");
    const items = within(news.closest("ul")!).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining("最新动态"), expect.stringContaining("旧的动态")]);
    expect(calls.find((call) => call.path === "/extractEvidence/v2/getCmsArticle")?.params).toEqual({ pageNewSize: 6, pageNumber: 1, pageSize: 10 });
    expect(calls.find((call) => call.path === "/extractEvidence/v2/getBanner")?.params).toEqual({ time: expect.any(Number) });
  });

  it("runs a clock on server time in Asia/Shanghai to the millisecond", async () => {
    setup();
    const clock = await screen.findByText(/^北京时间 2024-01-01 08:00:0\d\.\d{3}$/, {}, { timeout: 2000 });
    expect(clock).toBeInTheDocument();
  });

  it("shows visitors the login panel and no separate 登录 link (spec §2: hidden on /index when logged out)", () => {
    setup();
    expect(screen.getByRole("tab", { name: "账号密码登录" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "登录" })).not.toBeInTheDocument();
  });

  it("hides the panel from a signed-in user and greets them with a way into the workspace", () => {
    setup({ token: "tk", timestamp: Date.now(), id: 7, loginAccount: "zhangsan", userRealName: "张三" });
    expect(screen.queryByRole("tab", { name: "账号密码登录" })).not.toBeInTheDocument();
    expect(screen.getByText("张三")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "进入工作台" })).toHaveAttribute("href", "/personal/operationPanel");
  });
});
