import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { customers } from "../../src/resources/console/customers";
import { consolePath } from "../../src/resources/registry-paths";
import { CUSTOMER_ENDPOINTS, type CustomerDetail, type CustomerSummary } from "../../src/schema/console/customers";
import { OPERATOR_AUTH_ENDPOINTS } from "../../src/schema/console/operator-auth";
import { permissionsOf, type OperatorRole } from "../../src/schema/console/permissions";
import { fail, ok, type ScriptedAnswer } from "./account-harness";
import { renderConsole } from "./console-harness";
import { useDesktopMediaQueries } from "./desktop-media";

// The first render of a file pays for antd's and ProLayout's styles being built.
vi.setConfig({ testTimeout: 30_000 });
useDesktopMediaQueries();

const LIST = consolePath("customers/lookup", "dataList");
const DETAIL = consolePath("customers/lookup", "dataList/customerInfo");
const TIME = Date.UTC(2026, 10, 20, 2, 30, 0);
const REF = "0123456789abcdef0123456789abcdef";

const summary: CustomerSummary = {
  id: 7,
  loginAccount: "13912340001",
  displayName: "张三",
  mobile: "13912340001",
  mail: null,
  accountKind: "personal",
  status: "active",
  realNameState: "verified",
  enterpriseState: "none",
  registerTime: TIME,
};

function customer(overrides: Partial<CustomerDetail["profile"]> = {}): CustomerDetail {
  return {
    profile: {
      id: 7,
      loginAccount: "13912340001",
      mobile: "13912340001",
      mail: "zhang@example.com",
      displayName: "张三",
      accountKind: "personal",
      status: "active",
      disabledBy: [],
      registerTime: TIME,
      cancelTime: null,
      hasPassword: true,
      twoStepEnabled: false,
      scanBound: false,
      isTest: false,
      ...overrides,
    },
    verification: {
      realName: { state: "verified", name: "张三", idNumberMasked: "1101**********7718", submitTime: "2026-11-20 10:00:00", decideTime: "2026-11-20 11:00:00", rejectReason: null },
      enterprise: { state: "none", name: null, certificateNumber: null, submitTime: null, decideTime: null, rejectReason: null },
    },
    parent: null,
    children: { total: 1, list: [{ id: 8, loginAccount: "13912340101", name: "法务部", status: "active", createTime: TIME }] },
    sessions: [{ ref: REF, createTime: TIME, lastSeenTime: TIME, address: "10.99.0.7" }],
    evidence: { kinds: [{ kind: "text", count: 3, bytes: 2048 }], totalCount: 3, totalBytes: 2048 },
    logins: [{ time: TIME, method: "password", outcome: "wrongPassword", ip: "10.99.0.7", userAgent: "Chrome/131.0" }],
  };
}

function open(path: string, roles: OperatorRole[], script: Record<string, ScriptedAnswer> = {}) {
  const profile = { id: 5, account: "wang.wu", name: "王五", roles, permissions: permissionsOf(roles) };
  return renderConsole({ path, roles, registry: [customers], script: { [OPERATOR_AUTH_ENDPOINTS.me.path]: ok(profile), ...script } });
}

const user = () => userEvent.setup();

describe("the customer list", () => {
  it("searches by the keyword and links each customer to its page", async () => {
    const view = open(LIST, ["identityReviewer"], { [CUSTOMER_ENDPOINTS.search.path]: ok({ list: [summary], pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: 1 }) });
    expect(await screen.findByText("张三")).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "实名认证" })).toBeInTheDocument();
    expect(screen.getByText("已认证")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "查看客户详情" })).toHaveAttribute("href", `${DETAIL}?id=7`);
    await user().type(screen.getByPlaceholderText("账号、手机号、邮箱、已认证企业名称或证书编号"), "HZ123{Enter}");
    await waitFor(() => expect(view.callsTo(CUSTOMER_ENDPOINTS.search.path).at(-1)?.params).toMatchObject({ keyword: "HZ123" }));
  });
});

