import type { BrowserContext, Frame, Page, Request, Route } from "playwright-core";
import type { BlockedRequestReason, CaptureFailureCode } from "../../../src/schema/capture.js";
import { CaptureFailedError, RequestRefusedError, type CaptureNetwork, type FetchedResponse, type OutgoingRequest } from "../capture-engine.types.js";

/**
 * The browser reaches nothing by itself: every request of the capture's context is answered here
 * through the capture network (which checks the address, records the exchange into the WARC and
 * enforces the bounds), websockets are refused, popups closed, downloads cancelled, dialogs
 * dismissed, each refusal noted in the provenance.
 *
 * Redirects: Chromium follows a redirect we fulfil without asking the route again (the next hop
 * would go to the black-hole proxy), so every chain is followed here, hop by hop through the
 * network (each hop recorded). A subresource is then answered with the chain's last response. The
 * main document while the capture opens it is not: its request is aborted and the capture navigates
 * to the chain's end itself (`takeRedirect`), answered from the response already fetched, so the
 * page's URL, and every relative link in it, is the final one. (Playwright's private
 * `_redirectNavigationRequest` would do this in place, but it leaves an unhandled rejection behind
 * when the redirected navigation fails, which would take the server down.)
 */

/** Chromium's own limit on a redirect chain. */
export const MAX_REDIRECTS = 20;
/** Popups, downloads and websockets noted one by one up to this many each; a storm is noted once more and then counted only. */
const MAX_NOTED_PER_KIND = 20;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Connection-level headers of the upstream exchange; the body handed to Chromium is already decoded and whole. */
const UNFORWARDED_HEADERS = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"]);

/** The failure a refused main document means for the capture. */
const MAIN_DOCUMENT_FAILURES: Record<BlockedRequestReason, CaptureFailureCode> = {
  addressRefused: "addressRefused",
  portRefused: "portRefused",
  schemeRefused: "connectionFailed",
  dnsFailed: "dnsFailed",
  tlsInvalid: "tlsInvalid",
  tooLarge: "tooLarge",
  tooManyRequests: "tooManyRequests",
  connectionFailed: "connectionFailed",
  timeout: "timeout",
  popup: "connectionFailed",
  download: "notHtml",
  websocket: "connectionFailed",
};
/** Refusals of any request that end the capture: its bounds. */
const CAPTURE_BOUNDS: ReadonlySet<BlockedRequestReason> = new Set(["tooLarge", "tooManyRequests"]);

export interface PageTraffic {
  /** Requests the page made (answered or refused) and how many failed (refused, broken, status >= 400). */
  readonly requests: number;
  readonly failed: number;
  /** The status of the main document last answered, null before one was. */
  readonly mainStatus: number | null;
  /** What ends the capture, decided by the traffic: a refused main document, too many redirects, a bound. */
  readonly failure: CaptureFailedError | null;
  inFlight(): number;
  /** When a request last started or finished (ms epoch). */
  readonly lastActivity: number;
  /** While the capture opens the page, a redirected main document is left for it to navigate to. */
  setOpening(opening: boolean): void;
  /** Where the main document's redirect chain ended, once, after its navigation was aborted for it. */
  takeRedirect(): string | null;
  /**
   * From now on every request is refused at once, and those still waiting are given up (the capture
   * is recording or closing: a request that hangs must not hold the print or the screenshot).
   */
  stop(): void;
}

export interface InterceptionInput {
  context: BrowserContext;
  network: CaptureNetwork;
  /** Aborts every fetch in flight when the capture ends. */
  signal: AbortSignal;
  /** The capture's page (null until made): only its requests are answered, a popup's are refused. */
  capturePage(): Page | null;
  /** Called when the traffic decides the capture's failure, so waits end at once. */
  onFailure(error: CaptureFailedError): void;
}

