import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PUBLIC_PAGE_PATHS } from "../../src/app/public-page-paths";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { deriveRoutes } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { registryPath } from "../../src/resources/registry-paths";
import { CERTIFICATE_ENDPOINTS } from "../../src/schema/certificate";
import {
  CAPTURE_ENDPOINTS,
  CAPTURE_MESSAGES,
  PROVENANCE_FORMAT,
  type CaptureAllowance,
  type CaptureDetail,
  type CaptureRecord,
} from "../../src/schema/capture";
import { ok, type ScriptedAnswer } from "./account-harness";
import { renderPersonal } from "./personal-harness";

/**
 * The capture pages (issue 15) through the registry's own routes, against scripted /webapi
 * answers: the new snapshot page (allowance, submission, live progress), the lists' row actions,
 * the review page, the certificate's provenance and the web rights form's platform capture.
 */

const SNAPSHOT = "evidenceTaken/snapshotRecord";
const TOTAL = "evidenceTaken/totalEvidenceTaken";
const ROUTES = deriveRoutes(REGISTRY);
const CAPTURE_ROUTES = ROUTES.filter((route) => route.resource === SNAPSHOT || route.resource === TOTAL || route.resource === "rights/web");
const SLOW = { timeout: 10_000 };

const T0 = Date.parse("2026-11-24T10:00:00+08:00");
const capture = (overrides: Partial<CaptureRecord> = {}): CaptureRecord => ({
  id: 41,
  kind: "snapshot",
  target: "snapshot",
  name: "侵权商品页",
  url: "https://shop.example.com/item/1",
  finalUrl: null,
  title: null,
  purpose: null,
  state: "queued",
  stage: "queued",
  failure: null,
  qaFindings: [],
  qaAccepted: false,
  attempts: 1,
  chargedTo: "package",
  createTime: T0,
  startTime: null,
  endTime: null,
  evidenceId: null,
  certificateNo: null,
  files: [],
  ...overrides,
});
const SEALED = { state: "sealed", stage: "sealing", title: "商品详情", evidenceId: 501, certificateNo: "HZ20261124SNAPSHOT000001" } as const;
const FINDING = { code: "cookieBanner", message: "页面内容被 Cookie 提示或弹层遮挡", detail: "遮挡面积约 42%" } as const;

const allowance = (overrides: Partial<CaptureAllowance> = {}): CaptureAllowance => ({
  engine: { available: true, reason: null },
  packageRemaining: 3,
  bundles: [{ id: 9, name: "公证 1 次 + 网页快照取证 10 次", remaining: 4, expiresAt: Date.parse("2027-02-20T00:00:00+08:00") }],
  total: 7,
  ...overrides,
});

const provenance = {
  format: PROVENANCE_FORMAT,
  requestedUrl: "https://shop.example.com/item/1",
  finalUrl: "https://shop.example.com/item/1?from=redirect",
  title: "商品详情",
  startedAt: "2026-11-24T02:00:01.000Z",
  endedAt: "2026-11-24T02:00:05.000Z",
  software: { platform: "恒证取证", version: "1.4.0", chromium: "Chromium 131.0.6778.139", automation: "playwright-core 1.49.1", node: "20.20.0" },
  node: { localAddresses: ["10.0.0.5"], publicAddress: null, hostname: "capture-1" },
  options: { viewport: { width: 1366, height: 900 }, userAgent: "Mozilla/5.0 HengzhengCapture", timeoutMs: 60_000, maxBytes: 200_000_000, maxRequests: 2000, maxPageHeight: 30_000, networkIdleMs: 500, maxScrollSteps: 40 },
  origins: [
    {
      origin: "https://shop.example.com",
      addresses: ["203.0.113.7"],
      dns: [{ type: "A", value: "203.0.113.7", ttl: 300 }],
      tls: {
        protocol: "TLSv1.3",
        cipher: "TLS_AES_128_GCM_SHA256",
        authorized: true,
        authorizationError: null,
        certificates: [{ subject: "CN=shop.example.com", issuer: "CN=Example CA", validFrom: "2026-01-01", validTo: "2027-01-01", fingerprint256: "AB:CD:EF:01", pem: "-----BEGIN CERTIFICATE-----" }],
      },
    },
  ],
  redirects: [{ from: "https://shop.example.com/item/1", to: "https://shop.example.com/item/1?from=redirect", status: 302 }],
  blocked: [{ url: "http://169.254.169.254/latest", reason: "addressRefused", detail: "169.254.169.254" }],
  resources: { requests: 42, failed: 3, bytes: 1_048_576 },
} satisfies CaptureDetail["provenance"];
const detail = (overrides: Partial<CaptureDetail> = {}): CaptureDetail => ({ ...capture(), provenance, qa: null, ...overrides });

