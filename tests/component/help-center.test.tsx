import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { HelpCenterPage } from "../../src/pages/public/help-center/help-center-page";
import { HELP_MENU_CACHE_KEY } from "../../src/providers/help-center-client";
import { CASE_TYPES, EVIDENCE_CHANNELS, FAQ_SUMMARY_LIMIT, HelpSearchResultSchema } from "../../src/schema/help-center";
import { LAWSUIT_PACKAGE_ENDPOINTS, EleEvidencePrincipleSchema } from "../../src/schema/lawsuit-package";
import { pagePSchema } from "../../src/schema/paging";
import { ok, type ScriptedAnswer } from "./account-harness";
import { article, articlesAnswer, detailAnswer, MENU_ROOT, menuAnswer, P } from "./help-center-fixtures";
import { renderPublicPage } from "./public-page-harness";

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => sessionStorage.clear());

const renderHelp = (path: string, script: Record<string, ScriptedAnswer> = {}) =>
  renderPublicPage({ path, element: <HelpCenterPage />, script: { [P.menu]: menuAnswer(), ...script } });
const query = () => screen.getByLabelText("当前查询").textContent;
const tree = () => within(screen.getByRole("navigation", { name: "帮助中心目录" }));
const breadcrumb = () => document.querySelector(".ant-breadcrumb") as HTMLElement;

describe("/helpcenter menu", () => {
  it("opens the first leaf when the query names no menu, and highlights it", async () => {
    const { callsTo } = renderHelp("/helpcenter", { [P.articles]: articlesAnswer([article(31, "第一章 注册与登录", 3)]) });
    expect(await screen.findByRole("link", { name: "第一章 注册与登录" })).toHaveAttribute("href", "/helpcenter?code=HLUSERBOOK&menuId=3&articleId=31");
    expect(callsTo(P.articles)[0].params).toMatchObject({ menuId: 3, useScene: 2, pageNumber: 1, pageSize: 10 });
    expect(tree().getByText("用户手册").closest(".ant-tree-treenode")).toHaveClass("ant-tree-treenode-selected");
    expect(breadcrumb()).toHaveTextContent("帮助中心/使用指南/用户手册");
  });

  it("does nothing when a group is chosen, and opens a leaf into the URL", async () => {
    renderHelp("/helpcenter", { [P.articles]: articlesAnswer([]) });
    await screen.findByRole("navigation", { name: "帮助中心目录" });
    fireEvent.click(tree().getByText("存证与诉讼"));
    expect(query()).toBe("");
    fireEvent.click(tree().getByText("存证知识"));
    await waitFor(() => expect(query()).toBe("?code=HLEVIDENCE&menuId=6"));
    expect(breadcrumb()).toHaveTextContent("帮助中心/存证与诉讼/存证知识");
  });

  it("keeps the menu for the session: a second visit does not ask for it again", async () => {
    const first = renderHelp("/helpcenter?code=HLEVIDENCE&menuId=6", { [P.articles]: articlesAnswer([]) });
    await screen.findByRole("navigation", { name: "帮助中心目录" });
    expect(first.callsTo(P.menu)).toHaveLength(1);
    expect(JSON.parse(sessionStorage.getItem(HELP_MENU_CACHE_KEY)!)).toEqual(MENU_ROOT.children);
    document.body.innerHTML = "";
    const second = renderHelp("/helpcenter?code=HLEVIDENCE&menuId=6", { [P.articles]: articlesAnswer([]) });
    await screen.findByRole("navigation", { name: "帮助中心目录" });
    expect(second.callsTo(P.menu)).toHaveLength(0);
  });

  it("shows 暂无数据 for an empty menu", async () => {
    const { callsTo } = renderHelp("/helpcenter", { [P.menu]: menuAnswer({ ...MENU_ROOT, children: [] }) });
    expect(await screen.findByText("暂无数据", { selector: ".ant-empty-description" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "帮助中心目录" })).not.toBeInTheDocument();
    expect(callsTo(P.articles)).toHaveLength(0);
  });

  it("says a menu that is not in the tree does not exist", async () => {
    renderHelp("/helpcenter?code=HLEVIDENCE&menuId=99");
    expect(await screen.findByText("该栏目不存在或已下线")).toBeInTheDocument();
  });
});

