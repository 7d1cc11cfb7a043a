import { trustedContext } from "../../capture/network/capture-network.js";
import { decodeBody } from "../../capture/network/content-decoding.js";
import { ConnectError, sendPinnedRequest, type PinnedResponse } from "../../capture/network/pinned-request.js";
import { createSystemResolver, resolveEachNameOnce, type Resolver } from "../../capture/network/resolver.js";
import { createTargetAdmission } from "../../capture/network/target-admission.js";
import { RequestRefusedError } from "../../capture/capture-engine.types.js";

/**
 * The crawl's one way to fetch: the capture's network policy (CAPTURE_ALLOWED_HOSTS, the address
 * policy on every resolved address, the connection pinned to the checked address, TLS judged by
 * us), so monitoring reaches exactly what capture may reach. Unlike a capture nothing is recorded
 * (no WARC: a crawl only looks; a hit is captured as evidence afterwards). One request, one hop:
 * redirects are answered as they are, the crawler decides whether to follow them.
 */

/** Robots.txt groups are matched on this token (RFC 9309 §2.2.1); it also names us in the User-Agent. */
export const MONITOR_USER_AGENT_TOKEN = "HengzhengMonitor";
const USER_AGENT = `Mozilla/5.0 (compatible; ${MONITOR_USER_AGENT_TOKEN}/1.0)`;

export interface CrawlResponse {
  url: string;
  status: number;
  contentType: string | null;
  /** The Location header, absolute, on a 3xx. */
  location: string | null;
  /** Decoded from its Content-Encoding. */
  body: Buffer;
  /** Bytes received on the wire (before decoding): what the crawl's byte budget counts. */
  receivedBytes: number;
}

/** Throws RequestRefusedError (reason and Chinese detail) for anything refused or failed. */
export type CrawlFetcher = (url: string, options: { maxBytes: number; signal: AbortSignal }) => Promise<CrawlResponse>;

export interface CrawlFetcherSettings {
  allowedHosts: readonly string[];
  extraCaCertificates: readonly string[];
  requestTimeoutMs: number;
  resolve?: Resolver;
}

const ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";

/**
 * Make one per crawl: a name is resolved once and every request of the crawl goes to the address
 * that first check admitted (as in a capture), so a site cannot rebind its name mid-crawl.
 */
export function createCrawlFetcher(settings: CrawlFetcherSettings): CrawlFetcher {
  const resolveOnce = resolveEachNameOnce(settings.resolve ?? createSystemResolver());
  const admit = createTargetAdmission(settings.allowedHosts, resolveOnce);
  const secureContext = trustedContext(settings.extraCaCertificates);

  return async (url, { maxBytes, signal: outer }) => {
    const timeout = AbortSignal.timeout(settings.requestTimeoutMs);
    const signal = AbortSignal.any([outer, timeout]);
    let receivedBytes = 0;
    try {
      const { target, resolution } = await admit(url, signal);
      let response: PinnedResponse | null = null;
      const failures: string[] = [];
      for (const address of resolution.addresses) {
        try {
          response = await sendPinnedRequest({
            target,
            address,
            method: "GET",
            headers: [
              ["Host", target.url.host],
              ["User-Agent", USER_AGENT],
              ["Accept", ACCEPT],
              ["Accept-Language", "zh-CN,zh;q=0.9"],
              ["Accept-Encoding", "gzip, deflate, br"],
              ["Connection", "close"],
            ],
            body: null,
            secureContext,
            signal,
            onTls: () => undefined,
            onBodyBytes: (bytes) => {
              receivedBytes += bytes;
              if (receivedBytes > maxBytes) throw new RequestRefusedError("tooLarge", `内容超过 ${maxBytes} 字节`);
            },
          });
          break;
        } catch (error) {
          // Another address of the host may be tried only while nothing was sent.
          if (!(error instanceof ConnectError) || signal.aborted) throw error;
          failures.push(`${address}：${error.code}`);
        }
      }
      if (!response) throw new RequestRefusedError("connectionFailed", `无法连接 ${target.url.host}（${failures.join("；")}）`);
      const header = (name: string) => response.rawHeaders.find(([key]) => key.toLowerCase() === name)?.[1] ?? null;
      const location = header("location");
      return {
        url: target.url.href,
        status: response.status,
        contentType: header("content-type"),
        location: location === null ? null : absoluteOrNull(location, target.url.href),
        body: decodeBody(response.body, header("content-encoding") ?? undefined, maxBytes),
        receivedBytes,
      };
    } catch (error) {
      if (error instanceof RequestRefusedError) throw error;
      if (outer.aborted) throw new RequestRefusedError("timeout", "抓取已停止，请求被中止");
      if (timeout.aborted) throw new RequestRefusedError("timeout", `请求在 ${Number((settings.requestTimeoutMs / 1000).toFixed(1))} 秒内未完成`);
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new RequestRefusedError("connectionFailed", `请求失败：${code}`);
    }
  };
}

function absoluteOrNull(location: string, base: string): string | null {
  try {
    return new URL(location, base).href;
  } catch {
    return null;
  }
}
