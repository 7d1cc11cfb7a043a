import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { APP_PATHS } from "../../src/app/path-rules";
import { CONSOLE_REGISTRY } from "../../src/resources/console/registry";
import { registryPathIn } from "../../src/resources/derive";
import { HELP_CONTENT_ENDPOINTS, HelpArticleRecordSchema, HelpMenuRecordSchema } from "../../src/schema/console/help-content";
import { OPERATOR_AUTH_ENDPOINTS } from "../../src/schema/console/operator-auth";
import { permissionsOf } from "../../src/schema/console/permissions";
import { HelpArticleSchema } from "../../src/schema/help-center";
import { ok, type ScriptedAnswer } from "./account-harness";
import { renderConsole } from "./console-harness";
import { useDesktopMediaQueries } from "./desktop-media";

vi.setConfig({ testTimeout: 60_000 });
useDesktopMediaQueries();

const M = HELP_CONTENT_ENDPOINTS.menu;
const A = HELP_CONTENT_ENDPOINTS.article;
const page = (section: string, name: string) => registryPathIn(CONSOLE_REGISTRY, `content/${section}`, name, APP_PATHS.console);
const editor = { [OPERATOR_AUTH_ENDPOINTS.me.path]: ok({ id: 5, account: "wang.wu", name: "王五", roles: ["contentEditor"], permissions: permissionsOf(["contentEditor"]) }) };

const times = { state: "published", createdAt: Date.UTC(2026, 10, 1), updatedAt: Date.UTC(2026, 10, 2) };
const menu = (id: number, name: string, code: string | null, parentId: number | null) => HelpMenuRecordSchema.parse({ id, sortOrder: id, ...times, name, code, parentId });
const MENUS = [menu(1, "存证与诉讼", null, null), menu(2, "存证知识", "HLEVIDENCE", 1), menu(3, "司法案例", "HLLAWCASE", 1), menu(4, "诉讼包下载", "HLSUITPACKAGE", 1)];
const menuList: ScriptedAnswer = ok({ pageP: { list: MENUS, pageNumber: 1, pageSize: 200, totalPage: 1, totalRow: MENUS.length } });

const articleRecord = (values: Record<string, unknown>) =>
  HelpArticleRecordSchema.parse({ id: 9, sortOrder: 9, ...times, state: "draft", title: "", typeName: "", brief: "摘要", content: "<p>正文</p>", publishedAt: Date.UTC(2026, 10, 3), summary: "", ...values });

const openArticleEditor = (script: Record<string, ScriptedAnswer>) =>
  renderConsole({ path: page("helpArticles", "new"), registry: CONSOLE_REGISTRY, roles: ["contentEditor"], script: { ...editor, [M.list.path]: menuList, ...script } });

