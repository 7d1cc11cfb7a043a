import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CONSOLE_REGISTRY } from "../../src/resources/console/registry";
import { consolePath } from "../../src/resources/registry-paths";
import { CONSOLE_INVOICE_ENDPOINTS, ReasonedApplicationSchema, type ConsoleApplication, type InvoiceState } from "../../src/schema/invoice";
import { ok, type ScriptedAnswer } from "./account-harness";
import { renderConsole } from "./console-harness";
import { useDesktopMediaQueries } from "./desktop-media";
import { sampleApplication, sampleInvoice } from "./invoice-fixtures";

// The first render of a file pays for antd's and ProLayout's styles being built.
vi.setConfig({ testTimeout: 40_000 });
useDesktopMediaQueries();

const SECTION = "finance/invoices";
const LIST = consolePath(SECTION, "dataList");
const REVIEW = consolePath(SECTION, "dataList/review");
const SLOW = { timeout: 10_000 };
const TIME = Date.UTC(2026, 10, 20, 2, 30, 0);
const ORDER = { merchantOrderNo: "P20261120023000ABCDEFGHIJ", amountFen: 50_000, channel: "alipay" as const, paidTime: TIME };

const blue = sampleInvoice({ invoiceNo: "DEV2026112000000005", issueTime: TIME, ledgerIndex: 12 });

function application(state: InvoiceState, overrides: Partial<ConsoleApplication> = {}): ConsoleApplication {
  return { ...sampleApplication({ state, applyTime: TIME, orders: [ORDER] }), account: "13912340001", userId: 7, decidedBy: null, ...overrides };
}

const issued = application("issued", { decideTime: TIME, issueTime: TIME, invoiceNo: blue.invoiceNo, invoices: [blue], decidedBy: "王五" });
const { orders: _orders, invoices: _invoices, actions: _actions, ...pendingRow } = application("pending");

function openConsole(path: string, script: Record<string, ScriptedAnswer>) {
  return renderConsole({ path, registry: CONSOLE_REGISTRY, roles: ["finance"], script: { [CONSOLE_INVOICE_ENDPOINTS.list.path]: ok({ list: [pendingRow], pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: 1 }), ...script } });
}

describe("发票审核 in the console", () => {
  it("lists the waiting applications and issues one: 开票 after a confirmation, then the invoice is there to download and 红冲 is offered", async () => {
    const view = openConsole(LIST, { [CONSOLE_INVOICE_ENDPOINTS.one.path]: [ok(application("pending")), ok(issued)], [CONSOLE_INVOICE_ENDPOINTS.approve.path]: ok(issued) });
    const row = (await screen.findByText("13912340001", {}, SLOW)).closest("tr") as HTMLElement;
    expect(within(row).getByText("待审核")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole("link", { name: "处理" }));
    await waitFor(() => expect(view.location()).toBe(REVIEW));
    expect(view.search()).toBe("?id=31");
    expect(await screen.findByText("finance@example.com", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(ORDER.merchantOrderNo)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "红冲" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "开票" }));
    const confirm = await waitFor(() => {
      const popconfirm = document.querySelector<HTMLElement>(".ant-popconfirm");
      if (!popconfirm) throw new Error("the confirmation is not open yet");
      return popconfirm;
    });
    expect(within(confirm).getByText("确认开具发票？")).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "开票" }));
    expect(await screen.findByText(`已开具发票 ${blue.invoiceNo}`, {}, SLOW)).toBeInTheDocument();
    expect(view.callsTo(CONSOLE_INVOICE_ENDPOINTS.approve.path).map((call) => call.params)).toEqual([expect.objectContaining({ id: 31 })]);
    expect(await screen.findByRole("button", { name: "红冲" }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /下载发票/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "驳回" })).not.toBeInTheDocument();
  });

  it("rejects only with a reason, which is what the server is sent", async () => {
    const rejected = application("rejected", { rejectReason: "发票抬头与付款单位不一致", decideTime: TIME });
    const view = openConsole(`${REVIEW}?id=31`, { [CONSOLE_INVOICE_ENDPOINTS.one.path]: [ok(application("pending")), ok(rejected)], [CONSOLE_INVOICE_ENDPOINTS.reject.path]: ok(rejected) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "驳回" }, SLOW));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "驳回" }));
    const empty = ReasonedApplicationSchema.safeParse({ id: 31, reason: "" });
    expect(await within(dialog).findByText(empty.error!.issues[0].message)).toBeInTheDocument();
    expect(view.callsTo(CONSOLE_INVOICE_ENDPOINTS.reject.path)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("驳回原因"), "发票抬头与付款单位不一致");
    await user.click(within(dialog).getByRole("button", { name: "驳回" }));
    expect(await screen.findByText("已驳回开票申请 31", {}, SLOW)).toBeInTheDocument();
    expect(view.callsTo(CONSOLE_INVOICE_ENDPOINTS.reject.path)[0].params).toMatchObject({ id: 31, reason: "发票抬头与付款单位不一致" });
    expect(await screen.findByText(/原因：发票抬头与付款单位不一致/, {}, SLOW)).toBeInTheDocument();
  });

  it("red-reverses an issued invoice with its reason", async () => {
    const reversed = application("reversed", { ...issued, state: "reversed", reverseReason: "客户要求更正抬头", reverseTime: TIME });
    const view = openConsole(`${REVIEW}?id=31`, { [CONSOLE_INVOICE_ENDPOINTS.one.path]: [ok(issued), ok(reversed)], [CONSOLE_INVOICE_ENDPOINTS.reverse.path]: ok(reversed) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "红冲" }, SLOW));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("红冲原因"), "客户要求更正抬头");
    await user.click(within(dialog).getByRole("button", { name: "红冲" }));
    expect(await screen.findByText("已红冲开票申请 31", {}, SLOW)).toBeInTheDocument();
    expect(view.callsTo(CONSOLE_INVOICE_ENDPOINTS.reverse.path)[0].params).toMatchObject({ id: 31, reason: "客户要求更正抬头" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "红冲" })).not.toBeInTheDocument(), SLOW);
  });
});
