import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { deriveRoutes, type SectionRoute } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { registryPath } from "../../src/resources/registry-paths";
import { INVOICE_ENDPOINTS, INVOICE_MESSAGES, INVOICE_RESULT_TEXTS, type InvoiceableOrder, type InvoiceTitle } from "../../src/schema/invoice";
import { fail, ok, type ScriptedAnswer } from "./account-harness";
import { sampleApplication, sampleInvoice } from "./invoice-fixtures";
import { renderPersonal } from "./personal-harness";

/** The invoice pages of the personal centre, through the registry's own routes, against scripted /webapi answers. */

const SECTION = "personal/invoiceAdmin";
const INVOICE_ROUTES = deriveRoutes(REGISTRY).filter((route) => route.resource === SECTION);
const routeOf = (page: string): SectionRoute => INVOICE_ROUTES.find((route) => route.path === registryPath(SECTION, page))!;
const path = (page: string) => registryPath(SECTION, page);

/** The machine runs several test projects at once: a form's check may take more than the default second. */
const SLOW = { timeout: 5000 };
const page = <T,>(list: T[]) => ok({ list, pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: list.length });
const PAID = Date.parse("2026-11-20T10:00:00+08:00");
const ORDERS: InvoiceableOrder[] = [
  { merchantOrderNo: "P20261120020000ABCDEFGHIJ", amountFen: 50_000, channel: "alipay", paidTime: PAID },
  { merchantOrderNo: "P20261121020000KLMNOPQRST", amountFen: 12_345, channel: "wechatpay", paidTime: PAID + 86_400_000 },
];
const title = (overrides: Partial<InvoiceTitle>): InvoiceTitle => ({
  id: 1,
  kind: "organisation",
  name: "恒证科技有限公司",
  taxpayerId: "91110108MA01ABCDE1",
  registeredAddress: null,
  registeredPhone: null,
  bankName: null,
  bankAccount: null,
  allowsSpecial: false,
  updateTime: PAID,
  ...overrides,
});
const TITLES = [title({}), title({ id: 2, name: "恒证数据服务有限公司", registeredAddress: "北京市海淀区中关村大街1号", registeredPhone: "010-88886666", bankName: "招商银行北京分行", bankAccount: "110912345610101", allowsSpecial: true })];

const appliedAnswer = (params: Record<string, unknown>) => ok({ id: 31, state: "pending", merchantOrderNos: params.merchantOrderNos });

beforeAll(() => Promise.all([import("../../src/pages/kinds/data-list-page"), import("../../src/pages/personal/invoices/apply-invoice-page"), import("../../src/pages/personal/invoices/title-page")]), 60_000);

async function openTitleForm() {
  const view = renderPersonal({ path: path("invoiceInfoDetail"), element: <SectionRouteElement route={routeOf("invoiceInfoDetail")} />, routes: INVOICE_ROUTES, script: { [INVOICE_ENDPOINTS.saveTitle.path]: (params) => ok(title(params as Partial<InvoiceTitle>)), [INVOICE_ENDPOINTS.listTitles.path]: page(TITLES) } });
  await screen.findByLabelText("发票抬头", {}, { timeout: 10_000 });
  return view;
}

describe("the invoice title form (发票信息详情)", { timeout: 30_000 }, () => {
  it("asks an organisation for a valid taxpayer id, says what a 专票 needs, and sends the id upper-cased", async () => {
    const { callsTo } = await openTitleForm();
    const user = userEvent.setup();
    expect(screen.getByText(/开具增值税专用发票须填写以下全部信息/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("发票抬头"), "恒证科技有限公司");
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText(INVOICE_MESSAGES.taxpayerIdRequired, {}, SLOW)).toBeInTheDocument();

    await user.type(screen.getByLabelText("纳税人识别号"), "12345");
    await user.type(screen.getByLabelText("银行账号"), "62-1234");
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText(INVOICE_MESSAGES.taxpayerIdInvalid, {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText(INVOICE_MESSAGES.bankAccountInvalid, {}, SLOW)).toBeInTheDocument();
    expect(callsTo(INVOICE_ENDPOINTS.saveTitle.path)).toHaveLength(0);

    await user.clear(screen.getByLabelText("纳税人识别号"));
    await user.type(screen.getByLabelText("纳税人识别号"), "91110108ma01abcde1");
    await user.clear(screen.getByLabelText("银行账号"));
    await user.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(callsTo(INVOICE_ENDPOINTS.saveTitle.path)).toHaveLength(1));
    expect(callsTo(INVOICE_ENDPOINTS.saveTitle.path)[0].params).toMatchObject({ kind: "organisation", name: "恒证科技有限公司", taxpayerId: "91110108MA01ABCDE1" });
    expect(callsTo(INVOICE_ENDPOINTS.saveTitle.path)[0].params.bankAccount).toBeUndefined();
    await waitFor(() => expect(screen.getByLabelText("当前地址")).toHaveTextContent(path("invoiceInfoList")));
  });

  it("keeps a person's title to a name: the organisation's fields leave the form and are not sent", async () => {
    const { callsTo } = await openTitleForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("纳税人识别号"), "bad");
    await user.click(screen.getByText("个人"));
    expect(screen.queryByLabelText("纳税人识别号")).not.toBeInTheDocument();
    expect(screen.queryByText(/开具增值税专用发票须填写以下全部信息/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("发票抬头"), "张三");
    await user.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(callsTo(INVOICE_ENDPOINTS.saveTitle.path)).toHaveLength(1));
    expect(callsTo(INVOICE_ENDPOINTS.saveTitle.path)[0].params).toEqual(expect.objectContaining({ kind: "person", name: "张三" }));
    expect(callsTo(INVOICE_ENDPOINTS.saveTitle.path)[0].params).not.toHaveProperty("taxpayerId");
    expect(screen.queryByText(INVOICE_MESSAGES.taxpayerIdInvalid)).not.toBeInTheDocument();
  });
});

