import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { deriveRoutes } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { registryPath } from "../../src/resources/registry-paths";
import { DIGITAL_REPORT_ENDPOINTS, DIGITAL_REPORT_MESSAGES, type DigitalReportDetail, type DigitalReportItem } from "../../src/schema/digital-report";
import { EVIDENCE_LIBRARY_ENDPOINTS } from "../../src/schema/evidence-library";
import { fail, ok, type ScriptedAnswer } from "./account-harness";
import { renderPersonal } from "./personal-harness";

/**
 * The digital report's pages (issue 17) through the registry's own routes, against scripted /webapi
 * answers: the detail shows every check of every evidence with its result and why; the list's
 * 生成报告 drawer sends the chosen evidence and shows a refusal as the server words it.
 */

const SECTION = "judicial/digitalReport";
const ROUTES = deriveRoutes(REGISTRY);
const REPORT_ROUTES = ROUTES.filter((route) => route.resource === SECTION);
const SLOW = { timeout: 10_000 };
const T0 = Date.parse("2026-11-24T10:00:00+08:00");

const check = (id: string, group: DigitalReportItem["checks"][number]["group"], name: string, status: "pass" | "fail" | "skip", reason: string) => ({ id, group, name, status, reason });
const item = (overrides: Partial<DigitalReportItem>): DigitalReportItem => ({
  evidenceId: 11,
  certificateNo: "HZ0000000000000000000011",
  name: "租赁合同",
  kind: "file",
  createTime: T0,
  size: 840,
  sha256: "2d1ed0b48d92660d787291f31eb87a3358662c84f6af43f5f30d3e29500cdd1d",
  sm3: "308eeb733e5ff1e4a98a959e84053e8c58f19ab1f4ab06854d5b98c269dc461d",
  ledgerIndex: 0,
  blockHeight: 1,
  verdict: "pass",
  facts: [],
  checks: [
    check("file-sha256", "digest", "SHA-256 摘要（由存储的数据重新计算）与账本记录一致", "pass", "存储数据的 SHA-256 摘要与证据记录一致"),
    check("inclusion", "ledger", "证据记录包含在检验所依据的签名检查点中", "pass", "证据记录（序号 0）包含在大小为 4 的日志树中"),
    check("witness-cosignatures", "witness", "见证者联署有效（检查点经独立见证者确认）", "pass", "见证者 hengzheng.local/witness 联署了树大小 4 的检查点"),
    check("tsa-token", "timestamp", "可信时间戳有效（RFC 3161，覆盖包含该证据的检查点）", "skip", "本平台未配置可信时间戳机构（TSA）"),
  ],
  ...overrides,
});
const changed = item({
  evidenceId: 12,
  certificateNo: "HZ0000000000000000000012",
  name: "聊天记录截图",
  kind: "snapshot",
  verdict: "fail",
  facts: [{ label: "取证网址", value: "https://shop.example.com/item/1" }],
  checks: [check("file-sha256", "digest", "SHA-256 摘要（由存储的数据重新计算）与账本记录一致", "fail", "文件的 SHA-256 摘要与证据记录不一致：文件不是存证时的那一份，或已被改动")],
});
const report: DigitalReportDetail = {
  id: 5,
  name: "诉讼用检验报告",
  certificateNo: "HZREPORT0000000000000005",
  purpose: "提交某某法院",
  evidenceCount: 2,
  failedCount: 1,
  verdict: "fail",
  createTime: T0,
  treeSize: 4,
  rootHash: "Pge8HjuKwM71j1N6n02S9HGaND0g75TvNyFkaVKKU2U=",
  evidenceId: 99,
  size: 145_445,
  sha256: "d".repeat(64),
  items: [item({}), changed],
};

function open(page: string, script: Record<string, ScriptedAnswer>, search = "") {
  const path = registryPath(SECTION, page);
  const route = ROUTES.find((candidate) => candidate.path === path)!;
  return renderPersonal({ path: path + search, element: <SectionRouteElement route={route} />, routes: REPORT_ROUTES, script });
}

beforeAll(() => Promise.all([import("../../src/pages/kinds/data-list-page"), import("../../src/pages/kinds/detail-page")]), 60_000);

