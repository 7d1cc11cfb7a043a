import type { Page } from "playwright-core";
import { CaptureFailedError, type CaptureNetworkSettings } from "../../capture/capture-engine.types.js";
import type { BrowserPool } from "../../capture/browser/browser-pool.js";
import { Deadline, ELAPSED, settleWithin } from "../../capture/browser/deadline.js";
import { waitForNetworkIdle } from "../../capture/browser/page-behaviours.js";
import { closePopups, interceptTraffic, type PageTraffic } from "../../capture/browser/page-interception.js";
import { createCaptureNetwork } from "../../capture/network/capture-network.js";
import { MONITOR_USER_AGENT_TOKEN } from "./crawl-fetcher.js";

/**
 * Pages that build their content with JavaScript, rendered in the capture's browser pool: a fresh
 * context whose every request is answered by the capture's own interception through a capture
 * network (so the same policy, pinning and bounds apply as to a capture; the WARC it writes is
 * discarded, a crawl only looks). Open, wait for load and a quiet network within a bound, read
 * the DOM. The context is closed in any case, the browser killed if it will not close.
 */

export interface RenderedPage {
  html: string;
  /** Bytes the rendering fetched (the document and everything it loaded). */
  bytes: number;
}

export type PageRenderer = (url: string, signal: AbortSignal) => Promise<RenderedPage>;

export interface BrowserRendererSettings {
  /** The capture network's settings (allowed hosts, CAs, a work directory, bounds per rendering). */
  network: CaptureNetworkSettings;
  /** The whole rendering of one page. */
  timeoutMs: number;
  /** Quiet time that counts as "network idle" after load. */
  networkIdleMs?: number;
}

const CONTEXT_CLOSE_TIMEOUT_MS = 5_000;
const IDLE_MAX_MS = 5_000;
/** WARC directories of renderings are named by this (the capture network needs a number). */
let nextRenderingId = 1;

export function createBrowserRenderer(pool: BrowserPool, settings: BrowserRendererSettings): PageRenderer {
  return async (url, crawlSignal) => {
    const lease = await pool.acquire(crawlSignal);
    // The deadline listens to its outer signal for good: it gets one of its own per rendering, so a
    // crawl's signal does not gather a listener per page.
    const rendering = new AbortController();
    const stopRendering = () => rendering.abort(crawlSignal.reason);
    crawlSignal.addEventListener("abort", stopRendering, { once: true });
    if (crawlSignal.aborted) stopRendering();
    const deadline = new Deadline(settings.timeoutMs, rendering.signal);
    const network = createCaptureNetwork(settings.network, nextRenderingId++);
    const opening = lease.browser.newContext({
      userAgent: `Mozilla/5.0 (compatible; ${MONITOR_USER_AGENT_TOKEN}/1.0; rendering)`,
      locale: "zh-CN",
      timezoneId: "Asia/Shanghai",
      serviceWorkers: "block",
      acceptDownloads: false,
    });
    let traffic: PageTraffic | null = null;
    try {
      const context = await deadline.run(opening);
      let page: Page | null = null;
      traffic = await deadline.run(interceptTraffic({ context, network, signal: deadline.signal, capturePage: () => page, onFailure: (error) => deadline.fail(error) }));
      page = await deadline.run(context.newPage());
      closePopups(context, network);
      traffic.setOpening(true);
      await deadline.run(page.goto(url, { waitUntil: "load", timeout: Math.max(1, deadline.forWaiting()) }));
      traffic.setOpening(false);
      await waitForNetworkIdle(traffic, deadline, settings.networkIdleMs ?? 300, IDLE_MAX_MS);
      traffic.stop();
      const html = await deadline.run(page.content());
      if (traffic.failure) throw traffic.failure;
      return { html, bytes: network.totals().bytes };
    } catch (error) {
      const failure = traffic?.failure ?? (error instanceof CaptureFailedError ? error : null);
      throw new Error(`浏览器渲染失败：${failure ? `${failure.code}${failure.detail ? `（${failure.detail}）` : ""}` : (error as Error).message.split("\n")[0]}`);
    } finally {
      traffic?.stop();
      deadline.fail(new CaptureFailedError("interrupted", "渲染已结束"));
      deadline.dispose();
      const context = await settleWithin(opening, CONTEXT_CLOSE_TIMEOUT_MS).catch(() => null);
      if (context === ELAPSED) await lease.kill();
      else if (context && lease.browser.isConnected()) {
        if ((await settleWithin(context.close(), CONTEXT_CLOSE_TIMEOUT_MS)) === ELAPSED) await lease.kill();
      }
      await network.discard();
      lease.release();
      crawlSignal.removeEventListener("abort", stopRendering);
    }
  };
}