/** 可开票订单 → 申请开票 with the whole journey's pages routed. */
function openOrders(applyAnswer: ScriptedAnswer) {
  return renderPersonal({
    path: path("invoiceOrder"),
    element: <SectionRouteElement route={routeOf("invoiceOrder")} />,
    routes: INVOICE_ROUTES,
    script: {
      [INVOICE_ENDPOINTS.listInvoiceableOrders.path]: page(ORDERS),
      [INVOICE_ENDPOINTS.listTitles.path]: page(TITLES),
      [INVOICE_ENDPOINTS.listAddresses.path]: page([]),
      [INVOICE_ENDPOINTS.apply.path]: applyAnswer,
    },
  });
}

async function chooseBothOrdersAndApply() {
  const user = userEvent.setup();
  for (const order of ORDERS) {
    const row = (await screen.findByText(order.merchantOrderNo, {}, { timeout: 10_000 })).closest("tr")!;
    await user.click(within(row).getByRole("checkbox"));
  }
  expect(screen.getByLabelText("已选金额")).toHaveTextContent("623.45 元");
  await user.click(screen.getByRole("button", { name: "申请开票" }));
  await waitFor(() => expect(screen.getByLabelText("当前地址")).toHaveTextContent(path("invoicetoApply")));
  expect(await screen.findByText("开票金额：623.45 元", {}, { timeout: 10_000 })).toBeInTheDocument();
  await user.click(screen.getByRole("combobox", { name: "发票抬头" }));
  await user.click(await screen.findByText("恒证科技有限公司"));
  await user.type(screen.getByLabelText("接收邮箱"), "finance@example.com");
  await user.click(screen.getByRole("button", { name: "提交申请" }));
  return user;
}

