import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axios from "axios";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpClient } from "../../src/providers/http-client";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { APP_PATHS } from "../../src/app/path-rules";
import { CONSOLE_REGISTRY } from "../../src/resources/console/registry";
import { registryPathIn } from "../../src/resources/derive";
import { OPERATOR_AUTH_ENDPOINTS } from "../../src/schema/console/operator-auth";
import { permissionsOf } from "../../src/schema/console/permissions";
import { PLATFORM_HEALTH_ENDPOINTS, STALE_CHECKPOINT_SECONDS, type PlatformHealth } from "../../src/schema/console/platform-health";
import { HEALTH_REFRESH_MS } from "../../src/pages/console/platform/health-page";
import { signInOperator } from "../server/support/operator";
import { createTestApp, type TestApp } from "../server/support/test-app";
import { ok } from "./account-harness";
import { operatorSession, renderConsole } from "./console-harness";
import { useDesktopMediaQueries } from "./desktop-media";

/**
 * 平台状态 in the console as the app mounts it (the real console registry): against the real
 * server, the figures are what the test did there; against scripted answers, a stalled ledger and
 * a failing witness are coloured, and the page reads the overview again every 15 seconds.
 */

useDesktopMediaQueries();
vi.setConfig({ testTimeout: 60_000 });

const HEALTH_PATH = registryPathIn(CONSOLE_REGISTRY, "platform/health", "", APP_PATHS.console);
const statistic = (title: string) => screen.getByText(title, { selector: ".ant-statistic-title" }).closest(".ant-statistic") as HTMLElement;
const statisticValue = (title: string) => within(statistic(title)).getByText((_, element) => element?.classList.contains("ant-statistic-content") ?? false).textContent;

describe("平台状态 against the real server", () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    // The browser side reads Date.now (session ages); the server's clock starts at the same time.
    t.clock.set(Date.now());
    origin = await t.app.listen({ host: "127.0.0.1", port: 0 });
  }, 60_000);
  afterAll(() => t?.close());

  it("shows the ledger's entries, the local witness online, the stored files, the queues and the operator's own session", async () => {
    const { ledger, chain, blobs } = t.app.services;
    await Promise.all(["甲", "乙", "丙", "丁"].map((text) => ledger.append(new TextEncoder().encode(JSON.stringify({ v: 1, text })))));
    await chain.idle();
    await blobs.put(Buffer.alloc(2048, 1));
    const operator = await signInOperator(t, { roles: ["administrator"] });

    const sessionStore = createSessionStore(createMemoryStorage());
    sessionStore.setOperator(operatorSession(["administrator"], { token: operator.token, timestamp: t.clock.now(), loginTime: t.clock.now() }));
    const http = createHttpClient({
      baseURL: `${origin}/webapi`,
      sessionStore,
      getLocation: () => ({ pathname: HEALTH_PATH, search: "" }),
      navigate: () => {},
      now: t.clock.now,
      // Node's own HTTP rather than jsdom's XMLHttpRequest, which would apply a browser's CORS rules here.
      adapter: axios.getAdapter("http"),
    });
    renderConsole({ path: HEALTH_PATH, registry: CONSOLE_REGISTRY, http, sessionStore, now: t.clock.now });

    expect(await screen.findByRole("heading", { name: "平台状态", level: 4 }, { timeout: 20_000 })).toBeInTheDocument();
    await screen.findByText("账本条目数", undefined, { timeout: 20_000 });
    expect(statisticValue("账本条目数")).toBe("4");
    expect(statisticValue("等待写入区块的条目")).toBe("0");
    expect(screen.getByText(ledger.origin)).toBeInTheDocument();

    const witness = screen.getByText(`${ledger.origin.split("/")[0]}/witness`).closest("tr") as HTMLElement;
    expect(within(witness).getByText("本进程内")).toBeInTheDocument();
    expect(within(witness).getByText("在线")).toBeInTheDocument();
    expect(within(witness).getByText("4")).toBeInTheDocument();

    expect(statisticValue("证据文件已用空间")).toBe("2 KB");
    expect(statisticValue("文件数")).toBe("1");
    for (const queue of ["账本区块写入", "证书 PDF 绘制", "证据打包"]) expect(screen.getByText(queue)).toBeInTheDocument();
    expect(screen.getByText(/证书中?注明时间为本平台服务器时间/)).toBeInTheDocument();
    expect(statisticValue("操作员")).toBe("1");
    expect(statisticValue("客户")).toBe("0");
    expect(screen.queryByText("账本检查点已停滞")).not.toBeInTheDocument();
  });
});

