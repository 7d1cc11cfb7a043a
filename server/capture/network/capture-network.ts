import tls, { type SecureContext } from "node:tls";
import type { BlockedRequestReason, CaptureOrigin, CaptureProvenance } from "../../../src/schema/capture.js";
import { RequestRefusedError, type CaptureNetwork, type CaptureNetworkSettings, type FetchedResponse, type OutgoingRequest } from "../capture-engine.types.js";
import { redactUrl, type RequestTarget } from "./address-policy.js";
import { decodeBody } from "./content-decoding.js";
import { ConnectError, sendPinnedRequest, type PinnedResponse } from "./pinned-request.js";
import { createSystemResolver, resolveEachNameOnce, type Resolver } from "./resolver.js";
import { createTargetAdmission } from "./target-admission.js";
import { openWarcWriter } from "./warc-writer.js";

/**
 * One capture's network (CaptureNetwork in capture-engine.types.ts): the policy, our own DNS, a
 * connection pinned to the checked address, the bounds, the provenance of every origin, and the
 * WARC. Redirects are not followed here: the browser follows them and asks again.
 */

/** Headers that describe one connection, not the request, and that we set ourselves. */
const NOT_FORWARDED = new Set(["host", "connection", "keep-alive", "proxy-connection", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "accept-encoding", "content-length"]);
/** What we can decode for the browser: Node 20 has no zstd, so the browser's own list is not forwarded. */
const ACCEPT_ENCODING = "gzip, deflate, br";

const secureContexts = new Map<string, SecureContext>();
/** Node's bundled roots plus the operator's extra CAs; built once per set (it parses ~150 certificates). */
export function trustedContext(extraCaCertificates: readonly string[]): SecureContext {
  const key = extraCaCertificates.join("\n");
  let context = secureContexts.get(key);
  if (!context) {
    context = tls.createSecureContext({ ca: [...tls.rootCertificates, ...extraCaCertificates] });
    secureContexts.set(key, context);
  }
  return context;
}

function requestHeaders(target: RequestTarget, request: OutgoingRequest): [string, string][] {
  const forwarded = Object.entries(request.headers).filter(([name]) => !NOT_FORWARDED.has(name.toLowerCase()));
  const body: [string, string][] = request.body ? [["Content-Length", String(request.body.length)]] : [];
  // One connection per request: no pool outlives the check that admitted its address.
  return [["Host", target.url.host], ...forwarded, ["Accept-Encoding", ACCEPT_ENCODING], ...body, ["Connection", "close"]];
}

function headerValue(rawHeaders: [string, string][], name: string): string | undefined {
  return rawHeaders.find(([key]) => key.toLowerCase() === name)?.[1];
}

function connectionDetail(target: RequestTarget, address: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return `连接 ${address.includes(":") ? `[${address}]` : address}:${target.port}（${target.url.host}）失败：${code}`;
}