function open(resource: string, page: string, script: Record<string, ScriptedAnswer>, search = "") {
  const path = registryPath(resource, page);
  const route = ROUTES.find((candidate) => candidate.path === path)!;
  return renderPersonal({ path: path + search, element: <SectionRouteElement route={route} />, routes: CAPTURE_ROUTES, script });
}

/** The title of the step a capture's card shows as current. */
const currentStep = (card: HTMLElement) => card.querySelector(".ant-steps-item-active .ant-steps-item-title")?.textContent;

beforeAll(() => Promise.all([import("../../src/pages/kinds/data-list-page"), import("../../src/pages/kinds/certificate-page"), import("../../src/pages/capture/snapshot-new-page")]), 60_000);
afterEach(() => vi.unstubAllGlobals());

describe("the new snapshot page", { timeout: 60_000 }, () => {
  it("says what the captures are charged to, sends the URLs one a line, and follows each capture to its certificate", async () => {
    const running = (stage: CaptureRecord["stage"]) => ok([capture({ state: "running", stage })]);
    const { callsTo } = open(SNAPSHOT, "new", {
      [CAPTURE_ENDPOINTS.allowance.path]: ok(allowance()),
      [CAPTURE_ENDPOINTS.create.path]: ok([capture()]),
      [CAPTURE_ENDPOINTS.progress.path]: [running("opening"), running("recording"), ok([capture(SEALED)])],
    });
    const sources = within(await screen.findByRole("list", { name: "扣减来源" }, SLOW));
    expect(sources.getByText(/公证套餐快照额度：公证 1 次 \+ 网页快照取证 10 次，剩余 4 次/)).toBeInTheDocument();
    expect(sources.getByText("快照保全套餐：剩余 3 次")).toBeInTheDocument();
    expect(screen.getByText(/可用快照保全次数共 7 次/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("取证名称"), "侵权商品页");
    await user.click(screen.getByLabelText("网页地址"));
    await user.paste("https://shop.example.com/item/1\n\nHTTPS://Shop.Example.com/item/2");
    await user.click(screen.getByRole("button", { name: "开始取证" }));

    await waitFor(() => expect(callsTo(CAPTURE_ENDPOINTS.create.path)).toHaveLength(1), SLOW);
    expect(callsTo(CAPTURE_ENDPOINTS.create.path)[0].params).toMatchObject({ name: "侵权商品页", urls: "https://shop.example.com/item/1\nhttps://shop.example.com/item/2" });
    const card = await screen.findByRole("region", { name: "取证：侵权商品页" }, SLOW);
    expect(within(card).getAllByText(/排队等待|打开网页|滚动加载|录制页面|质量检查|封存上链/).map((step) => step.textContent)).toEqual(["排队等待", "打开网页", "滚动加载", "录制页面", "质量检查", "封存上链"]);
    await waitFor(() => expect(currentStep(card)).toBe("打开网页"), SLOW);
    await waitFor(() => expect(currentStep(card)).toBe("录制页面"), SLOW);
    const certificate = await within(card).findByRole("link", { name: "查看取证证书" }, SLOW);
    expect(certificate).toHaveAttribute("href", `${registryPath(SNAPSHOT, "dataList/Certificate")}?id=41`);
    expect(within(card).getByText(/证书编号：HZ20261124SNAPSHOT000001/)).toBeInTheDocument();
    expect(callsTo(CAPTURE_ENDPOINTS.progress.path)[0].params).toMatchObject({ ids: "41" });

    // Once sealed the page stops asking.
    const asked = callsTo(CAPTURE_ENDPOINTS.progress.path).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(callsTo(CAPTURE_ENDPOINTS.progress.path)).toHaveLength(asked);
  });

  it("shows a failed capture's reason with 重试, and a flagged one's findings with the way to review it", async () => {
    const failed = capture({ id: 42, name: "失败的页面", state: "failed", stage: "opening", failure: { code: "connectionFailed", message: "无法连接到该网站" } });
    const flagged = capture({ id: 43, name: "被遮挡的页面", state: "needsReview", stage: "checking", qaFindings: [FINDING] });
    const { callsTo } = open(SNAPSHOT, "new", {
      [CAPTURE_ENDPOINTS.allowance.path]: ok(allowance()),
      [CAPTURE_ENDPOINTS.create.path]: ok([failed, flagged]),
      [CAPTURE_ENDPOINTS.retry.path]: ok(capture({ id: 42, name: "失败的页面", attempts: 2 })),
      [CAPTURE_ENDPOINTS.progress.path]: ok([capture({ id: 42, name: "失败的页面", ...SEALED })]),
    });
    const user = userEvent.setup();
    await screen.findByRole("list", { name: "扣减来源" }, SLOW);
    await user.type(screen.getByLabelText("取证名称"), "两个页面");
    await user.click(screen.getByLabelText("网页地址"));
    await user.paste("https://a.example.com/\nhttps://b.example.com/");
    await user.click(screen.getByRole("button", { name: "开始取证" }));

    const failedCard = await screen.findByRole("region", { name: "取证：失败的页面" }, SLOW);
    expect(within(failedCard).getByText("无法连接到该网站")).toBeInTheDocument();
    const flaggedCard = screen.getByRole("region", { name: "取证：被遮挡的页面" });
    expect(within(flaggedCard).getByText("页面内容被 Cookie 提示或弹层遮挡")).toBeInTheDocument();
    expect(within(flaggedCard).getByText("（遮挡面积约 42%）")).toBeInTheDocument();
    expect(within(flaggedCard).getByRole("link", { name: "去复核" })).toHaveAttribute("href", `${registryPath(SNAPSHOT, "dataList/review")}?id=43`);
    expect(callsTo(CAPTURE_ENDPOINTS.progress.path)).toHaveLength(0);

    await user.click(within(failedCard).getByRole("button", { name: "重试" }));
    await waitFor(() => expect(callsTo(CAPTURE_ENDPOINTS.retry.path)).toHaveLength(1));
    expect(callsTo(CAPTURE_ENDPOINTS.retry.path)[0].params).toMatchObject({ id: 42 });
    expect(await within(failedCard).findByRole("link", { name: "查看取证证书" }, SLOW)).toBeInTheDocument();
    expect(callsTo(CAPTURE_ENDPOINTS.progress.path)[0].params).toMatchObject({ ids: "42" });
  });

  it("with nothing left, says so and where to buy, and the form cannot be sent", async () => {
    const { callsTo } = open(SNAPSHOT, "new", { [CAPTURE_ENDPOINTS.allowance.path]: ok(allowance({ packageRemaining: 0, bundles: [], total: 0 })) });
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert).toHaveTextContent(CAPTURE_MESSAGES.noUnits);
    expect(within(alert).getByRole("link", { name: "购买快照保全套餐" })).toHaveAttribute("href", registryPath("personal/expenseCenter", "purchasePackage"));
    expect(within(alert).getByRole("link", { name: "了解公证套餐" })).toHaveAttribute("href", PUBLIC_PAGE_PATHS.notarizationActivity);
    expect(screen.getByRole("button", { name: "开始取证" })).toBeDisabled();
    expect(callsTo(CAPTURE_ENDPOINTS.create.path)).toHaveLength(0);
  });

  it("when the capture browser is not available, gives the reason and disables the form", async () => {
    open(SNAPSHOT, "new", { [CAPTURE_ENDPOINTS.allowance.path]: ok(allowance({ engine: { available: false, reason: "未找到 /usr/bin/chromium，请安装 Debian 的 chromium 软件包" } })) });
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert).toHaveTextContent(CAPTURE_MESSAGES.engineUnavailable);
    expect(alert).toHaveTextContent("未找到 /usr/bin/chromium");
    expect(screen.getByRole("button", { name: "开始取证" })).toBeDisabled();
  });

  it("shows the server's refusal of a URL on the URL field", async () => {
    const refusal = "https://10.0.0.1/：该网址指向内网、本机或保留地址，出于安全原因不能取证";
    open(SNAPSHOT, "new", {
      [CAPTURE_ENDPOINTS.allowance.path]: ok(allowance()),
      [CAPTURE_ENDPOINTS.create.path]: { code: 400, message: refusal, datas: null, extraData: { errors: { urls: refusal } } },
    });
    const user = userEvent.setup();
    await screen.findByRole("list", { name: "扣减来源" }, SLOW);
    await user.type(screen.getByLabelText("取证名称"), "内网");
    await user.type(screen.getByLabelText("网页地址"), "https://10.0.0.1/");
    await user.click(screen.getByRole("button", { name: "开始取证" }));
    const field = (await screen.findByText(refusal, {}, SLOW)).closest(".ant-form-item")!;
    expect(within(field as HTMLElement).getByLabelText("网页地址")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /^取证：/ })).not.toBeInTheDocument();
  });
});

