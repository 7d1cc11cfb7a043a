import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint } from "../../src/schema/contract";
import { PageQuerySchema, pagePSchema } from "../../src/schema/paging";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { genericPage } from "../../src/resources/define";
import { deriveRoutes, type SectionRoute } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { registryPath } from "../../src/resources/registry-paths";
import type { MainSectionDefinition } from "../../src/resources/types";
import { COMMON_ENDPOINTS } from "../../src/schema/common";
import { PURCHASE_ENDPOINTS } from "../../src/schema/purchase";
import { SEEDED_PRICE_LIST } from "../fixtures/bundle-prices";
import { fail, ok } from "./account-harness";
import { MAIN_ACCOUNT, renderPersonal } from "./personal-harness";

const REAL_ROUTES = deriveRoutes(REGISTRY);
const PRICE_LIST = { [PURCHASE_ENDPOINTS.publicPrices.path]: ok({ list: SEEDED_PRICE_LIST }) };
const realRoute = (path: string) => REAL_ROUTES.find((route) => route.path === path)!;

function openRoute(route: SectionRoute, options: { search?: string; script?: Parameters<typeof renderPersonal>[0]["script"]; user?: Record<string, unknown> } = {}) {
  return renderPersonal({ path: route.path + (options.search ?? ""), element: <SectionRouteElement route={route} />, script: options.script, user: options.user });
}

// The list, form and record kinds are built on pro-components, whose first import alone takes
// seconds in jsdom on a loaded machine: load them once before the clock of any test starts.
beforeAll(() => Promise.all([import("../../src/pages/kinds/data-list-page"), import("../../src/pages/kinds/new-page"), import("../../src/pages/kinds/record-page")]), 60_000);

// The first page of a kind is a lazy import: on a loaded machine it can take more than the default second.
const heading = (name: string) => screen.findByRole("heading", { name, level: 4 }, { timeout: 5000 });