describe("the report's detail", { timeout: 60_000 }, () => {
  it("shows the verdict, then each evidence with every check, its result and why", async () => {
    const { callsTo } = open("dataDetail", { [DIGITAL_REPORT_ENDPOINTS.one.path]: ok(report) }, "?id=5");
    expect(await screen.findByText("检验结论：存在不通过项", undefined, SLOW)).toBeInTheDocument();
    expect(callsTo(DIGITAL_REPORT_ENDPOINTS.one.path)[0].params).toMatchObject({ id: "5" });
    expect(screen.getByText("诉讼用检验报告")).toBeInTheDocument();
    expect(screen.getByText("HZREPORT0000000000000005")).toBeInTheDocument();

    const passed = within(document.querySelector<HTMLElement>('[data-evidence="HZ0000000000000000000011"]')!);
    expect(passed.getByText("（1）租赁合同")).toBeInTheDocument();
    expect(passed.getAllByText("通过").length).toBeGreaterThanOrEqual(4);
    const witnessRow = passed.getByText("见证者联署有效（检查点经独立见证者确认）").closest("tr")!;
    expect(within(witnessRow).getByText("见证者联署")).toBeInTheDocument();
    expect(within(witnessRow).getByText(/hengzheng.local\/witness/)).toBeInTheDocument();
    const tsaRow = passed.getByText(/可信时间戳有效/).closest("tr")!;
    expect(within(tsaRow).getByText("不适用")).toBeInTheDocument();
    expect(within(tsaRow).getByText("本平台未配置可信时间戳机构（TSA）")).toBeInTheDocument();

    const failed = within(document.querySelector<HTMLElement>('[data-evidence="HZ0000000000000000000012"]')!);
    expect(failed.getByText("不通过（1 项）")).toBeInTheDocument();
    expect(failed.getByText("https://shop.example.com/item/1")).toBeInTheDocument();
    const digestRow = failed.getByText(/SHA-256 摘要（由存储的数据重新计算）/).closest("tr")!;
    expect(within(digestRow).getByText("不通过")).toBeInTheDocument();
    expect(within(digestRow).getByText(/已被改动/)).toBeInTheDocument();
  });
});

describe("the report list", { timeout: 60_000 }, () => {
  const listed = { list: [report], pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: 1 };
  const library = {
    list: [
      { id: 11, certificateNo: "HZ0000000000000000000011", kind: "file", name: "租赁合同", createTime: T0, status: "stored" },
      { id: 13, certificateNo: "HZ0000000000000000000013", kind: "text", name: "正在上链的文本", createTime: T0, status: "pending" },
    ],
    pageNumber: 1,
    pageSize: 10,
    totalPage: 1,
    totalRow: 2,
  };

  it("links each report to its detail and certificate, and the drawer sends the chosen evidence, showing the server's refusal", async () => {
    const { callsTo } = open("dataList", {
      [DIGITAL_REPORT_ENDPOINTS.list.path]: ok(listed),
      [EVIDENCE_LIBRARY_ENDPOINTS.list.path]: ok(library),
      [DIGITAL_REPORT_ENDPOINTS.create.path]: fail(3900, DIGITAL_REPORT_MESSAGES.dailyLimit),
    });
    const row = (await screen.findByText("诉讼用检验报告", undefined, SLOW)).closest("tr")!;
    expect(within(row).getByRole("link", { name: "详情" })).toHaveAttribute("href", `${registryPath(SECTION, "dataDetail")}?id=5`);
    expect(within(row).getByRole("link", { name: "报告证书" })).toHaveAttribute("href", `${registryPath(SECTION, "dataList/Certificate")}?id=5`);
    expect(within(row).getByText("存在不通过项")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: /生成报告/ }));
    const drawer = within(await screen.findByRole("dialog", undefined, SLOW));
    const pending = (await drawer.findByText("正在上链的文本", undefined, SLOW)).closest("tr")!;
    expect(within(pending).getByRole("checkbox")).toBeDisabled();
    const submit = drawer.getByRole("button", { name: "生成报告" });
    expect(submit).toBeDisabled();
    await userEvent.click(within(drawer.getByText("租赁合同").closest("tr")!).getByRole("checkbox"));
    expect(drawer.getByText("已选 1 / 50 条")).toBeInTheDocument();
    await userEvent.type(drawer.getByPlaceholderText("例如：提交某某人民法院"), "起诉材料");
    await userEvent.click(submit);
    expect(await drawer.findByText(DIGITAL_REPORT_MESSAGES.dailyLimit, undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(DIGITAL_REPORT_ENDPOINTS.create.path)).toHaveLength(1));
    expect(callsTo(DIGITAL_REPORT_ENDPOINTS.create.path)[0].params).toMatchObject({ evidenceIds: [11], purpose: "起诉材料" });
  });
});