describe("the capture lists", { timeout: 30_000 }, () => {
  const rows = [
    capture({ id: 1, name: "已存证页面", ...SEALED }),
    capture({ id: 2, name: "失败页面", state: "failed", stage: "opening", failure: { code: "timeout", message: "网页在规定时间内未能完成加载" } }),
    capture({ id: 3, name: "待复核页面", state: "needsReview", stage: "checking", qaFindings: [FINDING] }),
    capture({ id: 4, name: "进行中页面", state: "running", stage: "recording" }),
  ];
  const page = ok({ list: rows, pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: rows.length });
  const rowOf = (name: string) => within(screen.getByText(name).closest("tr")!);

  it("offers each capture its next step by state and shows a running one's stage", async () => {
    const { callsTo } = open(SNAPSHOT, "dataList", { [CAPTURE_ENDPOINTS.list.path]: page, [CAPTURE_ENDPOINTS.retry.path]: ok(capture({ id: 2, name: "失败页面" })) });
    await screen.findByText("已存证页面", {}, SLOW);
    expect(rowOf("已存证页面").getByRole("link", { name: "证书" })).toHaveAttribute("href", `${registryPath(SNAPSHOT, "dataList/Certificate")}?id=1`);
    expect(rowOf("待复核页面").getByRole("link", { name: "复核" })).toHaveAttribute("href", `${registryPath(SNAPSHOT, "dataList/review")}?id=3`);
    expect(rowOf("进行中页面").getByText("取证中 · 录制页面")).toBeInTheDocument();
    expect(rowOf("进行中页面").queryByRole("link")).not.toBeInTheDocument();
    expect(rowOf("已存证页面").queryByRole("button", { name: "重试" })).not.toBeInTheDocument();

    await userEvent.setup().click(rowOf("失败页面").getByRole("button", { name: "重试" }));
    await waitFor(() => expect(callsTo(CAPTURE_ENDPOINTS.retry.path)).toHaveLength(1));
    expect(callsTo(CAPTURE_ENDPOINTS.retry.path)[0].params).toMatchObject({ id: 2 });
    // The list is read again after the retry, and keeps reading itself while a capture is running.
    await waitFor(() => expect(callsTo(CAPTURE_ENDPOINTS.list.path).length).toBeGreaterThanOrEqual(2), SLOW);
  });

  it("the list of all captures names each capture's kind and links below its own section", async () => {
    open(TOTAL, "dataList", { [CAPTURE_ENDPOINTS.totalList.path]: page });
    await screen.findByText("已存证页面", {}, SLOW);
    expect(screen.getByRole("columnheader", { name: "取证类型" })).toBeInTheDocument();
    expect(rowOf("已存证页面").getByText("网页快照取证")).toBeInTheDocument();
    expect(rowOf("已存证页面").getByRole("link", { name: "证书" })).toHaveAttribute("href", `${registryPath(TOTAL, "dataList/Certificate")}?id=1`);
    expect(rowOf("待复核页面").getByRole("link", { name: "复核" })).toHaveAttribute("href", `${registryPath(TOTAL, "dataList/review")}?id=3`);
  });
});