/** Pasting rather than typing key by key: these forms have many long Chinese fields. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByTitle(option));
}

describe("the help article editor", () => {
  it("asks for the law-case fields only for an article of a 司法案例 menu, and saves them", async () => {
    const user = userEvent.setup();
    const view = openArticleEditor({ [A.create.path]: (params) => ok(articleRecord(params)) });
    await fill(user, await screen.findByLabelText("标题"), "某网店图片著作权纠纷（示例）");
    await fill(user, screen.getByLabelText("摘要"), "网页取证完整，证据被采信");
    await fill(user, screen.getByLabelText(/^正文/), "<p>案情</p>");
    expect(screen.queryByLabelText("审理法院")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("案号")).not.toBeInTheDocument();

    await choose(user, "所属栏目", "存证与诉讼 / 司法案例（司法案例）");
    expect(await screen.findByLabelText("审理法院")).toBeInTheDocument();
    expect(screen.queryByTitle("存证与诉讼 / 诉讼包下载（诉讼包下载）")).not.toBeInTheDocument();
    await fill(user, screen.getByLabelText("审理法院"), "示例市互联网法院");
    await fill(user, screen.getByLabelText("案号"), "（2025）示0101民初100号");
    await fill(user, screen.getByLabelText("裁判日期"), "2025-06-01");
    await choose(user, "取证渠道", "网页取证");
    await choose(user, "案件类型", "著作权纠纷");
    await user.click(screen.getByRole("button", { name: "保存为草稿" }));
    await waitFor(() => expect(view.callsTo(A.create.path)).toHaveLength(1));
    expect(view.callsTo(A.create.path)[0].params).toMatchObject({
      menuId: 3,
      title: "某网店图片著作权纠纷（示例）",
      courtName: "示例市互联网法院",
      caseNo: "（2025）示0101民初100号",
      judgedOn: "2025-06-01",
      evidenceChannelId: "webpage",
      caseType: "copyright",
      area: null,
    });
  });

  it("drops the law-case fields when the article moves to another kind of menu", async () => {
    const user = userEvent.setup();
    const view = openArticleEditor({ [A.create.path]: (params) => ok(articleRecord(params)) });
    await fill(user, await screen.findByLabelText("标题"), "什么是电子存证");
    await fill(user, screen.getByLabelText("摘要"), "存证的基本概念");
    await fill(user, screen.getByLabelText(/^正文/), "<p>正文</p>");
    await choose(user, "所属栏目", "存证与诉讼 / 司法案例（司法案例）");
    await fill(user, await screen.findByLabelText("审理法院"), "某法院");
    await choose(user, "所属栏目", "存证与诉讼 / 存证知识（存证知识）");
    await waitFor(() => expect(screen.queryByLabelText("审理法院")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "保存为草稿" }));
    await waitFor(() => expect(view.callsTo(A.create.path)).toHaveLength(1));
    expect(view.callsTo(A.create.path)[0].params).toMatchObject({ menuId: 2, courtName: null, caseNo: null });
  });

  it("previews a draft as the help centre shows it, with the HTML the server cleaned", async () => {
    const user = userEvent.setup();
    openArticleEditor({
        [HELP_CONTENT_ENDPOINTS.previewArticle.path]: (params) =>
          ok(
            HelpArticleSchema.parse({
              articleId: 0, channelId: 2, channelCode: "HLEVIDENCE", channelName: "存证知识", menuId: 2, title: params.title, typeName: "", brief: params.brief,
              time: "2026年11月03日", createDate: "2026-11-03 10:00:00", summary: "", courtName: null, caseNo: null, evidenceChannelId: null, caseType: null, area: null,
              content: "<p>清理后的正文</p>",
            }),
          ),
    });
    await fill(user, await screen.findByLabelText("标题"), "预览中的文章");
    await user.click(screen.getByRole("button", { name: "预览" }));
    const preview = await screen.findByRole("region", { name: "帮助文章预览" });
    expect(await within(preview).findByText("清理后的正文")).toBeInTheDocument();
    expect(within(preview).getByRole("heading", { name: "预览中的文章" })).toBeInTheDocument();
  });
});

describe("the help menus", () => {
  it("lists the menus with their kinds and offers each row its actions", async () => {
    renderConsole({ path: page("helpMenus", "list"), registry: CONSOLE_REGISTRY, roles: ["contentEditor"], script: { ...editor, [M.list.path]: menuList } });
    const actions = await screen.findByLabelText("司法案例的操作");
    expect(within(actions).getByRole("button", { name: "下线" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "新建帮助中心栏目" })).toBeInTheDocument();
  });

  it("creates a group: no parent and no kind are sent as null", async () => {
    const user = userEvent.setup();
    const view = renderConsole({
      path: page("helpMenus", "new"),
      registry: CONSOLE_REGISTRY,
      roles: ["contentEditor"],
      script: { ...editor, [M.list.path]: menuList, [M.create.path]: (params) => ok(menu(10, String(params.name), null, null)) },
    });
    await fill(user, await screen.findByLabelText("栏目名称"), "使用指南");
    expect(screen.getByRole("region", { name: "帮助中心栏目预览" })).toHaveTextContent("分组");
    await user.click(screen.getByRole("button", { name: "保存为草稿" }));
    await waitFor(() => expect(view.callsTo(M.create.path)).toHaveLength(1));
    expect(view.callsTo(M.create.path)[0].params).toEqual({ name: "使用指南", parentId: null, code: null });
  });
});