describe("guidance pages", () => {
  it("the information-monitoring guide: what it does, its steps, the §9 prices and its four actions", async () => {
    openRoute(realRoute(registryPath("monitor/text", "guidance")));
    expect(await heading("监测指引")).toBeInTheDocument();
    expect(screen.getByText(/信息监测按您指定的关键词/)).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "办理流程" })).getByText("新建信息监测")).toBeInTheDocument();
    const prices = within(screen.getByRole("region", { name: "监测收费标准" }));
    expect(prices.getByRole("row", { name: /网站 100/ })).toBeInTheDocument();
    expect(prices.getByRole("row", { name: /移动应用（App） 5,000/ })).toBeInTheDocument();
    expect(prices.getByRole("row", { name: /搜索引擎 1,000/ })).toBeInTheDocument();
    // 3 sites × 100 + 1 × 1000, for 4 weeks.
    expect(prices.getByText(/费用为 5,200 元/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "充值" })).toHaveAttribute("href", registryPath("personal/expenseCenter", "onlineCharge"));
    expect(screen.getByRole("link", { name: "新建信息监测" })).toHaveAttribute("href", registryPath("monitor/text", "ystwnew"));
    expect(screen.getByRole("link", { name: "查看监测结果" })).toHaveAttribute("href", registryPath("monitor/text", "ystwdataList"));
  });

  it("the notarisation purchase guide prices the three bundles at their regular price once the promotion has ended", async () => {
    openRoute(realRoute(registryPath("judicial/judicialPay", "guidance")), { script: { [COMMON_ENDPOINTS.getTime.path]: ok({ serverTime: Date.parse("2026-11-22T10:00:00+08:00") }), ...PRICE_LIST } });
    const bundles = within(await screen.findByRole("region", { name: "公证套餐价格" }));
    expect(await bundles.findByText("首发优惠（2017年09月15日至2017年11月15日）已结束：以下为原价。")).toBeInTheDocument();
    expect(bundles.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["套餐内容", "价格（元）"]);
    expect(bundles.getByRole("row", { name: "公证 1 次 + 网页快照取证 10 次 2,800" })).toBeInTheDocument();
    expect(bundles.getByRole("row", { name: "公证 1 次 + 网页快照取证 30 次 5,000" })).toBeInTheDocument();
    expect(bundles.getByRole("row", { name: "公证 1 次 + 网页快照取证 50 次 8,000" })).toBeInTheDocument();
    expect(bundles.getByText(/90 天内有效/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "购买公证" })).toHaveAttribute("href", registryPath("judicial/judicialPay", "addJudicialPay"));
  });

  it("the same table inside the promotion window (by the server's clock) shows the promotion price beside the struck original", async () => {
    openRoute(realRoute(registryPath("judicial/judicialPay", "guidance")), { script: { [COMMON_ENDPOINTS.getTime.path]: ok({ serverTime: Date.parse("2017-11-15T20:00:00+08:00") }), ...PRICE_LIST } });
    const bundles = within(await screen.findByRole("region", { name: "公证套餐价格" }));
    expect(await bundles.findByText("首发优惠进行中（2017年09月15日至2017年11月15日，北京时间）：以下为活动价，划线价为原价。")).toBeInTheDocument();
    expect(bundles.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["套餐内容", "活动价（元）", "原价（元）"]);
    expect(bundles.getByRole("row", { name: "公证 1 次 + 网页快照取证 10 次 1,500 2,800" })).toBeInTheDocument();
    expect(bundles.getByText("8,000").closest("del")).not.toBeNull();
  });

  it("the table reads the public price list: a price changed there is the price shown, with a loading state first", async () => {
    const raised = SEEDED_PRICE_LIST.map((product) => (product.code === "bundle-30" ? { ...product, regularPriceFen: 520_000, priceFen: 520_000 } : product));
    const { callsTo } = openRoute(realRoute(registryPath("judicial/judicialPay", "guidance")), {
      script: { [COMMON_ENDPOINTS.getTime.path]: ok({ serverTime: Date.parse("2026-11-22T10:00:00+08:00") }), [PURCHASE_ENDPOINTS.publicPrices.path]: ok({ list: raised }) },
    });
    const bundles = within(await screen.findByRole("region", { name: "公证套餐价格" }));
    expect(await bundles.findByRole("row", { name: "公证 1 次 + 网页快照取证 30 次 5,200" })).toBeInTheDocument();
    expect(callsTo(PURCHASE_ENDPOINTS.publicPrices.path).length).toBeGreaterThanOrEqual(1);
  });

  it("a guidance page without its own buttons starts at the section's new page", async () => {
    openRoute(realRoute(registryPath("evidenceSave/fileEvidence", "guidance")));
    expect(await heading("存证指引")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "立即开始" })).toHaveAttribute("href", registryPath("evidenceSave/fileEvidence", "dataList"));
  });
});

/** A section registered before its calls exist, as a later issue's section starts (every section of the registry is open now). */
const UNFINISHED: MainSectionDefinition = {
  key: "trial",
  title: "试验服务",
  sections: [
    {
      key: "sample",
      title: "样例服务",
      landing: "guidance",
      pages: [genericPage("guidance", "guidance", "样例指引"), genericPage("dataList", "dataList", "样例列表"), genericPage("new", "new", "新建样例"), genericPage("dataChart", "dataChart", "样例图表")],
    },
  ],
};
const UNFINISHED_ROUTES = deriveRoutes([UNFINISHED]);