describe("平台状态 on scripted answers", () => {
  afterEach(() => vi.useRealTimers());

  const me = ok({ id: 5, account: "wang.wu", name: "王五", roles: ["administrator"], permissions: permissionsOf(["administrator"]) });
  const NOW = Date.UTC(2026, 10, 22, 2, 0, 0);

  function overview(changes: Partial<PlatformHealth> = {}): PlatformHealth {
    return {
      generatedAt: NOW,
      ledger: { origin: "hengzheng.local/evidence-log", signerKeyId: "0a1b2c3d", treeSize: 120, blockHeight: 9, lastCheckpointAt: NOW - 30_000, checkpointAgeSeconds: 30, pendingEntries: 0 },
      witnesses: [{ name: "hengzheng.local/witness", url: null, isOnline: true, cosignedSize: 120, lastCosignedAt: NOW - 29_000, lastError: null }],
      tsa: { url: "https://tsa.example.cn/tsr", lastToken: { treeSize: 120, genTime: NOW - 28_000 }, lastError: null },
      queues: [{ key: "ledger.blocks", name: "账本区块写入", waiting: 0, running: 0, failed: 0 }],
      failedJobs: [],
      blobStore: { bytesUsed: 5 * 1024 * 1024, fileCount: 12, measuredAt: NOW, freeBytes: null, totalBytes: null },
      database: { dialect: "postgres", sizeBytes: null },
      process: { uptimeSeconds: 2 * 86_400 + 3 * 3600, rssBytes: 200 * 1024 * 1024, heapUsedBytes: 60 * 1024 * 1024, heapTotalBytes: 90 * 1024 * 1024, nodeVersion: "v20.20.2" },
      sessions: [
        { kind: "user", live: 3 },
        { kind: "notary", live: 0 },
        { kind: "operator", live: 1 },
        { kind: "operatorPending", live: 0 },
      ],
      ...changes,
    };
  }

  function renderHealth(answers: PlatformHealth[], script: Parameters<typeof renderConsole>[0]["script"] = {}) {
    return renderConsole({
      path: HEALTH_PATH,
      registry: CONSOLE_REGISTRY,
      roles: ["administrator"],
      script: { [OPERATOR_AUTH_ENDPOINTS.me.path]: me, [PLATFORM_HEALTH_ENDPOINTS.overview.path]: answers.map((answer) => ok(answer)), ...script },
    });
  }

  it("lists the failed jobs with their last error, and 重试 one after confirming it", async () => {
    const failedJob = { queue: "capture.pages", queueName: "网页取证", rowId: 42, attempts: 5, lastError: "connection terminated", failedAt: NOW - 60_000 };
    const view = renderHealth([overview({ failedJobs: [failedJob] }), overview()], {
      [PLATFORM_HEALTH_ENDPOINTS.retryFailedJob.path]: ok({ queue: "capture.pages", rowId: 42 }),
    });
    const row = (await screen.findByText("connection terminated", undefined, { timeout: 20_000 })).closest("tr")!;
    expect(within(row).getByText("网页取证")).toBeInTheDocument();
    expect(within(row).getByText("42")).toBeInTheDocument();

    await userEvent.setup().click(within(row).getByRole("button", { name: "重试" }));
    const dialog = await screen.findByRole("dialog", { name: "重试任务" });
    expect(dialog).toHaveTextContent("“网页取证”的第 42 号记录");
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "确认重试" }));
    await waitFor(() => expect(view.callsTo(PLATFORM_HEALTH_ENDPOINTS.retryFailedJob.path)).toHaveLength(1));
    expect(view.callsTo(PLATFORM_HEALTH_ENDPOINTS.retryFailedJob.path)[0]!.params).toEqual({ queue: "capture.pages", rowId: 42 });
    // The overview is read again: the job has left the failed list.
    await waitFor(() => expect(screen.queryByText("connection terminated")).not.toBeInTheDocument());
  });

  it("colours a checkpoint that stopped while entries wait, and a witness that fails, and says what cannot be read", async () => {
    const stale = overview({
      ledger: { ...overview().ledger, checkpointAgeSeconds: STALE_CHECKPOINT_SECONDS + 60, pendingEntries: 7 },
      witnesses: [{ name: "witness.other/w1", url: "https://witness.other/w1", isOnline: false, cosignedSize: 100, lastCosignedAt: NOW - 3_600_000, lastError: "HTTP 503: unavailable" }],
      tsa: { url: "https://tsa.example.cn/tsr", lastToken: null, lastError: { message: "connect ECONNREFUSED", at: NOW - 5_000 } },
    });
    renderHealth([stale]);

    expect(await screen.findByText("账本检查点已停滞", undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText("7 条条目等待写入区块。")).toBeInTheDocument();
    expect(statisticValue("最新检查点距今")).toContain("11分");
    expect(within(statistic("最新检查点距今")).getByText("（已停滞）")).toBeInTheDocument();
    expect(screen.getByText("见证者异常：witness.other/w1")).toBeInTheDocument();
    const witness = screen.getByText("https://witness.other/w1").closest("tr") as HTMLElement;
    expect(within(witness).getByText("离线")).toHaveClass("ant-tag-error");
    expect(within(witness).getByText("HTTP 503: unavailable")).toHaveClass("ant-typography-danger");
    expect(screen.getByText(/connect ECONNREFUSED/)).toHaveClass("ant-typography-danger");
    expect(screen.getByText("尚无时间戳")).toBeInTheDocument();
    // Figures the server could not read say so instead of showing a number.
    expect(statisticValue("所在磁盘可用空间")).toBe("无法读取");
    expect(statisticValue("PostgreSQL 数据库大小")).toBe("无法读取");
    expect(statisticValue("进程已运行")).toBe("2天3小时");
  });

  it("reads the overview again every 15 seconds, and on 刷新", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const view = renderHealth([overview(), overview({ ledger: { ...overview().ledger, treeSize: 121 } }), overview({ ledger: { ...overview().ledger, treeSize: 125 } })]);
    await screen.findByText("账本条目数", undefined, { timeout: 20_000 });
    expect(statisticValue("账本条目数")).toBe("120");

    await act(async () => void vi.advanceTimersByTime(HEALTH_REFRESH_MS));
    await waitFor(() => expect(statisticValue("账本条目数")).toBe("121"));
    expect(view.callsTo(PLATFORM_HEALTH_ENDPOINTS.overview.path)).toHaveLength(2);

    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole("button", { name: /刷新/ }));
    await waitFor(() => expect(statisticValue("账本条目数")).toBe("125"));
  });
});