export function createCaptureNetwork(settings: CaptureNetworkSettings, captureId: number, deps: { resolve?: Resolver } = {}): CaptureNetwork {
  const resolve = deps.resolve ?? createSystemResolver();
  const secureContext = trustedContext(settings.extraCaCertificates);
  const writer = openWarcWriter(settings.workDir, captureId);
  // Nobody may await the writer before the first fetch; its failure reaches them then.
  writer.catch(() => undefined);

  const origins = new Map<string, CaptureOrigin>();
  const redirects: CaptureProvenance["redirects"] = [];
  const blocked: CaptureProvenance["blocked"] = [];
  const localAddresses = new Set<string>();
  const totals = { requests: 0, failed: 0, bytes: 0 };

  const noteBlocked = (url: string, reason: BlockedRequestReason, detail: string) => void blocked.push({ url: redactUrl(url), reason, detail });

  /** One answer per name for the whole capture: every request to a host goes where the first check said. */
  const resolveOnce = resolveEachNameOnce(resolve);
  const admitTarget = createTargetAdmission(settings.allowedHosts, resolveOnce);

  const originOf = (target: RequestTarget, dns: CaptureOrigin["dns"]): CaptureOrigin => {
    const key = target.url.origin;
    let origin = origins.get(key);
    if (!origin) {
      origin = { origin: key, addresses: [], dns, tls: null };
      origins.set(key, origin);
    }
    return origin;
  };

  /** The capture's bounds: refused before any lookup or connection. */
  const checkBounds = (): void => {
    if (totals.requests > settings.maxRequests) throw new RequestRefusedError("tooManyRequests", `本次取证已发起 ${settings.maxRequests} 个请求，达到上限`);
    if (totals.bytes >= settings.maxBytes) throw new RequestRefusedError("tooLarge", `本次取证已接收 ${settings.maxBytes} 字节，达到上限`);
  };

  const exchange = async (request: OutgoingRequest, signal: AbortSignal): Promise<FetchedResponse> => {
    checkBounds();
    const { target, resolution } = await admitTarget(request.url, signal);
    const origin = originOf(target, resolution.dns);
    const headers = requestHeaders(target, request);
    const sentAt = new Date();
    const send = (address: string) =>
      sendPinnedRequest({
        target,
        address,
        method: request.method,
        headers,
        body: request.body,
        secureContext,
        signal,
        onTls: (record) => {
          origin.tls ??= record;
        },
        onBodyBytes: (bytes) => {
          totals.bytes += bytes;
          if (totals.bytes > settings.maxBytes) throw new RequestRefusedError("tooLarge", `本次取证接收的内容超过 ${settings.maxBytes} 字节`);
        },
      });

    // Every address passed the policy, so any may serve: the next is tried while nothing was sent
    // (an AAAA answer on a host without IPv6 must not fail the capture).
    let response: PinnedResponse | null = null;
    let address = "";
    const failures: string[] = [];
    for (address of resolution.addresses) {
      try {
        response = await send(address);
        break;
      } catch (error) {
        if (error instanceof RequestRefusedError || signal.aborted) throw error;
        if (!(error instanceof ConnectError)) throw new RequestRefusedError("connectionFailed", connectionDetail(target, address, error));
        failures.push(connectionDetail(target, address, error));
      }
    }
    if (!response) throw new RequestRefusedError("connectionFailed", failures.join("；"));
    if (!origin.addresses.includes(address)) origin.addresses.push(address);
    if (response.localAddress) localAddresses.add(response.localAddress);

    const location = headerValue(response.rawHeaders, "location");
    if (response.status >= 300 && response.status < 400 && location !== undefined) {
      let to = location;
      try {
        to = new URL(location, target.url).href;
      } catch {
        // A Location the browser cannot follow either; recorded as the site sent it.
      }
      redirects.push({ from: target.url.href, to, status: response.status });
    }

    const body = decodeBody(response.body, headerValue(response.rawHeaders, "content-encoding"), settings.maxBytes);
    await (
      await writer
    ).writeExchange({
      url: target.url.href,
      date: sentAt,
      ipAddress: address,
      request: { method: request.method, target: `${target.url.pathname}${target.url.search}`, headers, body: request.body },
      response: { httpVersion: response.httpVersion, status: response.status, statusText: response.statusText, rawHeaders: response.rawHeaders, body: response.body },
    });
    return { status: response.status, statusText: response.statusText, rawHeaders: response.rawHeaders, body, remoteAddress: address };
  };

  return {
    fetch: async (request, signal) => {
      totals.requests += 1;
      const timeout = AbortSignal.timeout(settings.requestTimeoutMs);
      try {
        return await exchange(request, AbortSignal.any([signal, timeout]));
      } catch (error) {
        totals.failed += 1;
        // The capture itself was stopped: not a refusal of this request, so not on the blocked list.
        if (signal.aborted) throw new RequestRefusedError("timeout", "取证已结束，请求被中止");
        const refusal =
          error instanceof RequestRefusedError
            ? error
            : timeout.aborted
              ? new RequestRefusedError("timeout", `请求在 ${Number((settings.requestTimeoutMs / 1000).toFixed(1))} 秒内未完成`)
              : new RequestRefusedError("connectionFailed", (error as Error).message);
        noteBlocked(request.url, refusal.reason, refusal.detail);
        throw refusal;
      }
    },
    noteBlocked,
    origins: () => [...origins.values()].map((origin) => structuredClone(origin)),
    redirects: () => [...redirects],
    blocked: () => [...blocked],
    totals: () => ({ ...totals }),
    localAddresses: () => [...localAddresses],
    addResource: async (uri, contentType, body) => (await writer).writeResource(uri, contentType, body),
    finish: async () => {
      const opened = await writer;
      await opened.close();
      return { warcPath: opened.path };
    },
    discard: async () => {
      const opened = await writer.catch(() => null);
      await opened?.discard();
    },
  };
}