describe("/helpcenter 存证知识 (HLEVIDENCE)", () => {
  it("lists ten per page with the page in the URL, each with its brief, date and tags", async () => {
    const list = Array.from({ length: 10 }, (_, index) => article(100 + index, `存证知识第${index + 1}篇`, 6));
    const { callsTo } = renderHelp("/helpcenter?code=HLEVIDENCE&menuId=6", { [P.articles]: articlesAnswer(list, 23) });
    expect(await screen.findByRole("link", { name: "存证知识第1篇" })).toHaveAttribute("href", "/helpcenter?code=HLEVIDENCE&menuId=6&articleId=100");
    expect(screen.getByText("存证知识第1篇的摘要")).toBeInTheDocument();
    expect(screen.getAllByText("2026年03月12日")).toHaveLength(10);
    expect(screen.getAllByText("入门")).toHaveLength(10);
    fireEvent.click(within(screen.getByRole("navigation", { name: "分页" })).getByTitle("2"));
    await waitFor(() => expect(query()).toContain("pageNumber=2"));
    await waitFor(() => expect(callsTo(P.articles).at(-1)!.params).toMatchObject({ menuId: 6, useScene: 2, pageNumber: 2, pageSize: 10 }));
  });

  it("shows an article's HTML and its neighbours, and its title in the breadcrumb", async () => {
    const { callsTo } = renderHelp("/helpcenter?code=HLEVIDENCE&menuId=6&articleId=101", {
      [P.detail]: detailAnswer(article(101, "什么是电子存证", 6), "<p>电子存证的<strong>正文</strong></p>", { articleId: 100, title: "上一篇的标题" }, null),
    });
    expect(await screen.findByText("正文")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "上一篇的标题" })).toHaveAttribute("href", "/helpcenter?code=HLEVIDENCE&menuId=6&articleId=100");
    expect(screen.getByRole("navigation", { name: "文章导航" })).toHaveTextContent("下一篇：没有了");
    expect(breadcrumb()).toHaveTextContent("帮助中心/存证与诉讼/存证知识/什么是电子存证");
    expect(within(breadcrumb()).getByRole("link", { name: "存证知识" })).toHaveAttribute("href", "/helpcenter?code=HLEVIDENCE&menuId=6");
    expect(callsTo(P.detail)).toHaveLength(1);
    expect(callsTo(P.detail)[0].params).toMatchObject({ cmsArticleId: 101, useScene: 2 });
  });

  it("follows the address: the previous article's link opens it, and the tree leads back to the list", async () => {
    const { callsTo } = renderHelp("/helpcenter?code=HLEVIDENCE&menuId=6&articleId=101", {
      [P.detail]: (params) =>
        params.cmsArticleId === 101
          ? detailAnswer(article(101, "第二篇", 6), "<p>第二篇的正文</p>", { articleId: 100, title: "第一篇" }, null)
          : detailAnswer(article(100, "第一篇", 6), "<p>第一篇的正文</p>", null, { articleId: 101, title: "第二篇" }),
      [P.articles]: articlesAnswer([article(100, "第一篇", 6), article(101, "第二篇", 6)]),
    });
    fireEvent.click(await screen.findByRole("link", { name: "第一篇" }));
    expect(await screen.findByText("第一篇的正文")).toBeInTheDocument();
    expect(callsTo(P.detail).at(-1)!.params).toMatchObject({ cmsArticleId: 100 });
    fireEvent.click(tree().getByText("存证知识"));
    await waitFor(() => expect(query()).toBe("?code=HLEVIDENCE&menuId=6"));
    expect(await screen.findByRole("link", { name: "第二篇" })).toHaveAttribute("href", "/helpcenter?code=HLEVIDENCE&menuId=6&articleId=101");
    expect(callsTo(P.menu)).toHaveLength(1);
  });
});

describe("/helpcenter 用户手册 (HLUSERBOOK)", () => {
  it("shows a chapter beside the manual's chapter list, the open one marked", async () => {
    const chapters = [article(31, "第一章 注册与登录", 3), article(32, "第二章 网页取证", 3)];
    const { callsTo } = renderHelp("/helpcenter?code=HLUSERBOOK&menuId=3&articleId=32", {
      [P.articles]: articlesAnswer(chapters),
      [P.detail]: detailAnswer(chapters[1], "<p>打开网页取证，输入地址。</p>", { articleId: 31, title: "第一章 注册与登录" }, null),
    });
    expect(await screen.findByText("打开网页取证，输入地址。")).toBeInTheDocument();
    const contents = within(screen.getByRole("navigation", { name: "手册目录" }));
    expect(await contents.findByRole("link", { name: "第一章 注册与登录" })).toHaveAttribute("href", "/helpcenter?code=HLUSERBOOK&menuId=3&articleId=31");
    expect(contents.getByRole("link", { name: "第二章 网页取证" }).closest("li")).toHaveClass("ant-menu-item-selected");
    expect(callsTo(P.articles)[0].params).toMatchObject({ menuId: 3, useScene: 2, pageNumber: 1 });
  });
});

