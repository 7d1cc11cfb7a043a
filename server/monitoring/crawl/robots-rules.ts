import robotsParser from "robots-parser";
import { RequestRefusedError } from "../../capture/capture-engine.types.js";
import { MONITOR_USER_AGENT_TOKEN, type CrawlFetcher } from "./crawl-fetcher.js";

/**
 * robots.txt of one origin, as RFC 9309 reads it: fetched once per crawl, matched on our token.
 * An answer in 4xx means "no rules" (§2.3.1.3); 5xx or no answer at all means "disallow all" for
 * this crawl (§2.3.1.4), and the reason is kept for the summary. Up to five redirects are followed
 * (§2.3.1.2), each through the same fetcher and policy.
 */

export interface RobotsRules {
  isAllowed(url: string): boolean;
  /** Crawl-delay for our token (or *), in ms; 0 when none. */
  crawlDelayMs: number;
  /** Why everything is disallowed (robots.txt unreachable), in Chinese; null otherwise. */
  unavailable: string | null;
}

const MAX_REDIRECTS = 5;
/**
 * Refusals of the origin itself rather than of its robots.txt (the policy refuses the address, the
 * name does not resolve, the certificate is not trusted): nothing of the origin can be fetched,
 * which the caller reports in those words rather than as an unreadable robots.txt.
 */
const ORIGIN_REFUSALS = new Set(["addressRefused", "portRefused", "schemeRefused", "dnsFailed", "tlsInvalid"]);
/** RFC 9309 §2.5: a parser must read at least 500 KiB; more is not read. */
export const ROBOTS_MAX_BYTES = 512 * 1024;

export const ALLOW_ALL: RobotsRules = { isAllowed: () => true, crawlDelayMs: 0, unavailable: null };

const disallowAll = (reason: string): RobotsRules => ({ isAllowed: () => false, crawlDelayMs: 0, unavailable: reason });

/**
 * Fetches and parses `origin`/robots.txt; `onBytes` is told the bytes received (the crawl's budget).
 * Throws the fetcher's RequestRefusedError when the policy refuses the origin itself.
 */
export async function loadRobotsRules(origin: string, fetcher: CrawlFetcher, signal: AbortSignal, onBytes: (bytes: number) => void): Promise<RobotsRules> {
  let url = `${origin}/robots.txt`;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    let response;
    try {
      response = await fetcher(url, { maxBytes: ROBOTS_MAX_BYTES, signal });
    } catch (error) {
      if (signal.aborted || (hop === 0 && error instanceof RequestRefusedError && ORIGIN_REFUSALS.has(error.reason))) throw error;
      const detail = error instanceof RequestRefusedError ? error.detail : String(error);
      return disallowAll(`${origin} 的 robots.txt 无法读取（${detail}），按 RFC 9309 视为禁止抓取`);
    }
    onBytes(response.receivedBytes);
    if (response.status >= 300 && response.status < 400 && response.location) {
      url = response.location;
      continue;
    }
    if (response.status >= 500) return disallowAll(`${origin} 的 robots.txt 暂时无法读取（HTTP ${response.status}），按 RFC 9309 视为禁止抓取`);
    if (response.status >= 400) return ALLOW_ALL;
    if (response.status < 200 || response.status >= 300) return disallowAll(`${origin} 的 robots.txt 答复异常（HTTP ${response.status}），按 RFC 9309 视为禁止抓取`);
    // Parsed as the origin's own file even when it came through a redirect: its rules are about this origin.
    const robots = robotsParser(`${origin}/robots.txt`, response.body.toString("utf8"));
    const delaySeconds = robots.getCrawlDelay(MONITOR_USER_AGENT_TOKEN) ?? 0;
    return {
      // robots-parser answers undefined for another origin's URL: those are not this file's to judge.
      isAllowed: (target) => robots.isAllowed(target, MONITOR_USER_AGENT_TOKEN) !== false,
      crawlDelayMs: Number.isFinite(delaySeconds) && delaySeconds > 0 ? delaySeconds * 1000 : 0,
      unavailable: null,
    };
  }
  return disallowAll(`${origin} 的 robots.txt 重定向超过 ${MAX_REDIRECTS} 次，按 RFC 9309 视为禁止抓取`);
}
