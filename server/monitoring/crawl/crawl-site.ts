import { createHash } from "node:crypto";
import { redactUrl } from "../../capture/network/address-policy.js";
import { RequestRefusedError } from "../../capture/capture-engine.types.js";
import type { CrawledPage, CrawlSummary, PageFacts, SiteBounds } from "../monitoring.types.js";
import type { PageRenderer } from "./browser-renderer.js";
import type { CrawlFetcher, CrawlResponse } from "./crawl-fetcher.js";
import { createHostTurns, holdHost } from "./host-politeness.js";
import { extractPageFacts, resolveUrl, type ExtractedPageFacts } from "./page-facts.js";
import { ALLOW_ALL, loadRobotsRules, type RobotsRules } from "./robots-rules.js";

/**
 * One site crawled breadth-first from its start address, politely and within bounds: same host
 * only, depth, pages and bytes; robots.txt honoured unless the operator lifted it for the host;
 * one request at a time with a pause between; redirects followed (bounded) within the site;
 * non-HTML skipped by Content-Type. Each HTML page is handed to `onPage` (the module matches there)
 * before the crawl goes on, so a crawl never holds more than one page's text. An error thrown by
 * `onPage` is the module's and ends the crawl with it.
 */

export interface CrawlOptions {
  fetcher: CrawlFetcher;
  /** Hosts (`host` or `host:port`) whose robots.txt the operator chose not to apply (MONITOR_IGNORE_ROBOTS_HOSTS). */
  ignoreRobotsHosts: readonly string[];
  /** Pause between two requests to one host, in ms; a longer Crawl-delay of the site wins. */
  delayMs: number;
  signal: AbortSignal;
  /** Renders pages that need JavaScript (createBrowserRenderer); without it they are read as served. */
  renderer?: PageRenderer | null;
  /** One page's body at most, within the crawl's maxBytes. */
  maxPageBytes?: number;
  onPage(page: CrawledPage): Promise<void>;
}

const DEFAULT_MAX_PAGE_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;
/** This many failures in a row (nothing fetched between them) means the site is down or refusing us. */
const MAX_CONSECUTIVE_FAILURES = 10;
const MAX_FAILURES_KEPT = 20;
/** Addresses waiting at most: a site of endless generated links must not fill memory. */
const MAX_QUEUED = 10_000;
/**
 * A page "needs JavaScript" when its visible text is shorter than this while it carries scripts:
 * an application shell (a root <div> and a bundle) rather than an article. Real articles have far
 * more text; a short page without scripts is simply short.
 */
const RENDER_TEXT_THRESHOLD = 200;
/**
 * Links whose path ends like a file that is never a page are not queued: their bodies would count
 * against the byte budget only to be skipped by Content-Type. (Pictures and media of a page are
 * read through fetchMedia when the module wants them.) Anything else is judged by its Content-Type.
 */
const NOT_A_PAGE = /\.(?:jpe?g|png|gif|webp|avif|bmp|svg|ico|tiff?|mp3|m4a|aac|ogg|oga|opus|flac|wav|mp4|m4v|webm|mkv|mov|avi|flv|pdf|zip|rar|7z|gz|tgz|bz2|xz|exe|dmg|apk|ipa|iso|docx?|xlsx?|pptx?|css|js|mjs|json|woff2?|ttf|otf)$/i;

export function needsRendering(facts: ExtractedPageFacts): boolean {
  return facts.scriptCount > 0 && facts.fullText.length < RENDER_TEXT_THRESHOLD;
}

/** SHA-256 of the main text and the media addresses: a page unchanged since the last crawl has the same digest. */
export function contentSha256(facts: PageFacts): string {
  return createHash("sha256").update(JSON.stringify([facts.mainText, facts.images, facts.audio, facts.video])).digest("hex");
}

type PageOutcome =
  | { kind: "page"; url: string; response: CrawlResponse }
  | { kind: "robots"; rules: RobotsRules }
  | { kind: "skipped" }
  | { kind: "failed"; reason: string };

