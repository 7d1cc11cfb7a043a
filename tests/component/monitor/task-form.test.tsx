import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { registryPath } from "../../../src/resources/registry-paths";
import { ACCOUNT_LIMIT_MESSAGES } from "../../../src/schema/billing";
import { MONITOR_ENDPOINTS, MONITOR_MESSAGES } from "../../../src/schema/monitor";
import { UPLOAD_MESSAGES } from "../../../src/schema/upload";
import { ok } from "../account-harness";
import { account, openMonitorPage, SLOW, taskDetail, work } from "./monitor-fixtures";

/** The task form (new and the prefixed *new pages): the browser's checks, the live bill, the account's limits, the call. */

const M = MONITOR_ENDPOINTS;
beforeAll(() => import("../../../src/pages/monitor/task-new-page"), 60_000);

const submit = () => userEvent.click(screen.getByRole("button", { name: /提\s*交/ }));

describe("the monitoring task form", { timeout: 60_000 }, () => {
  it("checks the fields in the browser with the contract's messages and sends nothing", async () => {
    const { callsTo } = openMonitorPage("text", "new", { [M.account.path]: ok(account()), [M.works.path]: ok([]) });
    await screen.findByText("5,000.00 元", {}, SLOW);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /提\s*交/ }));
    // Each field's message comes as its own check settles.
    for (const message of ["请输入任务名称", MONITOR_MESSAGES.noWorks, "请输入站点名称", "请输入站点地址"]) expect(await screen.findByText(message)).toBeInTheDocument();

    await user.type(screen.getByLabelText("起始地址"), "ftp://example.com");
    await user.tab();
    expect(await screen.findByText("请输入以 http:// 或 https:// 开头的站点地址")).toBeInTheDocument();
    await user.type(screen.getByLabelText("任务名称"), "很".repeat(51));
    await user.tab();
    expect(await screen.findByText("任务名称不能超过50个字")).toBeInTheDocument();

    // A work's file is checked before it is uploaded.
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([], "empty.txt", { type: "text/plain" }));
    expect(await screen.findByText(UPLOAD_MESSAGES.empty)).toBeInTheDocument();
    expect(callsTo(M.uploadFile.path)).toHaveLength(0);
    expect(callsTo(M.createTask.path)).toHaveLength(0);
  });

  it("prices the sites per kind and week as the form changes (spec §9)", async () => {
    openMonitorPage("text", "ystwnew", { [M.account.path]: ok(account()), [M.works.path]: ok([]) });
    const weekly = await screen.findByTestId("weekly-price", {}, SLOW);
    expect(weekly).toHaveTextContent("100 元");
    expect(screen.getByTestId("total-price")).toHaveTextContent("100 元");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /添加站点/ }));
    const second = screen.getByRole("group", { name: "站点 2" });
    await user.click(within(second).getByRole("combobox", { name: "站点类型" }));
    await user.click(await screen.findByTitle("移动应用（App）"));
    await waitFor(() => expect(screen.getByTestId("weekly-price")).toHaveTextContent("5,100 元"));
    const weeks = screen.getByRole("spinbutton", { name: "监测周期（周）" });
    await user.clear(weeks);
    await user.type(weeks, "3");
    await waitFor(() => expect(screen.getByTestId("total-price")).toHaveTextContent("15,300 元"));
    expect(screen.getByRole("row", { name: /移动应用（App）.*5,000 元\/周 × 1 个应用/ })).toBeInTheDocument();
  });

  it.each([301, 304] as const)("with limits code %i, disables submit with the reason and the way to lift it", async (code) => {
    const { callsTo } = openMonitorPage("text", "ystwnew", { [M.account.path]: ok(account({ balanceFen: 0, limitsCode: code, limitsMessage: ACCOUNT_LIMIT_MESSAGES[code] })), [M.works.path]: ok([]) });
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert).toHaveTextContent(ACCOUNT_LIMIT_MESSAGES[code]);
    const way = code === 301 ? { name: "去充值", to: registryPath("personal/expenseCenter", "onlineCharge") } : { name: "去实名认证", to: registryPath("personal/securityCenter", "authentication") };
    expect(within(alert).getByRole("link", { name: way.name })).toHaveAttribute("href", way.to);
    const button = screen.getByRole("button", { name: /提\s*交/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(ACCOUNT_LIMIT_MESSAGES[code]);
    expect(callsTo(M.createTask.path)).toHaveLength(0);
  });

  it("says which matcher this server cannot run", async () => {
    openMonitorPage("audio", "fmnew", {
      [M.account.path]: ok(account({ unavailable: [{ matcher: "audio", reason: "未找到 fpcalc，请安装 Debian 的 libchromaprint-tools 软件包" }] })),
      [M.works.path]: ok([]),
    });
    expect(await screen.findByText("本服务器暂不能进行音频指纹比对", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/libchromaprint-tools/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /上传音频作品/ })).toBeInTheDocument();
  });

  it("sends a filled form with the page's channel and goes to the tasks, showing a server's field message on its field", async () => {
    const refusal = { code: 3702, message: "该站点不允许监测", datas: null, extraData: { errors: { "sites.0.url": "该站点不允许监测" } } };
    const { callsTo } = openMonitorPage("text", "ystwnew", {
      [M.account.path]: ok(account()),
      [M.works.path]: ok([work(), work({ id: 12, name: "尚在计算的作品", ready: false })]),
      [M.createTask.path]: [refusal, ok(taskDetail({ channel: "ystw" }))],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("任务名称", {}, SLOW), "散文全网监测");
    await user.click(await screen.findByRole("checkbox", { name: "选择 山间清晨（原创散文）" }, SLOW));
    expect(screen.getByRole("checkbox", { name: "选择 尚在计算的作品" })).toBeDisabled();
    await user.type(screen.getByLabelText("站点名称"), "样例转载站");
    await user.type(screen.getByLabelText("起始地址"), "http://127.0.0.1:18401/");
    await submit();
    expect(await screen.findByText("该站点不允许监测")).toBeInTheDocument();

    await user.clear(screen.getByLabelText("起始地址"));
    await user.type(screen.getByLabelText("起始地址"), "http://127.0.0.1:18403/");
    await submit();
    await waitFor(() => expect(screen.getByLabelText("当前地址").textContent).toBe(registryPath("monitor/text", "dataTask")), SLOW);
    expect(callsTo(M.createTask.path)).toHaveLength(2);
    expect(callsTo(M.createTask.path)[1].params).toMatchObject({
      channel: "ystw",
      name: "散文全网监测",
      workIds: [11],
      sites: [{ kind: "web", name: "样例转载站", url: "http://127.0.0.1:18403/", depth: 2, maxPages: 100 }],
      weeks: 1,
      frequency: "daily",
      autoCapture: true,
    });
    expect(callsTo(M.createTask.path)[1].params).not.toHaveProperty("startTime");
  });
});
