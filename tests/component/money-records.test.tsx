import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { deriveRoutes } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { registryPath } from "../../src/resources/registry-paths";
import { MONEY_RECORD_ENDPOINTS, MONEY_RECORD_EXPORT_MESSAGE, XLSX_CONTENT_TYPE } from "../../src/schema/money-records";
import { renderPersonal } from "./personal-harness";

const route = deriveRoutes(REGISTRY).find((candidate) => candidate.path === registryPath("personal/expenseCenter", "expenseRecord"))!;
const LIST = MONEY_RECORD_ENDPOINTS.expense.list.path;

const page = {
  list: [
    { id: 12, kind: "charge", amountFen: 500, memo: "capture c-2", spender: "主账号", createTime: Date.parse("2026-11-24T10:01:00+08:00") },
    { id: 11, kind: "charge", amountFen: 123456, memo: "capture c-1", spender: "13700000503", createTime: Date.parse("2026-11-24T10:00:00+08:00") },
  ],
  pageNumber: 1,
  pageSize: 10,
  totalPage: 1,
  totalRow: 2,
};
const answer = { code: 200, message: "成功", datas: page, extraData: { totalFen: 123956, totalRow: 2 } };

beforeAll(() => import("../../src/pages/kinds/data-list-page"), 60_000);
afterEach(() => vi.unstubAllGlobals());

describe("the expense record list (/personal/expenseCenter/expenseRecord)", () => {
  it("shows the journal's records with yuan to the cent, the range's totals, and asks the list call with the URL's dates", async () => {
    const { callsTo } = renderPersonal({ path: `${route.path}?startTime=2026-11-22&endTime=2026-11-24`, element: <SectionRouteElement route={route} />, script: { [LIST]: answer } });
    expect(await screen.findByText("1,234.56 元", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("5.00 元")).toBeInTheDocument();
    expect(screen.getByText("13700000503")).toBeInTheDocument();
    expect(screen.getAllByText("服务消费")).toHaveLength(2);
    expect(await screen.findByText("1,239.56")).toBeInTheDocument();
    expect(callsTo(LIST).map((call) => call.params)).toContainEqual(expect.objectContaining({ startTime: "2026-11-22", endTime: "2026-11-24" }));
  });

  it("exports the range as .xlsx and says so in the export modal with its countdown", async () => {
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      return new Response("xlsx", { headers: { "content-type": XLSX_CONTENT_TYPE, "content-disposition": "attachment; filename*=UTF-8''%E6%B6%88%E8%B4%B9%E8%AE%B0%E5%BD%95.xlsx" } });
    });
    URL.createObjectURL = vi.fn(() => "blob:records");
    URL.revokeObjectURL = vi.fn();
    renderPersonal({ path: `${route.path}?startTime=2026-11-22&endTime=2026-11-24`, element: <SectionRouteElement route={route} />, script: { [LIST]: answer } });
    await userEvent.click(await screen.findByRole("button", { name: /导出记录/ }, { timeout: 5000 }));
    await waitFor(() => expect(fetched).toHaveLength(1));
    const modal = await screen.findByRole("dialog", { name: "导出记录" });
    expect(within(modal).getByText(MONEY_RECORD_EXPORT_MESSAGE)).toBeInTheDocument();
    expect(within(modal).getByText(/秒后自动关闭/)).toBeInTheDocument();
    await waitFor(() => expect(fetched).toHaveLength(1));
    expect(fetched[0]).toContain(MONEY_RECORD_ENDPOINTS.expense.export.path.split("/").pop());
    expect(fetched[0]).toContain("startTime=2026-11-22");
  });
});