describe("the review page", { timeout: 30_000 }, () => {
  function stubScreenshot() {
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      return { headers: new Headers({ "content-type": "image/png" }), blob: async () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }) };
    });
    URL.createObjectURL = vi.fn(() => "blob:screenshot");
    URL.revokeObjectURL = vi.fn();
    return fetched;
  }
  const flagged = detail({ state: "needsReview", stage: "checking", qaFindings: [FINDING], title: "商品详情" });

  it("shows the screenshot, the findings and the provenance, and accepts after saying the certificate will state the findings", async () => {
    const fetched = stubScreenshot();
    const { callsTo } = open(SNAPSHOT, "dataList/review", { [CAPTURE_ENDPOINTS.one.path]: [ok(flagged), ok(detail({ ...SEALED, qaFindings: [FINDING], qaAccepted: true }))], [CAPTURE_ENDPOINTS.accept.path]: ok(capture(SEALED)) }, "?id=41");
    expect(await screen.findByText("页面内容被 Cookie 提示或弹层遮挡", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText("（遮挡面积约 42%）")).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: "网页整页截图" })).toHaveAttribute("src", "blob:screenshot");
    expect(fetched[0]).toContain(CAPTURE_ENDPOINTS.file.path);
    expect(fetched[0]).toContain("file=screenshot");
    const origins = within(screen.getByRole("table", { name: "访问的站点" }));
    expect(origins.getByText("203.0.113.7")).toBeInTheDocument();
    expect(origins.getByText(/TLSv1.3/)).toBeInTheDocument();
    expect(origins.getByText("AB:CD:EF:01")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "已阻止的请求" })).getByText(/目标地址为内网、本机或保留地址/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "确认封存" }));
    expect(await screen.findByText(/取证证书将载明上述质量检查发现/)).toBeInTheDocument();
    expect(callsTo(CAPTURE_ENDPOINTS.accept.path)).toHaveLength(0);
    await user.click(within(document.querySelector(".ant-popconfirm")! as HTMLElement).getByRole("button", { name: "确认封存" }));
    await waitFor(() => expect(callsTo(CAPTURE_ENDPOINTS.accept.path)).toHaveLength(1));
    expect(callsTo(CAPTURE_ENDPOINTS.accept.path)[0].params).toMatchObject({ id: 41 });
    expect(await screen.findByRole("link", { name: "查看取证证书" }, SLOW)).toHaveAttribute("href", `${registryPath(SNAPSHOT, "dataList/Certificate")}?id=41`);
  });

  it("discards only once confirmed, and retries at once", async () => {
    stubScreenshot();
    const { callsTo } = open(
      SNAPSHOT,
      "dataList/review",
      { [CAPTURE_ENDPOINTS.one.path]: ok(flagged), [CAPTURE_ENDPOINTS.discard.path]: ok(capture({ state: "failed" })), [CAPTURE_ENDPOINTS.retry.path]: ok(capture()) },
      "?id=41",
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "放弃" }, SLOW));
    expect(await screen.findByText(/预扣的次数将退回/)).toBeInTheDocument();
    expect(callsTo(CAPTURE_ENDPOINTS.discard.path)).toHaveLength(0);
    await user.click(within(document.querySelector(".ant-popconfirm")! as HTMLElement).getByRole("button", { name: "放弃" }));
    await waitFor(() => expect(callsTo(CAPTURE_ENDPOINTS.discard.path)).toHaveLength(1));
    expect(callsTo(CAPTURE_ENDPOINTS.discard.path)[0].params).toMatchObject({ id: 41 });

    await user.click(screen.getByRole("button", { name: "重新取证" }));
    await waitFor(() => expect(callsTo(CAPTURE_ENDPOINTS.retry.path)).toHaveLength(1));
    expect(callsTo(CAPTURE_ENDPOINTS.retry.path)[0].params).toMatchObject({ id: 41 });
  });
});

