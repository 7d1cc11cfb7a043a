import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { registryPath } from "../../../src/resources/registry-paths";
import { MONITOR_ENDPOINTS, MONITOR_STOP_REASON_LABELS } from "../../../src/schema/monitor";
import { ok } from "../account-harness";
import { openMonitorPage, pageOf, SLOW, taskDetail, taskRow } from "./monitor-fixtures";

/** dataTask: each row's actions follow the task's machine and call their own endpoint. */

const M = MONITOR_ENDPOINTS;
beforeAll(() => import("../../../src/pages/kinds/data-list-page"), 60_000);

const rowOf = async (name: string) => (await screen.findByText(name, {}, SLOW)).closest("tr")!;

describe("the monitoring task list", { timeout: 60_000 }, () => {
  it("offers a monitoring task 暂停, 停止 (after confirming) and 立即抓取, each calling its endpoint with the task's id", async () => {
    const { callsTo } = openMonitorPage("text", "dataTask", {
      [M.tasks.path]: pageOf([taskRow(), taskRow({ id: 32, name: "已暂停的任务", state: "paused" }), taskRow({ id: 33, name: "余额不足的任务", state: "stopped", stopReason: "balance" })]),
      [M.pauseTask.path]: ok(taskDetail({ state: "paused" })),
      [M.stopTask.path]: ok(taskDetail({ state: "stopped", stopReason: "user" })),
      [M.runTask.path]: ok(taskDetail()),
      [M.resumeTask.path]: ok(taskDetail()),
    });
    const user = userEvent.setup();
    const monitoring = within(await rowOf("散文全网监测"));
    expect(monitoring.queryByRole("button", { name: "恢复监测" })).not.toBeInTheDocument();
    expect(monitoring.getByRole("link", { name: "监测结果" })).toHaveAttribute("href", `${registryPath("monitor/text", "dataResults")}?id=31`);

    await user.click(monitoring.getByRole("button", { name: "立即抓取" }));
    await waitFor(() => expect(callsTo(M.runTask.path)).toHaveLength(1));
    expect(callsTo(M.runTask.path)[0].params).toMatchObject({ id: 31 });

    await user.click(monitoring.getByRole("button", { name: "暂停监测" }));
    await waitFor(() => expect(callsTo(M.pauseTask.path)).toHaveLength(1));
    expect(callsTo(M.pauseTask.path)[0].params).toMatchObject({ id: 31 });

    await user.click(monitoring.getByRole("button", { name: "停止监测" }));
    const dialog = await screen.findByRole("dialog", {}, SLOW);
    expect(dialog).toHaveTextContent("停止后不能恢复");
    expect(callsTo(M.stopTask.path)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: /停止监测/ }));
    await waitFor(() => expect(callsTo(M.stopTask.path)).toHaveLength(1));
    expect(callsTo(M.stopTask.path)[0].params).toMatchObject({ id: 31 });

    const paused = within(await rowOf("已暂停的任务"));
    expect(paused.queryByRole("button", { name: "暂停监测" })).not.toBeInTheDocument();
    expect(paused.queryByRole("button", { name: "立即抓取" })).not.toBeInTheDocument();
    await user.click(paused.getByRole("button", { name: "恢复监测" }));
    await waitFor(() => expect(callsTo(M.resumeTask.path)[0]?.params).toMatchObject({ id: 32 }));

    const stopped = within(await rowOf("余额不足的任务"));
    expect(stopped.getByText(MONITOR_STOP_REASON_LABELS.balance)).toBeInTheDocument();
    expect(stopped.queryByRole("button", { name: /监测$/ })).not.toBeInTheDocument();
    expect(callsTo(M.tasks.path)[0].params).toMatchObject({ channel: "text" });
  });

  it("shows a task's sites, works, billing weeks and latest crawls in its detail", async () => {
    openMonitorPage("text", "dataTask", { [M.tasks.path]: pageOf([taskRow()]), [M.task.path]: ok(taskDetail()) });
    const user = userEvent.setup();
    await user.click(within(await rowOf("散文全网监测")).getByRole("button", { name: "详情" }));
    const drawer = await screen.findByRole("dialog", {}, SLOW);
    const sites = within(await within(drawer).findByRole("region", { name: "监测站点" }, SLOW));
    expect(sites.getByText("http://127.0.0.1:18401/")).toBeInTheDocument();
    expect(within(within(drawer).getByRole("region", { name: "保护作品" })).getByText("山间清晨（原创散文）")).toBeInTheDocument();
    expect(within(within(drawer).getByRole("region", { name: "计费周" })).getByText("预扣中")).toBeInTheDocument();
    expect(within(within(drawer).getByRole("region", { name: "最近抓取" })).getByText("已完成")).toBeInTheDocument();
  });
});