describe("pages of a section without its service yet", () => {
  it.each(["/trial/sample/dataList", "/trial/sample/new", "/trial/sample/dataChart"])(
    "%s says plainly that it is not open, under its title, with the guidance link where there is one",
    async (path) => {
      const route = UNFINISHED_ROUTES.find((candidate) => candidate.path === path)!;
      const { calls } = openRoute(route);
      expect(await heading(route.page.title)).toBeInTheDocument();
      expect(screen.getByText("此功能将在后续版本开放")).toBeInTheDocument();
      expect(screen.queryByRole("table")).not.toBeInTheDocument();
      const guidance = route.section.pages.find((page) => page.kind === "guidance");
      if (guidance) expect(screen.getByRole("link", { name: /服务指引$/ })).toHaveAttribute("href", `/${route.resource}/guidance`);
      expect(calls).toHaveLength(0);
    },
  );

  it("the expense centre's pages show their siblings as tabs", async () => {
    openRoute(realRoute(registryPath("personal/expenseCenter", "chargeRecord")));
    const tabs = within(await screen.findByRole("menu", { name: "费用中心页面" }));
    expect(tabs.getAllByRole("link").map((link) => link.textContent)).toEqual(["在线充值", "收费标准", "购买套餐", "充值记录", "购买记录", "消费记录"]);
  });

  it("refuses a sub-account the invoice pages even when the address is typed in (spec §6)", async () => {
    openRoute(realRoute(registryPath("personal/invoiceAdmin", "invoiceOrder")), { user: { ...MAIN_ACCOUNT, accountType: 3 } });
    expect(await screen.findByText("子账号无权使用该功能")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "可开票订单" })).not.toBeInTheDocument();
  });
});

/** A section with its service, as later issues will add them: schema, columns, filters, endpoints. */
const StampSchema = z.object({
  id: z.number().meta({ title: "编号" }),
  title: z.string().meta({ title: "存证名称" }),
  size: z.number().meta({ title: "文件大小", format: "bytes" }),
  createTime: z.number().meta({ title: "存证时间", format: "datetime" }),
  status: z.enum(["done", "pending"]).meta({ title: "状态", labels: { done: "已存证", pending: "处理中" } }),
});
const StampFormSchema = z.object({
  title: z.string().trim().min(2, "存证名称至少2个字").meta({ title: "存证名称" }),
  note: z.string().optional().meta({ title: "备注", widget: "textarea" }),
});
const stampEndpoint = <M extends "GET" | "POST", I extends z.ZodObject, D extends z.ZodType>(method: M, path: string, input: I, datas: D) =>
  endpoint({ method, path, input, datas, session: "user", tag: "时间戳存证", summary: path });
const ENDPOINTS = {
  list: stampEndpoint("GET", "/stamp/v2/list", PageQuerySchema.extend({ keyName: z.string().optional() }), pagePSchema(StampSchema)),
  one: stampEndpoint("GET", "/stamp/v2/detail", z.object({ id: z.coerce.number() }), StampSchema),
  create: stampEndpoint("POST", "/stamp/v2/create", StampFormSchema, StampSchema),
};
const LIST = ENDPOINTS.list.path;
const ONE = ENDPOINTS.one.path;
const CREATE = ENDPOINTS.create.path;
const stampMain: MainSectionDefinition = {
  key: "evidenceSave",
  title: "区块链存证",
  sections: [
    {
      key: "timeStamp",
      title: "时间戳存证",
      landing: "guidance",
      record: StampSchema,
      form: StampFormSchema,
      columns: ["title", "size", "createTime", "status"],
      filters: [
        { kind: "keyword", field: "keyName", label: "存证名称" },
        { kind: "dateRange", start: "startTime", stop: "endTime", label: "存证时间" },
      ],
      endpoints: ENDPOINTS,
      pages: [
        genericPage("guidance", "guidance", "存证指引", { nav: true }),
        genericPage("new", "new", "新建存证", { nav: true }),
        genericPage("dataList", "dataList", "存证列表", { nav: true }),
        genericPage("dataList/Certificate", "certificate", "存证证书"),
      ],
    },
  ],
};
const stampRoute = (path: string) => deriveRoutes([stampMain]).find((route) => route.path === `/evidenceSave/timeStamp/${path}`)!;
const stamp = (id: number) => ({ id, title: `合同${id}`, size: 2048, createTime: Date.UTC(2024, 0, 5, 2, 30), status: id % 2 ? "done" : "pending" });
const pageOf = (list: unknown[], pageNumber: number, totalRow: number) => ok({ list, pageNumber, pageSize: 10, totalRow, totalPage: Math.ceil(totalRow / 10) });