describe("the certificate of a sealed capture", { timeout: 30_000 }, () => {
  it("adds the package's downloads and the provenance; the ledger proof is the evidence record's", async () => {
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      const type = url.includes(CERTIFICATE_ENDPOINTS.getCertificatePdf.path) ? "application/pdf" : "application/wacz";
      // The platform key (/ledger/vkey) is not what this test is about: it answers no key.
      return { ok: false, status: 404, headers: new Headers({ "content-type": type }), blob: async () => new Blob(["PK"]), text: async () => "" };
    });
    URL.createObjectURL = vi.fn(() => "blob:wacz");
    URL.revokeObjectURL = vi.fn();
    open(SNAPSHOT, "dataList/Certificate", { [CAPTURE_ENDPOINTS.one.path]: ok(detail({ ...SEALED, qaFindings: [FINDING], qaAccepted: true })) }, "?id=41");
    const downloads = within(await screen.findByText("取证包下载", {}, SLOW).then((title) => title.closest(".ant-card") as HTMLElement));
    expect(downloads.getAllByRole("button").map((button) => button.textContent)).toEqual(["取证包（WACZ）", "整页截图", "网页打印版（PDF）", "渲染后的网页源码", "取证环境与过程记录"]);
    expect(screen.getByText(/持有人已确认以下质量检查发现/)).toBeInTheDocument();
    expect(screen.getByText(/Chromium 131\.0\.6778\.139/)).toBeInTheDocument();
    expect(screen.getByText(/https:\/\/shop\.example\.com\/item\/1 → https:\/\/shop\.example\.com\/item\/1\?from=redirect（302）/)).toBeInTheDocument();
    // The ledger proof belongs to the evidence record the capture was sealed as.
    expect(screen.getByRole("link", { name: "账本证明" })).toHaveAttribute("href", expect.stringContaining("id=501"));

    const labels = [...document.querySelectorAll(".ant-descriptions-item-label")].map((cell) => cell.textContent);
    expect(labels).toEqual(expect.arrayContaining(["取证名称", "网页地址", "网页标题", "状态", "扣减", "证书编号"]));

    const user = userEvent.setup();
    await user.click(downloads.getByRole("button", { name: /取证包（WACZ）/ }));
    await waitFor(() => expect(fetched.some((url) => url.includes(CAPTURE_ENDPOINTS.file.path) && url.includes("file=wacz") && url.includes("id=41"))).toBe(true));
    // The certificate PDF is the evidence record's (id 501), not the capture's.
    await user.click(screen.getByRole("button", { name: /下载 PDF 证书/ }));
    await waitFor(() => expect(fetched.some((url) => url.includes(CERTIFICATE_ENDPOINTS.getCertificatePdf.path) && url.includes("id=501"))).toBe(true));
  });
});