export async function interceptTraffic(input: InterceptionInput): Promise<PageTraffic> {
  const { context, network, capturePage, onFailure } = input;
  const givenUp = new AbortController();
  const signal = AbortSignal.any([input.signal, givenUp.signal]);
  const state = {
    requests: 0,
    failed: 0,
    mainStatus: null as number | null,
    failure: null as CaptureFailedError | null,
    inFlight: 0,
    lastActivity: Date.now(),
    stopped: false,
    opening: false,
    redirect: null as string | null,
    prefetched: new Map<string, FetchedResponse>(),
  };
  const fail = (code: CaptureFailureCode, detail: string) => {
    if (state.failure) return;
    state.failure = new CaptureFailedError(code, detail);
    onFailure(state.failure);
  };
  const noted = new Map<BlockedRequestReason, number>();
  const note = (url: string, reason: BlockedRequestReason, detail: string) => {
    const count = (noted.get(reason) ?? 0) + 1;
    noted.set(reason, count);
    if (count <= MAX_NOTED_PER_KIND) network.noteBlocked(url, reason, detail);
    else if (count === MAX_NOTED_PER_KIND + 1) network.noteBlocked(url, reason, `${detail}；此后的同类事件不再逐条记录`);
  };

  const answer = async (route: Route) => {
    const request = route.request();
    const frame = frameOf(request);
    const page = capturePage();
    if (state.stopped || !page || frame?.page() !== page) return route.abort("aborted").catch(() => undefined);
    const isMainDocument = request.isNavigationRequest() && frame === page.mainFrame();
    // The document the capture is opening decides its fate; a later navigation of the page does not.
    const isOpening = isMainDocument && state.opening;
    state.requests += 1;
    state.inFlight += 1;
    state.lastActivity = Date.now();
    try {
      const outgoing = await outgoingOf(request);
      const prefetched = isOpening ? state.prefetched.get(outgoing.url) : undefined;
      state.prefetched.delete(outgoing.url);
      const chain = prefetched ? { response: prefetched, url: outgoing.url } : await fetchFollowing(network, outgoing, signal);
      if (chain === TOO_MANY_REDIRECTS) {
        if (isOpening) fail("tooManyRedirects", `超过 ${MAX_REDIRECTS} 次`);
        state.failed += 1;
        return await route.abort("failed");
      }
      const { response } = chain;
      if (isMainDocument && !isHtml(response)) {
        // Opening a file is not a web page; a loaded page navigating to one (a download link) keeps its document.
        if (isOpening) fail("notHtml", contentTypeOf(response) ?? "");
        else note(outgoing.url, "download", contentTypeOf(response) ?? "");
        return await route.abort("aborted");
      }
      if (isOpening && chain.url !== outgoing.url) {
        state.prefetched.set(chain.url, response);
        state.redirect = chain.url;
        return await route.abort("aborted");
      }
      if (isMainDocument) state.mainStatus = response.status;
      if (response.status >= 400) state.failed += 1;
      await route.fulfill({ status: response.status, headers: browserHeaders(response.rawHeaders), body: response.body });
    } catch (error) {
      state.failed += 1;
      if (error instanceof RequestRefusedError && (isOpening || CAPTURE_BOUNDS.has(error.reason))) fail(MAIN_DOCUMENT_FAILURES[error.reason], error.detail);
      // The page may be gone already (closed, crashed): there is nothing left to answer.
      await route.abort(error instanceof RequestRefusedError ? "blockedbyclient" : "failed").catch(() => undefined);
    } finally {
      state.inFlight -= 1;
      state.lastActivity = Date.now();
    }
  };

  await context.route("**/*", answer);
  await context.routeWebSocket(/.*/, (socket) => {
    note(socket.url(), "websocket", "取证期间不建立 WebSocket 连接");
    void socket.close({ code: 1008, reason: "blocked" }).catch(() => undefined);
  });
  context.on("download", (download) => {
    note(download.url(), "download", download.suggestedFilename());
    void download.cancel().catch(() => undefined);
  });
  context.on("dialog", (dialog) => void dialog.dismiss().catch(() => undefined));

  return {
    get requests() {
      return state.requests;
    },
    get failed() {
      return state.failed;
    },
    get mainStatus() {
      return state.mainStatus;
    },
    get failure() {
      return state.failure;
    },
    get lastActivity() {
      return state.lastActivity;
    },
    inFlight: () => state.inFlight,
    setOpening: (opening) => {
      state.opening = opening;
    },
    takeRedirect: () => {
      const url = state.redirect;
      state.redirect = null;
      return url;
    },
    stop: () => {
      state.stopped = true;
      givenUp.abort();
    },
  };
}

