import type { BrowserContext, Frame, Request, Route } from "playwright-core";
import type { BlockedRequestReason, CaptureFailureCode } from "../../../src/schema/capture.js";
import { CaptureFailedError, RequestRefusedError, type CaptureNetwork, type FetchedResponse, type OutgoingRequest } from "../capture-engine.types.js";

/**
 * The browser reaches nothing by itself: every request of the capture's context is answered here
 * through the capture network (which checks the address, records the exchange into the WARC and
 * enforces the bounds), websockets are refused, popups closed, downloads cancelled, dialogs
 * dismissed, each refusal noted in the provenance.
 *
 * Redirects: Chromium follows a redirect we fulfil without asking the route again (the next hop
 * would go to the black-hole proxy). A navigation's redirect is therefore handed back to Playwright
 * as a new navigation of the same frame (`_redirectNavigationRequest`, the private call its own HAR
 * replay uses; page.goto waits for it), so the page's URL is the final one; a subresource's
 * redirects are followed here, hop by hop through the network, and the last answer fulfils it.
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

interface RedirectingRoute {
  _redirectNavigationRequest(url: string): Promise<void>;
}

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
  /** From now on every request is refused at once (the capture is recording or closing). */
  stop(): void;
}

export interface InterceptionInput {
  context: BrowserContext;
  network: CaptureNetwork;
  /** Aborts every fetch in flight when the capture ends. */
  signal: AbortSignal;
  isMainFrame(frame: Frame): boolean;
  /** Called when the traffic decides the capture's failure, so waits end at once. */
  onFailure(error: CaptureFailedError): void;
}

export async function interceptTraffic(input: InterceptionInput): Promise<PageTraffic> {
  const { context, network, signal, isMainFrame, onFailure } = input;
  const state = {
    requests: 0,
    failed: 0,
    mainStatus: null as number | null,
    failure: null as CaptureFailedError | null,
    inFlight: 0,
    lastActivity: Date.now(),
    stopped: false,
    mainRedirects: 0,
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
    if (state.stopped) return route.abort("aborted").catch(() => undefined);
    const isMainDocument = request.isNavigationRequest() && frameIs(request, isMainFrame);
    state.requests += 1;
    state.inFlight += 1;
    state.lastActivity = Date.now();
    try {
      const outgoing = await outgoingOf(request);
      let response = await network.fetch(outgoing, signal);
      const location = redirectTarget(response, outgoing.url);
      if (location && request.isNavigationRequest()) {
        if (isMainDocument && ++state.mainRedirects > MAX_REDIRECTS) {
          fail("tooManyRedirects", `超过 ${MAX_REDIRECTS} 次`);
          return await route.abort("aborted");
        }
        return await (route as unknown as RedirectingRoute)._redirectNavigationRequest(location);
      }
      if (location) response = await followRedirects(network, outgoing, response, location, signal);
      if (isMainDocument) {
        state.mainRedirects = 0;
        state.mainStatus = response.status;
        if (!isHtml(response)) {
          fail("notHtml", contentTypeOf(response) ?? "");
          return await route.abort("aborted");
        }
      }
      if (response.status >= 400) state.failed += 1;
      await route.fulfill({ status: response.status, headers: browserHeaders(response.rawHeaders), body: response.body });
    } catch (error) {
      state.failed += 1;
      if (error instanceof RequestRefusedError) {
        if (isMainDocument) fail(MAIN_DOCUMENT_FAILURES[error.reason], error.detail);
        else if (CAPTURE_BOUNDS.has(error.reason)) fail(MAIN_DOCUMENT_FAILURES[error.reason], error.detail);
      } else if (error instanceof CaptureFailedError) {
        fail(error.code, error.detail);
      }
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
    stop: () => {
      state.stopped = true;
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

function frameIs(request: Request, isMainFrame: (frame: Frame) => boolean): boolean {
  try {
    return isMainFrame(request.frame());
  } catch {
    return false; // a service worker's request has no frame (and service workers are blocked anyway)
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

/** A subresource's redirect chain, each hop fetched (and recorded) through the network. */
async function followRedirects(network: CaptureNetwork, first: OutgoingRequest, response: FetchedResponse, location: string, signal: AbortSignal): Promise<FetchedResponse> {
  let request = first;
  let next: string | null = location;
  for (let hops = 1; next; hops += 1) {
    if (hops > MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
    // Fetch's rule: 303, and 301/302 after a POST, continue as GET without a body.
    const asGet = response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === "POST");
    request = { ...request, url: next, method: asGet ? "GET" : request.method, body: asGet ? null : request.body };
    response = await network.fetch(request, signal);
    next = redirectTarget(response, request.url);
  }
  return response;
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