export async function crawlSite(bounds: SiteBounds, options: CrawlOptions): Promise<CrawlSummary> {
  const summary: CrawlSummary = { pages: 0, bytes: 0, skippedByRobots: 0, failures: [], failure: null };
  const start = normaliseUrl(bounds.url);
  if (!start) return { ...summary, failure: "起始网址格式不正确：只能是 http 或 https 网址" };
  // "The same site" is the same host and port (WHATWG URL drops default ports, so http and https of a name stay one site).
  let siteHost = new URL(start).host;
  const releases: (() => void)[] = [];
  const { signal, fetcher } = options;
  const maxPageBytes = options.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES;

  const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
  const crawlDelayByHost = new Map<string, number>();
  const turns = createHostTurns((host) => Math.max(options.delayMs, crawlDelayByHost.get(host) ?? 0));
  const ignoresRobots = (url: URL) => options.ignoreRobotsHosts.some((entry) => entry.toLowerCase() === url.host || entry.toLowerCase() === url.hostname);
  const remaining = () => bounds.maxBytes - summary.bytes;
  const countBytes = (bytes: number) => void (summary.bytes += bytes);
  const noteFailure = (url: string, reason: string) => {
    if (summary.failures.length < MAX_FAILURES_KEPT) summary.failures.push({ url: redactUrl(url), reason });
  };

  /** One request in the host's turn, its bytes counted (a body cut off at the limit counts the limit). */
  const fetchInTurn = async (url: string, maxBytes: number): Promise<CrawlResponse> => {
    try {
      const response = await turns(new URL(url).host, signal, () => fetcher(url, { maxBytes, signal }));
      countBytes(response.receivedBytes);
      return response;
    } catch (error) {
      if (error instanceof RequestRefusedError && error.reason === "tooLarge") countBytes(maxBytes);
      throw error;
    }
  };

  const robotsFor = (address: string): Promise<RobotsRules> => {
    const url = new URL(address);
    if (ignoresRobots(url)) return Promise.resolve(ALLOW_ALL);
    let rules = robotsByOrigin.get(url.origin);
    if (!rules) {
      rules = turns(url.host, signal, () => loadRobotsRules(url.origin, fetcher, signal, countBytes)).then((loaded) => {
        crawlDelayByHost.set(url.host, loaded.crawlDelayMs);
        return loaded;
      });
      robotsByOrigin.set(url.origin, rules);
    }
    return rules;
  };

  const seen = new Set<string>([start]);

  /** A page and its redirects within the site, each hop checked against robots.txt and marked seen. */
  const fetchPage = async (address: string): Promise<PageOutcome> => {
    let url = address;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      let rules: RobotsRules;
      try {
        rules = await robotsFor(url);
      } catch (error) {
        if (signal.aborted) throw error;
        return { kind: "failed", reason: error instanceof RequestRefusedError ? error.detail : String(error) };
      }
      if (!rules.isAllowed(url)) return { kind: "robots", rules };
      if (remaining() <= 0) return { kind: "skipped" };
      let response: CrawlResponse;
      try {
        response = await fetchInTurn(url, Math.min(maxPageBytes, remaining()));
      } catch (error) {
        if (signal.aborted) throw error;
        return { kind: "failed", reason: error instanceof RequestRefusedError ? error.detail : String(error) };
      }
      if (response.status < 300 || response.status >= 400 || !response.location) return { kind: "page", url, response };
      const next = normaliseUrl(response.location);
      if (next && address === start && isWwwAlias(new URL(next).host, siteHost)) {
        // The start address moving to its www. twin (or back) is the same site under its usual name.
        siteHost = new URL(next).host;
        releases.push(await holdHost(siteHost, signal));
      }
      if (!next || new URL(next).host !== siteHost) return { kind: "failed", reason: `重定向到站外地址 ${next ? redactUrl(next) : response.location}，未跟随` };
      // A redirect into a page already queued or crawled: that page is crawled once, from there.
      if (seen.has(next) && next !== url) return { kind: "skipped" };
      seen.add(next);
      url = next;
    }
    return { kind: "failed", reason: `重定向超过 ${MAX_REDIRECTS} 次` };
  };

  /** A picture or media file of a page, through the same fetcher, turns and robots rules; null when refused, failed or too big. */
  const fetchMedia = async (address: string, maxBytes: number): Promise<Buffer | null> => {
    let next = normaliseUrl(address);
    for (let hop = 0; next && hop <= MAX_REDIRECTS; hop += 1) {
      const url = next;
      try {
        if (!(await robotsFor(url)).isAllowed(url)) {
          summary.skippedByRobots += 1;
          return null;
        }
        const limit = Math.min(maxBytes, remaining());
        if (limit <= 0) return null;
        const response = await fetchInTurn(url, limit);
        if (response.status >= 300 && response.status < 400 && response.location) {
          next = normaliseUrl(response.location);
          continue;
        }
        if (response.status >= 200 && response.status < 300) return response.body;
        noteFailure(url, `HTTP ${response.status}`);
        return null;
      } catch (error) {
        if (signal.aborted) throw error;
        noteFailure(url, error instanceof RequestRefusedError ? error.detail : String(error));
        return null;
      }
    }
    return null;
  };

  const render = async (url: string, facts: ExtractedPageFacts): Promise<ExtractedPageFacts> => {
    if (!options.renderer || !needsRendering(facts)) return facts;
    if (remaining() <= 0) return facts;
    try {
      // The rendering's requests go to this host too: it takes the host's turn as one request.
      const rendered = await turns(new URL(url).host, signal, () => options.renderer!(url, signal));
      countBytes(rendered.bytes);
      return extractPageFacts(rendered.html, url);
    } catch (error) {
      if (signal.aborted) throw error;
      noteFailure(url, (error as Error).message);
      return facts;
    }
  };

  try {
    releases.push(await holdHost(siteHost, signal));
    const queue: { url: string; depth: number }[] = [{ url: start, depth: 0 }];
    let consecutiveFailures = 0;
    while (queue.length > 0 && summary.pages < bounds.maxPages && remaining() > 0) {
      const { url, depth } = queue.shift()!;
      const isStart = url === start;
      const outcome = await fetchPage(url);
      if (outcome.kind === "skipped") continue;
      if (outcome.kind === "robots") {
        summary.skippedByRobots += 1;
        if (isStart) {
          summary.failure = outcome.rules.unavailable ?? `该网站的 robots.txt 不允许抓取起始网址 ${redactUrl(url)}，本次未抓取`;
          break;
        }
        continue;
      }
      const failure = outcome.kind === "failed" ? outcome.reason : outcome.response.status >= 400 || outcome.response.status < 200 ? `HTTP ${outcome.response.status}` : null;
      if (outcome.kind === "failed" || failure !== null) {
        noteFailure(url, failure!);
        consecutiveFailures += 1;
        if (isStart) {
          summary.failure = `起始网址无法抓取：${failure}`;
          break;
        }
        if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
          summary.failure = `连续 ${MAX_CONSECUTIVE_FAILURES} 个网址抓取失败，本次抓取提前结束（最后一次：${failure}）`;
          break;
        }
        continue;
      }
      consecutiveFailures = 0;
      const { response } = outcome;
      if (!isHtml(response)) {
        if (isStart) summary.failure = `起始网址不是网页（${response.contentType ?? "未知类型"}）`;
        if (isStart) break;
        continue;
      }
      const facts = await render(outcome.url, extractPageFacts(decodeHtml(response.body, response.contentType), outcome.url));
      summary.pages += 1;
      await options.onPage({ facts, contentSha256: contentSha256(facts), fetchMedia });
      if (depth >= bounds.depth) continue;
      for (const link of facts.links) {
        const next = normaliseUrl(link);
        if (!next || seen.has(next) || queue.length >= MAX_QUEUED) continue;
        const { host, pathname } = new URL(next);
        if (host !== siteHost || NOT_A_PAGE.test(pathname)) continue;
        seen.add(next);
        queue.push({ url: next, depth: depth + 1 });
      }
    }
  } catch (error) {
    if (!signal.aborted) throw error;
    summary.failure = "抓取已中止（任务已停止或服务正在关闭）";
  } finally {
    for (const release of releases) release();
  }
  return summary;
}

/** The address a page is known by: absolute http(s), no fragment, no credentials, default port dropped (WHATWG URL does). */
export function normaliseUrl(address: string): string | null {
  const resolved = resolveUrl(address, "http://invalid.invalid/");
  if (!resolved) return null;
  return new URL(resolved).hostname === "invalid.invalid" ? null : resolved;
}

/** `example.cn` and `www.example.cn` (same port): one site under two names. */
function isWwwAlias(a: string, b: string): boolean {
  return a !== b && a.replace(/^www\./i, "") === b.replace(/^www\./i, "");
}

function isHtml(response: CrawlResponse): boolean {
  if (response.contentType) return /\b(text\/html|application\/xhtml\+xml)\b/i.test(response.contentType);
  return /^\s*</.test(response.body.subarray(0, 512).toString("latin1"));
}

/** The page's text in its declared charset (Content-Type, else <meta charset> in the first 1024 bytes), UTF-8 otherwise; GBK sites are common here. */
function decodeHtml(body: Buffer, contentType: string | null): string {
  const declared = /charset=["']?([\w-]+)/i.exec(contentType ?? "")?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 1024).toString("latin1"))?.[1] ?? "utf-8";
  try {
    return new TextDecoder(declared).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
