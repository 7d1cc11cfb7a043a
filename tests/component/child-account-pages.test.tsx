import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { CreateChildAccountPage } from "../../src/pages/personal/child-accounts/create-child-account-page";
import { md5Hex } from "../../src/providers/login-crypto";
import { registryPath } from "../../src/resources/registry-paths";
import { deriveRoutes } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { DISABLE_CONFIRM_TEXT } from "../../src/pages/personal/child-accounts/child-account-slots";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account";
import { registryRoute } from "../support/registry-route";
import { fail, ok } from "./account-harness";
import { MAIN_ACCOUNT, renderPersonal } from "./personal-harness";

const CHILD_ACCOUNT_LIST = registryPath("personal/childAccountManagement", "dataList");

const CREATE = CHILD_ACCOUNT_ENDPOINTS.create.path;
const LIST = CHILD_ACCOUNT_ENDPOINTS.list.path;
/** The list is the registry's generic dataList page of the section. */
const LIST_ROUTE = deriveRoutes(REGISTRY).find((route) => route.path === CHILD_ACCOUNT_LIST)!;
const listPage = <SectionRouteElement route={LIST_ROUTE} />;

// The generic list is built on pro-components, whose first import alone takes seconds in jsdom:
// load it and the list's slots before the clock of any test starts.
beforeAll(() => Promise.all([import("../../src/pages/kinds/data-list-page"), import("../../src/pages/personal/child-accounts/child-account-slots")]), 60_000);
const SUB_ACCOUNT = { ...MAIN_ACCOUNT, id: 9, accountType: 3 };
const child = (id: number, name: string) => ({
  id,
  loginAccount: `1380000${String(id).padStart(4, "0")}`,
  mobile: null,
  mail: null,
  name,
  status: "active",
  statusName: "正常",
  mustChangePassword: true,
  createTime: "2026-11-22 10:00:00",
});
const page = (list: unknown[], pageNumber = 1, pageSize = 10, totalRow = list.length) => ok({ list, pageNumber, pageSize, totalRow, totalPage: Math.ceil(totalRow / pageSize) });

function openCreate(script = {}, user = MAIN_ACCOUNT) {
  const route = registryRoute("personal/childAccountManagement", "createChildAccount");
  return renderPersonal({ path: route.path, element: <CreateChildAccountPage route={route} />, script, user });
}

async function fillCreateForm(values: { account: string; name: string; password: string; confirm: string }) {
  const typist = userEvent.setup();
  await typist.type(screen.getByLabelText("登录账号"), values.account);
  await typist.type(screen.getByLabelText("子账号名称"), values.name);
  await typist.type(screen.getByLabelText("设置密码"), values.password);
  await typist.type(screen.getByLabelText("确认密码"), values.confirm);
  await typist.click(screen.getByRole("button", { name: "创建子账号" }));
}

describe("creating a child account", () => {
  it("shows each field's rule when submitted empty and sends nothing", async () => {
    const { callsTo } = openCreate();
    await userEvent.setup().click(await screen.findByRole("button", { name: "创建子账号" }));
    // Each field's message comes as its own check settles.
    for (const message of ["请输入正确的手机号或邮箱", "请输入子账号名称", "请输入密码", "请再次输入密码"]) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(CREATE)).toHaveLength(0);
  });

  it("refuses a weak password and a mismatched repetition", async () => {
    openCreate();
    await screen.findByRole("button", { name: "创建子账号" });
    await fillCreateForm({ account: "13800001111", name: "法务部", password: "abcdef", confirm: "abcdeg" });
    expect(await screen.findByText("密码长度为6-18位，至少包含1个字母和1个数字")).toBeInTheDocument();
    expect(screen.getByText("两次输入的密码不一致")).toBeInTheDocument();
  });

  it("sends the account, the name and the password only as encrypted MD5, then shows the result page", async () => {
    const { callsTo } = openCreate({ [CREATE]: ok(child(5, "法务部")) });
    await screen.findByRole("button", { name: "创建子账号" });
    await fillCreateForm({ account: " 13800001111 ", name: "法务部", password: "init1234", confirm: "init1234" });
    await waitFor(() => expect(callsTo(CREATE)).toHaveLength(1));
    expect(callsTo(CREATE)[0].params).toEqual({ account: "13800001111", name: "法务部", encryptPassword: `rsa(${md5Hex("init1234")})` });
    await waitFor(() => expect(screen.getByLabelText("当前地址")).toHaveTextContent(registryPath("personal/childAccountManagement", "createSuccess")));
  });

  it("puts the server's 'already registered' message under the account", async () => {
    openCreate({ [CREATE]: { ...fail(3003, "该账号已注册，请更换手机号或邮箱"), extraData: { errors: { account: "该账号已注册，请更换手机号或邮箱" } } } });
    await screen.findByRole("button", { name: "创建子账号" });
    await fillCreateForm({ account: "13800001111", name: "法务部", password: "init1234", confirm: "init1234" });
    const accountItem = screen.getByLabelText("登录账号").closest(".ant-form-item") as HTMLElement;
    expect(await within(accountItem).findByText("该账号已注册，请更换手机号或邮箱")).toBeInTheDocument();
  });
});

