import fs from "node:fs";
import path from "node:path";
import type { BrowserPool } from "../../capture/browser/browser-pool.js";
import type { AppConfig } from "../../config.js";
import { createBrowserRenderer } from "../../monitoring/crawl/browser-renderer.js";
import { createCrawlFetcher } from "../../monitoring/crawl/crawl-fetcher.js";
import { crawlSite } from "../../monitoring/crawl/crawl-site.js";
import { extractPageFacts } from "../../monitoring/crawl/page-facts.js";
import * as matchers from "../../monitoring/matchers/index.js";
import type { MonitorLibraries } from "./monitor-ports.js";

/** One request of a crawl, at most (the crawl's own bounds limit the whole). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Requests one rendered page may make (its scripts, styles, pictures). */
const RENDER_MAX_REQUESTS = 200;

/**
 * The matching and crawling libraries bound to this platform: crawls fetch under the capture's
 * network policy (CAPTURE_ALLOWED_HOSTS, the address policy, its extra roots) with a fetcher of
 * their own per crawl (names resolved once per crawl), and pages that need JavaScript are
 * rendered in the capture's Chromium under the same policy.
 */
export function platformMonitorLibraries(config: AppConfig, pool: BrowserPool): MonitorLibraries {
  const extraCaCertificates = config.capture.extraCaFile ? [fs.readFileSync(config.capture.extraCaFile, "utf8")] : [];
  const renderer = createBrowserRenderer(pool, {
    network: {
      allowedHosts: config.capture.allowedHosts,
      extraCaCertificates,
      workDir: path.join(config.dataDir, "monitor-render"),
      // A rendering's bytes count in the crawl's budget too (the crawler adds them up).
      maxBytes: config.monitor.maxBytes,
      maxRequests: RENDER_MAX_REQUESTS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
    },
    timeoutMs: config.capture.timeoutMs,
  });
  return {
    matchers,
    crawler: {
      crawlSite: (bounds, request) =>
        crawlSite(bounds, { ...request, renderer, fetcher: createCrawlFetcher({ allowedHosts: config.capture.allowedHosts, extraCaCertificates, requestTimeoutMs: REQUEST_TIMEOUT_MS }) }),
      extractPageFacts,
    },
  };
}
