import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { APP_PATHS } from "../../src/app/path-rules";
import { CONSOLE_REGISTRY } from "../../src/resources/console/registry";
import { registryPathIn } from "../../src/resources/derive";
import { OPERATOR_ENDPOINTS } from "../../src/schema/console/operators";
import { OPERATOR_ROLES } from "../../src/schema/console/permissions";
import { createOperator, operatorPasswordLogin } from "../server/support/operator";
import { useDesktopMediaQueries } from "./desktop-media";
import { liveConsole } from "./live-console";

/**
 * 操作员 and 操作审计 in the console as the app mounts them (the real console registry, the generic
 * list, form and record kinds), against the real server listening on a port: the app's own HTTP
 * client and the real RSA-OAEP login crypto, so every call is signed, encrypted where it must be
 * and checked, audited and logged by the server.
 */

useDesktopMediaQueries();
vi.setConfig({ testTimeout: 60_000 });

const path = (section: string, page: string) => registryPathIn(CONSOLE_REGISTRY, `platform/${section}`, page, APP_PATHS.console);
const heading = (name: string) => screen.findByRole("heading", { name, level: 4 }, { timeout: 20_000 });
const rowOf = async (text: string) => (await screen.findByText(text, undefined, { timeout: 20_000 })).closest("tr") as HTMLElement;

const live = liveConsole(["administrator"], "测试操作员");

describe("操作员 against the real server", () => {
  it("lists each operator with roles as tags, status, authenticator and last login", async () => {
    await createOperator(live.t, { account: "zhao.liu", name: "赵六", roles: ["finance", "contentEditor"] });
    live.open(path("operators", "dataList"));
    expect(await heading("操作员列表")).toBeInTheDocument();

    const zhao = await rowOf("zhao.liu");
    expect(within(zhao).getByText("赵六")).toBeInTheDocument();
    expect(within(zhao).getByText(OPERATOR_ROLES.finance.title, { selector: ".ant-tag" })).toBeInTheDocument();
    expect(within(zhao).getByText(OPERATOR_ROLES.contentEditor.title, { selector: ".ant-tag" })).toBeInTheDocument();
    expect(within(zhao).getByText("正常")).toBeInTheDocument();
    expect(within(zhao).getByText("未绑定（下次登录时绑定）")).toBeInTheDocument();
    expect(within(zhao).queryByRole("button", { name: "重置二次验证" })).not.toBeInTheDocument();

    const self = await rowOf(live.operator.account);
    expect(within(self).getByText("已绑定")).toBeInTheDocument();
    expect(within(self).getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    for (const action of ["编辑角色", "停用", "重置二次验证"]) expect(within(self).getByRole("button", { name: action })).toBeInTheDocument();
  });

  it("新建操作员: roles chosen with what they allow, the password sent encrypted; the new operator can sign in with it", async () => {
    const view = live.open(path("operators", "new"));
    expect(await heading("新建操作员")).toBeInTheDocument();
    const u = userEvent.setup();

    await u.click(screen.getByRole("button", { name: "提交" }));
    expect(await screen.findByText("请至少选择一个角色")).toBeInTheDocument();

    await u.type(screen.getByLabelText("账号"), "Qian.Qi");
    await u.type(screen.getByLabelText("姓名"), "钱七");
    await u.type(screen.getByLabelText("初始密码"), "Qian2026pass");
    await u.click(screen.getByRole("combobox", { name: "角色" }));
    const reviewer = screen.getByText(OPERATOR_ROLES.identityReviewer.title, { selector: ".ant-select-item-option-content *" });
    expect(within(reviewer.closest(".ant-select-item-option-content") as HTMLElement).getByText(OPERATOR_ROLES.identityReviewer.description)).toBeInTheDocument();
    await u.click(reviewer);
    await u.click(screen.getByRole("button", { name: "提交" }));

    await waitFor(() => expect(view.location()).toBe(path("operators", "dataList")), { timeout: 20_000 });
    const qian = await rowOf("qian.qi");
    expect(within(qian).getByText(OPERATOR_ROLES.identityReviewer.title, { selector: ".ant-tag" })).toBeInTheDocument();
    // The server decrypted and stored the password the form sent: it signs in with it.
    expect((await operatorPasswordLogin(live.t, "qian.qi", "Qian2026pass")).json().code).toBe(200);
  });

  it("a taken account is refused on its field", async () => {
    await createOperator(live.t, { account: "sun.ba", name: "孙八", roles: ["finance"] });
    live.open(path("operators", "new"));
    await heading("新建操作员");
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("账号"), "sun.ba");
    await u.type(screen.getByLabelText("姓名"), "另一个孙八");
    await u.type(screen.getByLabelText("初始密码"), "Sun2026pass");
    await u.click(screen.getByRole("combobox", { name: "角色" }));
    await u.click(screen.getByText(OPERATOR_ROLES.finance.title, { selector: ".ant-select-item-option-content *" }));
    await u.click(screen.getByRole("button", { name: "提交" }));
    expect(await screen.findByText("操作员账号 sun.ba 已存在", undefined, { timeout: 20_000 })).toBeInTheDocument();
  });

  it("停用 says what will happen and records the reason; 启用 undoes it; disabling oneself is refused in the dialog", async () => {
    await createOperator(live.t, { account: "li.jiu", name: "李九", roles: ["contentEditor"] });
    live.open(path("operators", "dataList"));
    const u = userEvent.setup();

    await u.click(within(await rowOf("li.jiu")).getByRole("button", { name: "停用" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/停用后，李九（li\.jiu）将立即退出登录，且不能再登录运营后台/)).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText("原因"), "离职");
    await u.click(within(dialog).getByRole("button", { name: "确认停用" }));
    await waitFor(async () => expect(within(await rowOf("li.jiu")).getByText("已停用")).toBeInTheDocument(), { timeout: 20_000 });

    await u.click(within(await rowOf("li.jiu")).getByRole("button", { name: "启用" }));
    await u.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "确认启用" }));
    await waitFor(async () => expect(within(await rowOf("li.jiu")).getByText("正常")).toBeInTheDocument(), { timeout: 20_000 });

    await u.click(within(await rowOf(live.operator.account)).getByRole("button", { name: "停用" }));
    const own = await screen.findByRole("dialog");
    await u.click(within(own).getByRole("button", { name: "确认停用" }));
    expect(await within(own).findByText("不能停用自己的账号", undefined, { timeout: 20_000 })).toBeInTheDocument();
  });

  it("编辑角色 starts from the operator's roles and saves the new ones", async () => {
    await createOperator(live.t, { account: "zhou.shi", name: "周十", roles: ["finance"] });
    live.open(path("operators", "dataList"));
    const u = userEvent.setup();
    await u.click(within(await rowOf("zhou.shi")).getByRole("button", { name: "编辑角色" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("姓名")).toHaveValue("周十");
    expect(within(dialog).getByText(OPERATOR_ROLES.finance.title, { selector: ".ant-select-selection-item-content" })).toBeInTheDocument();
    await u.click(within(dialog).getByRole("combobox", { name: "角色" }));
    await u.click(screen.getByText(OPERATOR_ROLES.notaryOfficeAdmin.title, { selector: ".ant-select-item-option-content *" }));
    await u.type(within(dialog).getByLabelText("原因"), "兼管公证处");
    await u.click(within(dialog).getByRole("button", { name: "保存" }));
    await waitFor(async () => expect(within(await rowOf("zhou.shi")).getByText(OPERATOR_ROLES.notaryOfficeAdmin.title, { selector: ".ant-tag" })).toBeInTheDocument(), {
      timeout: 20_000,
    });
  });
});