describe("the web rights form (rights/web new)", { timeout: 30_000 }, () => {
  it("keeps the saved-page upload by default and lets the platform capture the URL instead", async () => {
    const rightsCapture = capture({ id: 77, target: "rightsWeb", name: "原创文章" });
    const { callsTo } = open("rights/web", "new", {
      [CAPTURE_ENDPOINTS.allowance.path]: ok(allowance()),
      [CAPTURE_ENDPOINTS.createRightsWeb.path]: ok(rightsCapture),
      [CAPTURE_ENDPOINTS.progress.path]: ok([{ ...rightsCapture, ...SEALED, evidenceId: 88 }]),
    });
    expect(await screen.findByText("上传保存的网页文件", {}, SLOW)).toBeInTheDocument();
    expect(callsTo(CAPTURE_ENDPOINTS.allowance.path)).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(screen.getByText("由平台抓取网页"));
    await screen.findByRole("list", { name: "扣减来源" }, SLOW);
    expect(screen.queryByText("上传保存的网页文件")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("作品名称"), "原创文章");
    await user.type(screen.getByLabelText("作者"), "张三");
    await user.type(screen.getByLabelText("创作完成时间"), "2026-11-01 10:00:00{enter}");
    await user.type(screen.getByLabelText("网页地址"), "https://blog.example.com/post/1");
    await user.click(screen.getByRole("button", { name: "开始抓取" }));

    await waitFor(() => expect(callsTo(CAPTURE_ENDPOINTS.createRightsWeb.path)).toHaveLength(1), SLOW);
    expect(callsTo(CAPTURE_ENDPOINTS.createRightsWeb.path)[0].params).toMatchObject({ name: "原创文章", author: "张三", url: "https://blog.example.com/post/1" });
    const card = await screen.findByRole("region", { name: "取证：原创文章" }, SLOW);
    // Sealed, it is this section's rights record: its certificate is that record's.
    expect(await within(card).findByRole("link", { name: "查看取证证书" }, SLOW)).toHaveAttribute("href", `${registryPath("rights/web", "dataList/Certificate")}?id=88`);
  });
});