describe("/helpcenter 常见问题 (HLQUESTION)", () => {
  const faq = (id: number, title: string, length: number) => article(id, title, 4, { summary: `<p>${"问".repeat(length)}</p>` });

  it("shows a summary of 114 characters whole on a card that does not open, and cuts one of 115 with an ellipsis into a card that does", async () => {
    renderHelp("/helpcenter?code=HLQUESTION&menuId=4", { [P.articles]: articlesAnswer([faq(41, "短问题", FAQ_SUMMARY_LIMIT), faq(42, "长问题", FAQ_SUMMARY_LIMIT + 1)]) });
    const short = await screen.findByLabelText("短问题");
    expect(short).toHaveTextContent("问".repeat(FAQ_SUMMARY_LIMIT));
    expect(short).not.toHaveTextContent("…");
    expect(screen.queryByRole("link", { name: "查看短问题" })).not.toBeInTheDocument();
    const long = screen.getByRole("link", { name: "查看长问题" });
    expect(long).toHaveAttribute("href", "/helpcenter?code=HLQUESTION&menuId=4&articleId=42");
    expect(long).toHaveTextContent(`${"问".repeat(FAQ_SUMMARY_LIMIT)}…`);
    expect(long).not.toHaveTextContent("问".repeat(FAQ_SUMMARY_LIMIT + 1));
  });

  it("opens a question's detail with previous and next", async () => {
    renderHelp("/helpcenter?code=HLQUESTION&menuId=4&articleId=42", {
      [P.detail]: detailAnswer(faq(42, "长问题", 200), "<p>完整的回答</p>", { articleId: 41, title: "短问题" }, { articleId: 43, title: "另一个问题" }),
    });
    expect(await screen.findByText("完整的回答")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "另一个问题" })).toHaveAttribute("href", "/helpcenter?code=HLQUESTION&menuId=4&articleId=43");
  });
});

