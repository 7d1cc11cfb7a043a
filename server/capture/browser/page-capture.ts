import type { BrowserContext, Page } from "playwright-core";
import type { CaptureOptions } from "../../../src/schema/capture.js";
import { CaptureFailedError, type CaptureJob, type CaptureNetwork } from "../capture-engine.types.js";
import type { BrowserLease } from "./browser-pool.js";
import type { PageSignals } from "./capture-qa.js";
import { Deadline, ELAPSED, settleWithin } from "./deadline.js";
import { IDLE_MAX_MS, measureSignals, scrollToEnd, settleAtTop, waitForNetworkIdle } from "./page-behaviours.js";
import { closePopups, interceptTraffic, type PageTraffic } from "./page-interception.js";

/**
 * One page captured in a fresh, isolated context: open it, let it load and go quiet, scroll it to
 * the end, record the artefacts. Every request goes through the capture network; every wait is
 * bounded by the capture's deadline; the context is closed in any case, and the browser killed if
 * it will not close (the pool relaunches it).
 */

/**
 * The last 30 % of the capture's time is kept for recording (screenshot, DOM, PDF): loading,
 * idling and scrolling stop before it, so a page that never finishes loading is still recorded.
 */
const RECORDING_SHARE = 0.3;
/** Closing a context takes milliseconds; one that has not closed after this never will. */
const CONTEXT_CLOSE_TIMEOUT_MS = 5_000;

export interface PageArtefacts {
  title: string;
  finalUrl: string;
  mainStatus: number | null;
  screenshot: Buffer;
  html: Buffer;
  pdf: Buffer;
  signals: PageSignals;
  requests: number;
  failedRequests: number;
}

export interface PageCaptureInput {
  lease: BrowserLease;
  network: CaptureNetwork;
  options: CaptureOptions;
  job: CaptureJob;
}

export async function capturePage(input: PageCaptureInput): Promise<PageArtefacts> {
  const { lease, network, options, job } = input;
  const browser = lease.browser;
  const deadline = new Deadline(options.timeoutMs, job.signal, options.timeoutMs * RECORDING_SHARE);
  const browserFailed = () => deadline.fail(new CaptureFailedError("browserFailed", "浏览器进程已断开"));
  browser.on("disconnected", browserFailed);
  // A fresh context: no storage, no cookies, nothing from any other capture.
  const opening = browser.newContext({
    viewport: options.viewport,
    userAgent: options.userAgent,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    serviceWorkers: "block",
    acceptDownloads: false,
  });
  let context: BrowserContext | null = null;
  let traffic: PageTraffic | null = null;
  try {
    context = await deadline.run(opening);
    let page: Page | null = null;
    traffic = await deadline.run(
      interceptTraffic({
        context,
        network,
        signal: deadline.signal,
        capturePage: () => page,
        onFailure: (error) => deadline.fail(error),
      }),
    );
    page = await deadline.run(context.newPage());
    closePopups(context, network);
    page.on("crash", () => deadline.fail(new CaptureFailedError("browserFailed", "页面渲染进程崩溃")));
    return await recordPage(page, traffic, deadline, options, job);
  } catch (error) {
    throw classify(error, traffic, deadline, browser.isConnected());
  } finally {
    traffic?.stop();
    deadline.fail(new CaptureFailedError("interrupted", "取证已结束"));
    deadline.dispose();
    browser.off("disconnected", browserFailed);
    const toClose = context ?? (await settleWithin(opening, CONTEXT_CLOSE_TIMEOUT_MS).catch(() => null));
    if (toClose && toClose !== ELAPSED && browser.isConnected()) {
      const closed = await settleWithin(toClose.close(), CONTEXT_CLOSE_TIMEOUT_MS);
      if (closed === ELAPSED) await lease.kill();
    } else if (toClose === ELAPSED) {
      await lease.kill();
    }
  }
}

async function recordPage(page: Page, traffic: PageTraffic, deadline: Deadline, options: CaptureOptions, job: CaptureJob): Promise<PageArtefacts> {
  job.onStage("opening");
  await openPage(page, traffic, deadline, job.url);
  await waitForNetworkIdle(traffic, deadline, options.networkIdleMs, IDLE_MAX_MS);

  job.onStage("scrolling");
  await scrollToEnd(page, traffic, deadline, options);
  await settleAtTop(page, traffic, deadline, options);
  const signals = await measureSignals(page, deadline);

  job.onStage("recording");
  // Nothing new is fetched while recording: the artefacts show what the WARC holds.
  traffic.stop();
  const height = Math.max(1, Math.min(signals.pageHeight, options.maxPageHeight));
  const screenshot = await deadline.run(
    page.screenshot({ type: "png", fullPage: true, clip: { x: 0, y: 0, width: options.viewport.width, height }, timeout: Math.max(1, deadline.remaining()) }),
  );
  const html = Buffer.from(await deadline.run(page.content()), "utf8");
  const pdf = await deadline.run(page.pdf({ printBackground: true, format: "A4" }));
  const title = await deadline.run(page.title());
  deadline.check();
  if (traffic.failure) throw traffic.failure;
  return {
    title,
    finalUrl: page.url(),
    mainStatus: traffic.mainStatus,
    screenshot,
    html,
    pdf,
    signals,
    requests: traffic.requests,
    failedRequests: traffic.failed,
  };
}

/**
 * page.goto until the main document is there: a redirect chain (already followed and fetched by
 * the traffic) ends in one more navigation to its last URL. A page whose load never ends (a request
 * that hangs) is still recorded once its document came.
 */
async function openPage(page: Page, traffic: PageTraffic, deadline: Deadline, url: string): Promise<void> {
  traffic.setOpening(true);
  try {
    for (let target: string | null = url; target; target = traffic.takeRedirect()) {
      try {
        await deadline.run(page.goto(target, { waitUntil: "load", timeout: Math.max(1, deadline.forWaiting()) }));
        return;
      } catch (error) {
        if (isPlaywrightTimeout(error) && traffic.mainStatus !== null && !traffic.failure) return;
        if (traffic.failure || !/ERR_ABORTED/.test(String(error))) throw error;
      }
    }
    throw new CaptureFailedError("connectionFailed", "网页打开被中止");
  } finally {
    traffic.setOpening(false);
  }
}

/** Any error of a capture as the failure a holder reads. The traffic's own verdict comes first. */
function classify(error: unknown, traffic: PageTraffic | null, deadline: Deadline, isConnected: boolean): CaptureFailedError {
  if (traffic?.failure) return traffic.failure;
  if (error instanceof CaptureFailedError) return error;
  try {
    deadline.check();
  } catch (reason) {
    if (reason instanceof CaptureFailedError) return reason;
  }
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  if (!isConnected) return new CaptureFailedError("browserFailed", message);
  if (message.includes("ERR_TOO_MANY_REDIRECTS")) return new CaptureFailedError("tooManyRedirects");
  if (message.includes("Download is starting")) return new CaptureFailedError("notHtml", "文件下载");
  if (isPlaywrightTimeout(error)) return new CaptureFailedError("timeout");
  if (/net::ERR_/.test(message)) return new CaptureFailedError("connectionFailed", message.slice(0, 200));
  return new CaptureFailedError("browserFailed", message.slice(0, 200));
}

function isPlaywrightTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === "TimeoutError";
}