describe("applying for an invoice (可开票订单 → 申请开票)", { timeout: 40_000 }, () => {
  it("takes the chosen orders and their total to the form, sends them with the title and e-mail, and shows the success page", async () => {
    const { callsTo } = openOrders(appliedAnswer);
    await chooseBothOrdersAndApply();
    await waitFor(() => expect(screen.getByLabelText("当前地址")).toHaveTextContent(path("invoiceSuccess")));
    expect(callsTo(INVOICE_ENDPOINTS.apply.path)[0].params).toMatchObject({
      invoiceKind: "normal",
      titleId: 1,
      email: "finance@example.com",
      merchantOrderNos: ORDERS.map((order) => order.merchantOrderNo),
    });
    expect(await screen.findByText(INVOICE_RESULT_TEXTS.success.title, { selector: ".ant-result-title" }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "查看开票记录" })).toHaveAttribute("href", path("invoicetoRecord"));
  });

  it("shows the server's refusal on the failure page, with a way back to the form and the same orders", async () => {
    openOrders(fail(1001, INVOICE_MESSAGES.ordersUnavailable));
    const user = await chooseBothOrdersAndApply();
    await waitFor(() => expect(screen.getByLabelText("当前地址")).toHaveTextContent(path("invoiceUnsuccess")));
    expect(await screen.findByText(INVOICE_RESULT_TEXTS.failure.title, { selector: ".ant-result-title" }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(INVOICE_MESSAGES.ordersUnavailable)).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "返回修改" }));
    await waitFor(() => expect(screen.getByLabelText("当前地址")).toHaveTextContent(path("invoicetoApply")));
    expect(await screen.findByText("开票金额：623.45 元", {}, SLOW)).toBeInTheDocument();
  });

  it("offers for a 专票 only a title with every bank detail, and asks for a mailing address instead of an e-mail", async () => {
    openOrders(appliedAnswer);
    const user = userEvent.setup();
    const row = (await screen.findByText(ORDERS[0].merchantOrderNo, {}, { timeout: 10_000 })).closest("tr")!;
    await user.click(within(row).getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "申请开票" }));
    await user.click(await screen.findByRole("radio", { name: /增值税专用发票/ }, { timeout: 10_000 }));
    expect(screen.queryByLabelText("接收邮箱")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "提交申请" }));
    expect(await screen.findByText("请选择发票抬头", {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "发票抬头" }));
    const incomplete = (await screen.findByText("恒证科技有限公司")).closest(".ant-select-item-option")!;
    expect(incomplete).toHaveClass("ant-select-item-option-disabled");
    expect(within(incomplete as HTMLElement).getByText(/信息不完整，不能开专票/)).toBeInTheDocument();
    await user.click(screen.getByText("恒证数据服务有限公司"));
    await user.click(screen.getByRole("button", { name: "提交申请" }));
    expect(await screen.findByText(INVOICE_MESSAGES.specialNeedsAddress, {}, SLOW)).toBeInTheDocument();
  });
});

const RED_REASON = "客户要求更正发票抬头";
const issuedInvoice = sampleInvoice({ amountFen: 62_345, issueTime: PAID, reversed: true });
const application = sampleApplication({
  amountFen: 62_345,
  orderCount: 2,
  state: "reversed",
  applyTime: PAID,
  invoiceNo: issuedInvoice.invoiceNo,
  decideTime: PAID + 1000,
  issueTime: PAID + 2000,
  reverseReason: RED_REASON,
  reverseTime: PAID + 3000,
  orders: ORDERS,
  invoices: [issuedInvoice],
});

describe("records and invoices", { timeout: 30_000 }, () => {
  it("an invoice's page: its fields, the orders it covers, the history with the red reversal's reason, the download, and the way back to 发票列表", async () => {
    renderPersonal({ path: `${path("invoiceDetail")}?id=5`, element: <SectionRouteElement route={routeOf("invoiceDetail")} />, script: { [INVOICE_ENDPOINTS.getInvoice.path]: ok({ ...issuedInvoice, application }) } });
    expect(await screen.findByText("DEV-B-00000005", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(ORDERS[1].merchantOrderNo)).toBeInTheDocument();
    expect(screen.getByText("已红冲（开具红字发票）")).toBeInTheDocument();
    expect(screen.getByText(`原因：${RED_REASON}`)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /下载发票/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "返回发票列表" })).toHaveAttribute("href", path("invoiceManagement"));
  });

  it("withdraws a pending application after a confirmation; a decided one offers only its details", async () => {
    const { invoices: _invoices, orders: _orders, actions: _actions, ...row } = application;
    const pending = { ...row, id: 32, state: "pending", invoiceNo: null };
    const { callsTo } = renderPersonal({
      path: path("invoicetoRecord"),
      element: <SectionRouteElement route={routeOf("invoicetoRecord")} />,
      script: { [INVOICE_ENDPOINTS.listApplications.path]: page([pending, row]), [INVOICE_ENDPOINTS.withdraw.path]: ok({ ...application, id: 32, state: "withdrawn" }) },
    });
    const rows = await waitFor(() => {
      const found = document.querySelectorAll<HTMLElement>(".ant-table-tbody tr.ant-table-row");
      if (found.length !== 2) throw new Error("the list is not there yet");
      return [...found];
    }, SLOW);
    expect(within(rows[1]).queryByRole("button", { name: "撤销" })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(rows[0]).getByRole("button", { name: "撤销" }));
    const confirm = await waitFor(() => {
      const popconfirm = document.querySelector<HTMLElement>(".ant-popconfirm");
      if (!popconfirm) throw new Error("the confirmation is not open yet");
      return popconfirm;
    });
    await user.click(within(confirm).getByRole("button", { name: "撤销" }));
    await waitFor(() => expect(callsTo(INVOICE_ENDPOINTS.withdraw.path).map((call) => call.params)).toEqual([expect.objectContaining({ id: 32 })]));
    expect(await screen.findByText(INVOICE_MESSAGES.withdrawn, {}, SLOW)).toBeInTheDocument();
  });
});