describe("/helpcenter 司法案例 (HLLAWCASE)", () => {
  const lawCase = article(71, "某公司诉某网店著作权侵权案（示例）", 7, {
    courtName: "示例市互联网法院",
    caseNo: "（2025）示0101民初100号",
    evidenceChannelId: "webpage",
    caseType: "copyright",
    area: "330000",
    brief: "网页取证过程完整，哈希值一致，证据予以采信。",
    time: "2025年06月01日",
  });
  const dict: ScriptedAnswer = (params) => ok(params.typeGroupCode === "eviChannel" ? EVIDENCE_CHANNELS : CASE_TYPES);

  it("lists cases with court, case number and date, and turns the filters into the query", async () => {
    const { callsTo } = renderHelp("/helpcenter?code=HLLAWCASE&menuId=7", { [P.articles]: articlesAnswer([lawCase]), [P.dict]: dict });
    expect(await screen.findByRole("link", { name: lawCase.title })).toBeInTheDocument();
    expect(screen.getByText("示例市互联网法院")).toBeInTheDocument();
    expect(screen.getByText("（2025）示0101民初100号")).toBeInTheDocument();
    expect(callsTo(P.articles)[0].params).toMatchObject({ menuId: 7, useScene: 1 });

    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "取证渠道" }));
    await user.click(await screen.findByTitle("网页取证"));
    await waitFor(() => expect(query()).toContain("evidenceChannelId=webpage"));
    await user.type(screen.getByRole("searchbox", { name: "关键词" }), "著作权{Enter}");
    await waitFor(() => expect(callsTo(P.articles).at(-1)!.params).toMatchObject({ menuId: 7, useScene: 1, evidenceChannelId: "webpage", keyName: "著作权" }));
    expect(callsTo(P.articles).at(-1)!.params).not.toHaveProperty("caseType");
  });

  it("sends the date range and the province from a pasted address", async () => {
    const { callsTo } = renderHelp("/helpcenter?code=HLLAWCASE&menuId=7&startTime=2025-01-01&endTime=2025-12-31&area=330000&caseType=copyright", {
      [P.articles]: articlesAnswer([lawCase]),
      [P.dict]: dict,
    });
    await screen.findByRole("link", { name: lawCase.title });
    expect(callsTo(P.articles)[0].params).toMatchObject({ startTime: "2025-01-01", endTime: "2025-12-31", area: "330000", caseType: "copyright" });
  });

  it("shows a case's court, number, date and 裁判理由 before its text", async () => {
    renderHelp("/helpcenter?code=HLLAWCASE&menuId=7&articleId=71", { [P.detail]: detailAnswer(lawCase, "<p>案情经过</p>", null, null) });
    const reasons = await screen.findByRole("region", { name: "裁判理由" });
    expect(reasons).toHaveTextContent("网页取证过程完整，哈希值一致，证据予以采信。");
    expect(screen.getByText("审理法院").closest("tr")).toHaveTextContent("示例市互联网法院");
    expect(screen.getByText("案号").closest("tr")).toHaveTextContent("（2025）示0101民初100号");
    expect(screen.getByText("裁判日期").closest("tr")).toHaveTextContent("2025年06月01日");
    expect(screen.getByText("浙江省")).toBeInTheDocument();
    expect(reasons.compareDocumentPosition(screen.getByText("案情经过")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe("/helpcenter search drawer", () => {
  it("finds articles for a keyword and shows each one's menu path; a result opens its article", async () => {
    const hit = HelpSearchResultSchema.parse({ articleId: 101, menuId: 6, code: "HLEVIDENCE", title: "什么是电子存证", brief: "存证的基本概念", nameList: ["存证与诉讼", "存证知识"] });
    const { callsTo } = renderHelp("/helpcenter?code=HLEVIDENCE&menuId=6", {
      [P.articles]: articlesAnswer([]),
      [P.search]: ok({ pageP: pagePSchema(HelpSearchResultSchema).parse({ list: [hit], pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: 1 }) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /输入关键词搜索/ }));
    const drawer = within(await screen.findByRole("dialog"));
    await user.click(drawer.getByRole("button", { name: /搜\s*索/ }));
    expect(drawer.getByText("请输入关键词")).toBeInTheDocument();
    expect(callsTo(P.search)).toHaveLength(0);
    await user.type(drawer.getByRole("searchbox", { name: "搜索关键词" }), "存证{Enter}");
    expect(await drawer.findByText("存证与诉讼 › 存证知识")).toBeInTheDocument();
    expect(callsTo(P.search)[0].params).toMatchObject({ keyName: "存证", pageNumber: 1 });
    await user.click(drawer.getByRole("link", { name: "什么是电子存证" }));
    await waitFor(() => expect(query()).toBe("?code=HLEVIDENCE&menuId=6&articleId=101"));
  });
});

describe("/helpcenter 电子证据原理 (HLELEEVIDENCE)", () => {
  it("shows the document's pages one at a time and links the PDF", async () => {
    const principles = EleEvidencePrincipleSchema.parse({
      brief: "电子证据的三性",
      subTitle: "电子证据原理",
      content: "<p>本文说明电子证据的真实性、合法性与关联性。</p>",
      pngList: [
        { filePath: "/files/principles/2.png", page: 2 },
        { filePath: "/files/principles/1.png", page: 1 },
      ],
    });
    renderHelp("/helpcenter?code=HLELEEVIDENCE&menuId=9", { [LAWSUIT_PACKAGE_ENDPOINTS.getEleEvidencePdf.path]: ok(principles) });
    expect(await screen.findByAltText("第1页")).toHaveAttribute("src", "/files/principles/1.png");
    expect(screen.getByText("本文说明电子证据的真实性、合法性与关联性。")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "下载 PDF" }).getAttribute("href")).toMatch(new RegExp(`^/webapi${LAWSUIT_PACKAGE_ENDPOINTS.exportEleEvidencePdf.path}\\?.*signature=`));
    fireEvent.click(screen.getByRole("button", { name: /下一页/ }));
    expect(screen.getByAltText("第2页")).toBeInTheDocument();
    expect(screen.getByText(/第 2 \/ 2 页/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /下一页/ })).toBeDisabled();
  });
});
