import type { Page } from "playwright-core";
import type { CaptureOptions } from "../../../src/schema/capture.js";
import { CaptureFailedError } from "../capture-engine.types.js";
import type { PageSignals } from "./capture-qa.js";
import type { Deadline } from "./deadline.js";
import type { PageTraffic } from "./page-interception.js";

/**
 * What the capture does to a page before recording it, and nothing more (issue 15: expand nothing
 * the user did not ask for): wait for the network to go quiet, scroll a viewport at a time to the
 * end so lazy content loads, go back to the top, settle. Every wait is bounded twice: by its own
 * limit and by the capture's deadline.
 */

/** Network idle never waits longer than this: a page that polls forever is recorded as it is. */
export const IDLE_MAX_MS = 10_000;
/** After a scroll step, observers fire on the next frames; their requests start after this pause. */
const SCROLL_PAUSE_MS = 100;
/** Quiet time per scroll step: shorter than the full idle, as the page is not yet being recorded. */
const SCROLL_QUIET_MS = 250;
/** One scroll step waits at most this long for the content it triggered. */
const SCROLL_STEP_MAX_MS = 3_000;
/** How much of the page's text the QA reads (bot-wall phrases); its full length is still measured. */
const PAGE_TEXT_SAMPLE = 4_000;
/** Overlays smaller than this share of the viewport are not worth reporting to the QA. */
const OVERLAY_MIN_COVERAGE = 0.05;
/** Elements inspected for overlays: banners sit early in the DOM, and a huge DOM must not stall the check. */
const OVERLAY_MAX_ELEMENTS = 10_000;

const POLL_MS = 50;

/** True when no request was in flight for `quietMs`; false when `maxMs` passed first. */
export async function waitForNetworkIdle(traffic: PageTraffic, deadline: Deadline, quietMs: number, maxMs: number): Promise<boolean> {
  const giveUpAt = Date.now() + Math.min(maxMs, deadline.forWaiting());
  for (;;) {
    deadline.check();
    if (traffic.inFlight() === 0 && Date.now() - traffic.lastActivity >= quietMs) return true;
    if (Date.now() >= giveUpAt) return false;
    await deadline.sleep(POLL_MS);
  }
}

/** Scrolls a viewport at a time until the end, `maxScrollSteps` or `maxPageHeight`, whichever first. */
export async function scrollToEnd(page: Page, traffic: PageTraffic, deadline: Deadline, options: CaptureOptions): Promise<number> {
  let steps = 0;
  try {
    while (steps < options.maxScrollSteps && deadline.forWaiting() > 0) {
      await deadline.run(page.evaluate(() => window.scrollBy(0, window.innerHeight)));
      steps += 1;
      await deadline.sleep(SCROLL_PAUSE_MS);
      await waitForNetworkIdle(traffic, deadline, SCROLL_QUIET_MS, SCROLL_STEP_MAX_MS);
      const at = await deadline.run(page.evaluate(() => ({ y: window.scrollY, view: window.innerHeight, height: document.documentElement.scrollHeight })));
      if (at.y + at.view >= at.height - 1 || at.y + at.view >= options.maxPageHeight) break;
    }
  } catch (error) {
    // The page navigated away mid-scroll (its script did): the new document is recorded as it is.
    if (error instanceof CaptureFailedError) throw error;
  }
  return steps;
}

/** Back to the top, the network quiet again, two frames painted: the state the screenshot records. */
export async function settleAtTop(page: Page, traffic: PageTraffic, deadline: Deadline, options: CaptureOptions): Promise<void> {
  await deadline.run(page.evaluate(() => window.scrollTo(0, 0)));
  await waitForNetworkIdle(traffic, deadline, options.networkIdleMs, IDLE_MAX_MS);
  await deadline.upTo(
    page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))),
    1_000,
  );
}

/** The page as the QA judges it, measured at the top (overlays are what covers the first screen). */
export function measureSignals(page: Page, deadline: Deadline): Promise<PageSignals> {
  return deadline.run(
    page.evaluate(
      ({ textSample, minCoverage, maxElements }) => {
        const text = document.body?.innerText ?? "";
        // Addresses only (a data: URL could be megabytes), and not thousands of them.
        const sources = [...document.querySelectorAll<HTMLScriptElement | HTMLIFrameElement>("script[src], iframe[src], frame[src]")].slice(0, 500).map((element) => element.src.slice(0, 300));
        const viewportArea = window.innerWidth * window.innerHeight;
        const overlays: { coverage: number; text: string }[] = [];
        let seen = 0;
        for (const element of document.querySelectorAll<HTMLElement>("body *")) {
          if (++seen > maxElements) break;
          const style = getComputedStyle(element);
          if (style.position !== "fixed" && style.position !== "sticky") continue;
          if (style.display === "none" || style.visibility === "hidden" || Number(style.opacity) === 0) continue;
          const box = element.getBoundingClientRect();
          const width = Math.max(0, Math.min(box.right, window.innerWidth) - Math.max(box.left, 0));
          const height = Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
          const coverage = viewportArea === 0 ? 0 : (width * height) / viewportArea;
          if (coverage >= minCoverage) overlays.push({ coverage, text: element.innerText.slice(0, 500) });
          if (overlays.length >= 20) break;
        }
        return {
          title: document.title,
          text: text.slice(0, textSample),
          textLength: text.length,
          pageHeight: Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0),
          sources,
          overlays,
        };
      },
      { textSample: PAGE_TEXT_SAMPLE, minCoverage: OVERLAY_MIN_COVERAGE, maxElements: OVERLAY_MAX_ELEMENTS },
    ),
  );
}
