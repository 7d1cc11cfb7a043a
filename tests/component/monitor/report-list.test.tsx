import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { MONITOR_ENDPOINTS, type MonitorReportRow } from "../../../src/schema/monitor";
import { TIME_RANGE_MESSAGE } from "../../../src/schema/time-range";
import { ok } from "../account-harness";
import { openMonitorPage, pageOf, SLOW, T0 } from "./monitor-fixtures";

/** monitorReport: the channel's reports, and 生成报告 for a period of whole days. */

const M = MONITOR_ENDPOINTS;
beforeAll(() => import("../../../src/pages/kinds/data-list-page"), 60_000);

const report: MonitorReportRow = {
  id: 5,
  reportNo: "JCBG20261124000005",
  channel: "picture",
  periodStart: T0 - 7 * 86_400_000,
  periodEnd: T0,
  taskCount: 1,
  hitCount: 3,
  evidenceCount: 2,
  sha256: "b".repeat(64),
  ledgerIndex: 17,
  createTime: T0,
};

describe("the monitoring reports", { timeout: 60_000 }, () => {
  it("lists the channel's reports and asks for a period with both ends before generating one", async () => {
    const { callsTo } = openMonitorPage("picture", "monitorReport", { [M.reports.path]: pageOf([report]), [M.createReport.path]: ok(report) });
    expect(await screen.findByText("JCBG20261124000005", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "下载报告" })).toBeInTheDocument();
    expect(callsTo(M.reports.path)[0].params).toMatchObject({ channel: "picture" });

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /生成报告/ }));
    const dialog = within(await screen.findByRole("dialog", {}, SLOW));
    await user.click(dialog.getByRole("button", { name: /生\s*成/ }));
    expect(await dialog.findByText(TIME_RANGE_MESSAGE.startRequired)).toBeInTheDocument();
    expect(callsTo(M.createReport.path)).toHaveLength(0);

    await user.type(dialog.getByLabelText("开始日期"), "2026-11-20{Enter}");
    await user.type(dialog.getByLabelText("结束日期"), "2026-11-18{Enter}");
    await user.click(dialog.getByRole("button", { name: /生\s*成/ }));
    expect(await dialog.findByText(TIME_RANGE_MESSAGE.startAfterStop)).toBeInTheDocument();
    expect(callsTo(M.createReport.path)).toHaveLength(0);

    await user.clear(dialog.getByLabelText("结束日期"));
    await user.type(dialog.getByLabelText("结束日期"), "2026-11-22{Enter}");
    await user.click(dialog.getByRole("button", { name: /生\s*成/ }));
    await waitFor(() => expect(callsTo(M.createReport.path)).toHaveLength(1));
    // Whole days in Shanghai: 2026-11-20 00:00 to 2026-11-22 23:59:59.999.
    expect(callsTo(M.createReport.path)[0].params).toEqual({
      channel: "picture",
      startTime: Date.parse("2026-11-20T00:00:00+08:00"),
      endTime: Date.parse("2026-11-23T00:00:00+08:00") - 1,
    });
  });
});