describe("a sub-account (spec §6)", () => {
  it("is refused the create page and the list, and nothing is fetched", async () => {
    const { callsTo } = openCreate({}, SUB_ACCOUNT);
    expect(await screen.findByText("子账号无权使用该功能")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "创建子账号" })).not.toBeInTheDocument();
    expect(callsTo(CREATE)).toHaveLength(0);
  });

  it("sees no list", async () => {
    const { callsTo } = renderPersonal({ path: CHILD_ACCOUNT_LIST, element: listPage, user: SUB_ACCOUNT });
    expect(await screen.findByText("子账号无权使用该功能")).toBeInTheDocument();
    expect(callsTo(LIST)).toHaveLength(0);
  });
});

describe("the child-account list", () => {
  it("asks for the page in the URL and shows the rows", async () => {
    const { callsTo } = renderPersonal({
      path: `${CHILD_ACCOUNT_LIST}?pageNumber=2&pageSize=30&keyword=法务`,
      element: listPage,
      script: { [LIST]: page([child(1, "法务部")], 2, 30, 31) },
    });
    expect(await screen.findByRole("cell", { name: "法务部" })).toBeInTheDocument();
    expect(callsTo(LIST)[0].params).toEqual({ pageNumber: 2, pageSize: 30, keyword: "法务" });
    expect(screen.getByText("共 31 条")).toBeInTheDocument();
  });

  it("clears a page number beyond the last page (spec §5)", async () => {
    renderPersonal({ path: `${CHILD_ACCOUNT_LIST}?pageNumber=5`, element: listPage, script: { [LIST]: page([], 5, 10, 3) } });
    await waitFor(() => expect(screen.getByLabelText("当前查询")).toHaveTextContent(/^$/));
  });

  it("filters by status through the URL, starting again at page 1", async () => {
    const { callsTo } = renderPersonal({
      path: `${CHILD_ACCOUNT_LIST}?pageNumber=2&pageSize=10`,
      element: listPage,
      script: { [LIST]: page([child(1, "法务部")], 1, 10, 20) },
    });
    await screen.findByRole("cell", { name: "法务部" });
    const typist = userEvent.setup();
    await typist.click(screen.getByRole("combobox", { name: "状态" }));
    await typist.click(await screen.findByTitle("已停用"));
    await waitFor(() => expect(screen.getByLabelText("当前查询")).toHaveTextContent("?pageSize=10&status=disabled"));
    await waitFor(() => expect(callsTo(LIST).at(-1)!.params).toEqual({ pageNumber: 1, pageSize: 10, status: "disabled" }));
  });

  it("disables an active sub-account once confirmed and renames one, reading the list again after each", async () => {
    const { callsTo } = renderPersonal({
      path: CHILD_ACCOUNT_LIST,
      element: listPage,
      script: {
        [LIST]: page([child(1, "法务部")]),
        [CHILD_ACCOUNT_ENDPOINTS.disable.path]: ok({ ...child(1, "法务部"), status: "disabled", statusName: "已停用" }),
        [CHILD_ACCOUNT_ENDPOINTS.update.path]: ok(child(1, "财务部")),
      },
    });
    const typist = userEvent.setup();
    await typist.click(await screen.findByRole("button", { name: "停用" }));
    expect(await screen.findByText(DISABLE_CONFIRM_TEXT)).toBeInTheDocument();
    await typist.click(within(screen.getByRole("tooltip")).getByRole("button", { name: "停用" }));
    expect(await screen.findByText("已停用")).toBeInTheDocument();
    expect(callsTo(CHILD_ACCOUNT_ENDPOINTS.disable.path)[0].params).toEqual({ id: 1 });
    await waitFor(() => expect(callsTo(LIST)).toHaveLength(2));

    await typist.click(screen.getByRole("button", { name: "改名" }));
    const name = await screen.findByLabelText("子账号名称");
    await typist.clear(name);
    await typist.type(name, "财务部");
    await typist.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("已修改名称")).toBeInTheDocument();
    expect(callsTo(CHILD_ACCOUNT_ENDPOINTS.update.path)[0].params).toEqual({ id: 1, name: "财务部" });
    await waitFor(() => expect(callsTo(LIST)).toHaveLength(3));
  });
});