describe("a section with its service", () => {
  it("lists its records with the schema's labels and formats, paged in the URL", async () => {
    const { callsTo } = openRoute(stampRoute("dataList"), { search: "?pageNumber=2", script: { [LIST]: pageOf([stamp(11), stamp(12)], 2, 12) } });
    // With a fixed header antd draws the header and the body as two tables.
    await screen.findByText("合同11", undefined, { timeout: 5000 });
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["存证名称", "文件大小", "存证时间", "状态", "操作"]);
    expect(screen.getByRole("row", { name: /合同11 2 KB 2024-01-05 10:30:00 已存证/ })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "查看存证证书" })[0]).toHaveAttribute("href", "/evidenceSave/timeStamp/dataList/Certificate?id=11");
    expect(callsTo(LIST)[0].params).toEqual({ pageNumber: 2, pageSize: 10 });
    expect(screen.getByRole("navigation", { name: "分页" })).toBeInTheDocument();
  });

  it("sends its filters to the list call and starts again at page 1", async () => {
    const { callsTo } = openRoute(stampRoute("dataList"), { search: "?pageNumber=2", script: { [LIST]: pageOf([stamp(1)], 1, 12) } });
    await screen.findByText("合同1");
    await userEvent.setup().type(screen.getByRole("searchbox", { name: "存证名称" }), "合同{Enter}");
    await waitFor(() => expect(callsTo(LIST).at(-1)?.params).toEqual({ keyName: "合同", pageNumber: 1, pageSize: 10 }));
    expect(screen.getByLabelText("当前查询").textContent).toBe("?keyName=%E5%90%88%E5%90%8C");
  });

  it("the 查询 button filters by the name typed, as Enter does", async () => {
    const { callsTo } = openRoute(stampRoute("dataList"), { script: { [LIST]: pageOf([stamp(1)], 1, 1) } });
    await screen.findByText("合同1");
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "存证名称" }), "采购");
    await user.click(screen.getByRole("button", { name: "查询" }));
    await waitFor(() => expect(callsTo(LIST).at(-1)?.params).toEqual({ keyName: "采购", pageNumber: 1, pageSize: 10 }));
  });

  it("shows the server's message when the list cannot be read", async () => {
    openRoute(stampRoute("dataList"), { script: { [LIST]: fail(500, "网络异常，请稍后重试") } });
    expect(await screen.findByText("网络异常，请稍后重试")).toBeInTheDocument();
  });

  it("shows one record on its certificate page", async () => {
    const { callsTo } = openRoute(stampRoute("dataList/Certificate"), { search: "?id=11", script: { [ONE]: ok(stamp(11)) } });
    expect(await screen.findByText("合同11")).toBeInTheDocument();
    expect(screen.getByText("已存证")).toBeInTheDocument();
    expect(callsTo(ONE)[0].params).toEqual({ id: "11" });
    expect(screen.getByRole("link", { name: "返回存证列表" })).toHaveAttribute("href", "/evidenceSave/timeStamp/dataList");
  });

  it("validates its form by the zod schema, puts the server's field message on the field, then goes to the list", async () => {
    const { callsTo } = openRoute(stampRoute("new"), {
      script: { [CREATE]: [fail(1001, "参数错误", null), ok({ id: 3 })] },
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "提交" }));
    expect(await screen.findByText("存证名称至少2个字")).toBeInTheDocument();
    expect(callsTo(CREATE)).toHaveLength(0);

    await u.type(screen.getByLabelText("存证名称"), "采购合同");
    await u.type(screen.getByLabelText("备注"), "第一批");
    await u.click(screen.getByRole("button", { name: "提交" }));
    expect(await screen.findByText("参数错误")).toBeInTheDocument();
    await u.click(screen.getByRole("button", { name: "提交" }));
    await waitFor(() => expect(screen.getByLabelText("当前地址").textContent).toBe("/evidenceSave/timeStamp/dataList"));
    expect(callsTo(CREATE).at(-1)?.params).toEqual({ title: "采购合同", note: "第一批" });
  });
});