/**
 * Closes every page opened after this call (window.open, target=_blank) and notes it; called once
 * the capture's own page exists, so every later page is a popup.
 */
export function closePopups(context: BrowserContext, network: CaptureNetwork): void {
  let count = 0;
  context.on("page", (popup) => {
    count += 1;
    if (count <= MAX_NOTED_PER_KIND) network.noteBlocked(popup.url(), "popup", "弹出窗口已关闭");
    else if (count === MAX_NOTED_PER_KIND + 1) network.noteBlocked(popup.url(), "popup", "弹出窗口已关闭；此后的弹出窗口不再逐条记录");
    void popup.close().catch(() => undefined);
  });
}

async function outgoingOf(request: Request): Promise<OutgoingRequest> {
  const headers = await request.allHeaders();
  delete headers.host;
  return { url: request.url(), method: request.method(), headers, body: request.postDataBuffer(), isNavigation: request.isNavigationRequest() };
}

function frameOf(request: Request): Frame | null {
  try {
    return request.frame();
  } catch {
    return null; // a service worker's request has no frame (and service workers are blocked anyway)
  }
}

function headerOf(response: FetchedResponse, name: string): string | undefined {
  return response.rawHeaders.find(([key]) => key.toLowerCase() === name)?.[1];
}

function contentTypeOf(response: FetchedResponse): string | undefined {
  return headerOf(response, "content-type");
}

function redirectTarget(response: FetchedResponse, base: string): string | null {
  if (!REDIRECT_STATUSES.has(response.status)) return null;
  const location = headerOf(response, "location");
  if (!location) return null;
  try {
    return new URL(location, base).href;
  } catch {
    return null;
  }
}

const TOO_MANY_REDIRECTS = Symbol("too many redirects");

/** A request and its redirect chain, each hop fetched (and recorded) through the network: the last response and its URL. */
async function fetchFollowing(network: CaptureNetwork, first: OutgoingRequest, signal: AbortSignal): Promise<{ response: FetchedResponse; url: string } | typeof TOO_MANY_REDIRECTS> {
  let request = first;
  let response = await network.fetch(request, signal);
  for (let hops = 1; ; hops += 1) {
    const next = redirectTarget(response, request.url);
    if (!next) return { response, url: request.url };
    if (hops > MAX_REDIRECTS) return TOO_MANY_REDIRECTS;
    // Fetch's rule: 303, and 301/302 after a POST, continue as GET without a body.
    const asGet = response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === "POST");
    request = { ...request, url: next, method: asGet ? "GET" : request.method, body: asGet ? null : request.body };
    response = await network.fetch(request, signal);
  }
}

function isHtml(response: FetchedResponse): boolean {
  const type = contentTypeOf(response);
  if (type) return /\b(text\/html|application\/xhtml\+xml)\b/i.test(type);
  // No Content-Type: Chromium sniffs; a document that starts with markup is what it would render.
  return /^\s*</.test(response.body.subarray(0, 512).toString("latin1"));
}

/** Header pairs as Chromium takes them: one value per name (Set-Cookie lines joined by newlines, as Playwright expects). */
function browserHeaders(rawHeaders: [string, string][]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of rawHeaders) {
    const key = name.toLowerCase();
    if (UNFORWARDED_HEADERS.has(key)) continue;
    headers[key] = key in headers ? `${headers[key]}${key === "set-cookie" ? "\n" : ", "}${value}` : value;
  }
  return headers;
}
