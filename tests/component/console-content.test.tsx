import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { APP_PATHS } from "../../src/app/path-rules";
import { CONSOLE_REGISTRY } from "../../src/resources/console/registry";
import { registryPathIn } from "../../src/resources/derive";
import { BANNER_TEMPLATES, CONTENT_ENDPOINTS } from "../../src/schema/console/content";
import { OPERATOR_AUTH_ENDPOINTS } from "../../src/schema/console/operator-auth";
import { permissionsOf } from "../../src/schema/console/permissions";
import { PUBLICATION_TRANSITIONS } from "../../src/schema/console/publication";
import { fail, ok, type ScriptedAnswer } from "./account-harness";
import { renderConsole } from "./console-harness";
import { useDesktopMediaQueries } from "./desktop-media";

// The first render of a file pays for antd's and ProLayout's styles being built.
vi.setConfig({ testTimeout: 30_000 });
useDesktopMediaQueries();

const E = CONTENT_ENDPOINTS.banner;
/** A page of the 轮播图 section, named through the registry. */
const bannerPage = (page: string) => registryPathIn(CONSOLE_REGISTRY, "content/banners", page, APP_PATHS.console);
const ME = OPERATOR_AUTH_ENDPOINTS.me.path;
const UPLOADED = `/files/content/${"c".repeat(64)}`;
const editor = { [ME]: ok({ id: 5, account: "wang.wu", name: "王五", roles: ["contentEditor"], permissions: permissionsOf(["contentEditor"]) }) };

const record = (id: number, title: string, state: string) => ({
  id,
  state,
  sortOrder: id,
  createdAt: Date.UTC(2026, 10, 1),
  updatedAt: Date.UTC(2026, 10, 2),
  templateId: 1,
  title,
  subTitle: [],
  imageUrl: UPLOADED,
  subImage: [],
  button: [],
});

function openBannerEditor(script: Record<string, ScriptedAnswer>) {
  return renderConsole({ path: bannerPage("new"), registry: CONSOLE_REGISTRY, roles: ["contentEditor"], script: { ...editor, [CONTENT_ENDPOINTS.uploadImage.path]: ok({ path: UPLOADED }), ...script } });
}

async function fillBanner(user: ReturnType<typeof userEvent.setup>, jumpUrl: string) {
  await user.type(await screen.findByLabelText("标题"), "新的横幅");
  await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "横幅.png", { type: "image/png" }));
  await user.click(screen.getByRole("button", { name: /添加按钮/ }));
  const buttons = screen.getByRole("group", { name: "按钮" });
  await user.type(within(buttons).getByLabelText("按钮文字"), "去看看");
  await user.type(within(buttons).getByLabelText("跳转地址"), jumpUrl);
}

describe("the banner editor", () => {
  it("uploads the image, previews the draft in the home page's carousel and saves it as a draft", async () => {
    const user = userEvent.setup();
    const view = openBannerEditor({ [E.create.path]: ok(record(9, "新的横幅", "draft")) });
    await fillBanner(user, "/info/blockChain");

    const preview = screen.getByRole("region", { name: "轮播图预览" });
    await waitFor(() => expect(within(preview).getByRole("heading", { name: "新的横幅" })).toBeInTheDocument());
    expect(within(preview).getByRole("group", { name: "新的横幅" })).toHaveStyle({ backgroundImage: `url("${UPLOADED}")` });
    expect(within(preview).getByRole("link", { name: "去看看" })).toHaveAttribute("href", "/info/blockChain");
    expect(view.callsTo(CONTENT_ENDPOINTS.uploadImage.path)).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "保存为草稿" }));
    await waitFor(() => expect(view.callsTo(E.create.path)).toHaveLength(1));
    expect(view.callsTo(E.create.path)[0].params).toMatchObject({
      templateId: 1,
      title: "新的横幅",
      imageUrl: UPLOADED,
      button: [{ name: "去看看", jumpUrl: "/info/blockChain" }],
      subTitle: [],
      subImage: [],
    });
    await waitFor(() => expect(view.location()).toBe(bannerPage("list")));
  });

  it("refuses a javascript: address on its field before asking the server", async () => {
    const user = userEvent.setup();
    const view = openBannerEditor({});
    await fillBanner(user, "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "保存为草稿" }));
    expect(await screen.findByText("跳转地址须以 http:// 或 https:// 开头，或为以 / 开头的本站路径")).toBeInTheDocument();
    expect(view.callsTo(E.create.path)).toHaveLength(0);
  });

  it("shows the server's refusal on the field it names", async () => {
    const user = userEvent.setup();
    openBannerEditor({ [E.create.path]: { code: 1001, message: "图片不存在，请重新上传", datas: null, extraData: { errors: { "button.0.jumpUrl": "服务器说地址不行" } } } });
    await fillBanner(user, "/info/blockChain");
    await user.click(screen.getByRole("button", { name: "保存为草稿" }));
    expect(await screen.findByText("服务器说地址不行")).toBeInTheDocument();
  });

  it("offers every template of spec §3", async () => {
    const user = userEvent.setup();
    openBannerEditor({});
    await user.click(await screen.findByLabelText("模板"));
    for (const label of Object.values(BANNER_TEMPLATES)) expect((await screen.findAllByText(label)).length).toBeGreaterThan(0);
  });
});

describe("the banner list", () => {
  it("offers each row what its state allows, and publishes", async () => {
    const user = userEvent.setup();
    const view = renderConsole({
      path: bannerPage("list"),
      registry: CONSOLE_REGISTRY,
      roles: ["contentEditor"],
      script: {
        ...editor,
        [E.list.path]: ok({ pageP: { list: [record(1, "草稿横幅", "draft"), record(2, "已发布横幅", "published")], pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: 2 } }),
        [E.publish.path]: ok(record(1, "草稿横幅", "published")),
        [E.move.path]: fail(3132, "已经排在最前，无法上移"),
      },
    });
    const draftActions = await screen.findByLabelText("草稿横幅的操作");
    const publishedActions = screen.getByLabelText("已发布横幅的操作");
    expect(within(draftActions).getByRole("button", { name: PUBLICATION_TRANSITIONS.publish.label })).toBeInTheDocument();
    expect(within(draftActions).getByRole("button", { name: "删除" })).toBeInTheDocument();
    expect(within(draftActions).queryByRole("button", { name: PUBLICATION_TRANSITIONS.unpublish.label })).not.toBeInTheDocument();
    expect(within(publishedActions).getByRole("button", { name: PUBLICATION_TRANSITIONS.unpublish.label })).toBeInTheDocument();
    expect(within(publishedActions).queryByRole("button", { name: "删除" })).not.toBeInTheDocument();
    expect(within(publishedActions).getByRole("link", { name: "编辑" })).toHaveAttribute("href", `${bannerPage("edit")}?id=2`);

    await user.click(within(draftActions).getByRole("button", { name: "发布" }));
    await waitFor(() => expect(view.callsTo(E.publish.path)).toHaveLength(1));
    expect(view.callsTo(E.publish.path)[0].params).toEqual({ id: 1 });
    await waitFor(() => expect(view.callsTo(E.list.path).length).toBeGreaterThan(1));

    await user.click(within(publishedActions).getByRole("button", { name: "上移" }));
    expect(await screen.findByText("已经排在最前，无法上移")).toBeInTheDocument();

    await user.click(within(publishedActions).getByRole("button", { name: "预览" }));
    const dialog = await screen.findByRole("dialog", { name: "预览：已发布横幅" });
    expect(within(dialog).getByRole("heading", { name: "已发布横幅" })).toBeInTheDocument();
  });
});