describe("操作审计 against the real server", () => {
  // The record's panel brings the ledger verifier: its first import in a busy jsdom worker can take longer than a wait for a heading.
  // The record's page (the lazily loaded detail kind and its panel with the ledger verifier) is
  // imported before the test: on a busy worker the first import of that graph alone can take longer
  // than the wait for the page, and the router shows the new location only once it has rendered.
  beforeAll(() => Promise.all([import("../../src/pages/kinds/detail-page"), import("../../src/pages/console/platform/audit/audit-record-panel")]), 60_000);

  it("finds an action by its filters and shows its record: the change, the reason, its place in the public log, checked", { timeout: 90_000 }, async () => {
    const target = await createOperator(live.t, { account: "wu.yi", name: "吴一", roles: ["finance"] });
    const updated = await live.t.call(OPERATOR_ENDPOINTS.update, { id: target.id, name: "吴一", roles: ["finance", "contentEditor"], reason: "兼管内容" }, { token: live.operator.token });
    expect(updated.json().code).toBe(200);

    const view = live.open(path("audit", "dataList"));
    expect(await heading("操作记录")).toBeInTheDocument();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("对象编号"), String(target.id));
    await u.click(screen.getByRole("button", { name: "查询" }));
    const row = await rowOf("兼管内容");
    expect(within(row).getByText("修改操作员")).toBeInTheDocument();
    expect(within(row).getByText("wu.yi")).toBeInTheDocument();

    // The filtered answer replaces the list's rows, and while it loads the table takes no clicks (a
    // click then throws): the user clicks the link on screen until one click is taken, and again
    // only if the list has since replaced that link. Never while a navigation is under way, since
    // every click starts it anew and a busy worker may need longer than one retry to render the page.
    let taken: HTMLElement | undefined;
    await waitFor(
      async () => {
        if (view.location() !== path("audit", "dataList/auditInfo") && !taken?.isConnected) {
          const link = within(await rowOf("兼管内容")).getByRole("link", { name: "查看操作记录详情" });
          await u.click(link);
          taken = link;
        }
        expect(view.location()).toBe(path("audit", "dataList/auditInfo"));
      },
      { timeout: 30_000 },
    );
    expect(await heading("操作记录详情")).toBeInTheDocument();

    const changes = (await screen.findByText("操作前后", undefined, { timeout: 20_000 })).closest(".ant-card") as HTMLElement;
    const roles = within(changes).getByText("角色").closest("tr") as HTMLElement;
    expect(within(roles).getByText("财务")).toBeInTheDocument();
    expect(within(roles).getByText("财务、内容编辑")).toBeInTheDocument();
    expect(within(roles).getByText("修改")).toBeInTheDocument();

    const ledger = screen.getByText("透明账本").closest(".ant-card") as HTMLElement;
    await waitFor(() => expect(within(ledger).getByText("已在账本中验证")).toBeInTheDocument());
    const link = within(ledger).getByRole("link", { name: /在公开账本中查看/ });
    const published = await live.t.app.inject({ method: "GET", url: link.getAttribute("href")! });
    expect(published.statusCode).toBe(200);
    const checks = [...ledger.querySelectorAll("[data-check]")].map((item) => [item.getAttribute("data-check"), item.getAttribute("data-status")]);
    expect(checks[0]).toEqual(["audit-commitment", "pass"]);
    expect(checks.filter(([, status]) => status === "fail")).toEqual([]);
  });
});