describe("one customer", () => {
  it("shows the customer's parts in tabs, with the actions for an operator who may manage customers", async () => {
    const view = open(`${DETAIL}?id=7`, ["administrator"], {
      [CUSTOMER_ENDPOINTS.detail.path]: ok(customer()),
      [CUSTOMER_ENDPOINTS.endSession.path]: ok({ endedSessions: 1 }),
    });
    expect(await screen.findByText("张三", { selector: "h5" })).toBeInTheDocument();
    expect(screen.getByText("zhang@example.com")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "停用账号" })).toBeInTheDocument();

    await user().click(screen.getByRole("tab", { name: "认证" }));
    expect(await screen.findByText("1101**********7718")).toBeInTheDocument();

    await user().click(screen.getByRole("tab", { name: "存证统计" }));
    expect(await screen.findByLabelText("存证合计")).toHaveTextContent("共 3 条存证，合计 2 KB");
    expect(screen.getByText("文本存证")).toBeInTheDocument();

    await user().click(screen.getByRole("tab", { name: "登录记录" }));
    expect(await screen.findByText("密码错误")).toBeInTheDocument();

    await user().click(screen.getByRole("tab", { name: "会话（1）" }));
    const row = (await screen.findByText("10.99.0.7", { selector: "td" })).closest("tr")!;
    await user().click(within(row).getByRole("button", { name: "结束会话" }));
    // The confirmation's own button, below the row's.
    await waitFor(() => expect(screen.getAllByRole("button", { name: "结束会话" })).toHaveLength(2));
    await user().click(screen.getAllByRole("button", { name: "结束会话" }).at(-1)!);
    await waitFor(() => expect(view.callsTo(CUSTOMER_ENDPOINTS.endSession.path)).toHaveLength(1));
    expect(view.callsTo(CUSTOMER_ENDPOINTS.endSession.path)[0]!.params).toMatchObject({ id: 7, sessionRef: REF });
    expect(await screen.findByText("已结束该会话")).toBeInTheDocument();
    await waitFor(() => expect(view.callsTo(CUSTOMER_ENDPOINTS.detail.path).length).toBeGreaterThan(1));
  });

  it("asks for the reason before disabling, and shows the server's refusal at it", async () => {
    const disable: ScriptedAnswer = [fail(1001, "原因为2-200个字"), ok({ status: "disabled", disabledBy: ["operator"], endedSessions: 2 })];
    const view = open(`${DETAIL}?id=7`, ["administrator"], {
      [CUSTOMER_ENDPOINTS.detail.path]: [ok(customer()), ok(customer({ status: "disabled", disabledBy: ["operator"] }))],
      [CUSTOMER_ENDPOINTS.disable.path]: disable,
    });
    await user().click(await screen.findByRole("button", { name: "停用账号" }));
    const dialog = await screen.findByRole("dialog", { name: "停用账号" });
    await user().click(within(dialog).getByRole("button", { name: "确认停用" }));
    expect(await within(dialog).findByText("请填写原因")).toBeInTheDocument();
    expect(view.callsTo(CUSTOMER_ENDPOINTS.disable.path)).toHaveLength(0);

    await user().type(within(dialog).getByLabelText("原因"), "涉嫌冒用他人身份");
    await user().click(within(dialog).getByRole("button", { name: "确认停用" }));
    expect(await within(dialog).findByText("原因为2-200个字")).toBeInTheDocument();
    await user().click(within(dialog).getByRole("button", { name: "确认停用" }));
    expect(await screen.findByText("账号已停用")).toBeInTheDocument();
    expect(view.callsTo(CUSTOMER_ENDPOINTS.disable.path).at(-1)!.params).toMatchObject({ id: 7, reason: "涉嫌冒用他人身份" });
    expect(await screen.findByRole("button", { name: "启用账号" })).toBeInTheDocument();
    expect(screen.getByText("停用方：平台")).toBeInTheDocument();
  });

  it("hides every action from an operator who may only read customers", async () => {
    open(`${DETAIL}?id=7`, ["identityReviewer"], { [CUSTOMER_ENDPOINTS.detail.path]: ok(customer()) });
    expect(await screen.findByText("张三", { selector: "h5" })).toBeInTheDocument();
    await user().click(screen.getByRole("tab", { name: "会话（1）" }));
    expect(await screen.findByText("10.99.0.7", { selector: "td" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "停用账号" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "全部下线" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "结束会话" })).not.toBeInTheDocument();
  });
});
