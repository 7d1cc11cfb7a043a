import type { BrowserContext, CDPSession, Page } from "playwright-core";
import {
  CLOUD_BROWSER_MESSAGES,
  CLOUD_BROWSER_SCREENS,
  CLOUD_SESSION_LIFECYCLE,
  PASSWORD_INPUT_MARK,
  type CloudBrowserClientMessage,
  type CloudBrowserServerMessage,
  type CloudBrowserViewport,
  type CloudSessionState,
} from "../../../src/schema/cloud-browser.js";
import { parseCaptureUrl } from "../../../src/schema/capture.js";
import type { BrowserLease } from "../../capture/browser/browser-pool.js";
import { closePopups, interceptTraffic, type PageTraffic } from "../../capture/browser/page-interception.js";
import type { CaptureNetwork } from "../../capture/capture-engine.types.js";
import { startFrameVideo, type FrameVideo } from "./frame-video.js";
import type { SessionEvents } from "./session-events.js";

/**
 * One cloud-browser session: a fresh context of the shared capture browser whose every request
 * goes through the capture network (address policy, WARC), its screen streamed (CDP screencast)
 * to the one page that holds the session and into the video, the holder's input dispatched back
 * and logged. `stop` ends it in order: no more input, screencast off, video flushed, files closed.
 */

export type ServerMessage = CloudBrowserServerMessage;

export interface CloudSessionSettings {
  id: number;
  startUrl: string;
  viewport: CloudBrowserViewport;
  userAgent: string;
  lease: BrowserLease;
  network: CaptureNetwork;
  events: SessionEvents;
  ffmpegPath: string;
  timesliceMs: number;
  maxChunkBytes: number;
  /** Stores one chunk of video (in order); answers the recording's figures after it. */
  storeChunk(chunk: Buffer, recordedMs: number): Promise<{ chunks: number; anchors: number }>;
  /** Something ended the session from inside (a bound, a crash, the encoder): the owner stops it. */
  onFatal(reason: string): void;
}

/** How long a command on the page may take before the holder is told it failed. */
const COMMAND_TIMEOUT_MS = 30_000;
const CONTEXT_CLOSE_TIMEOUT_MS = 5_000;
/** A slow holder (bad network) gets fewer frames rather than an ever-growing buffer. */
const MAX_SOCKET_BACKLOG_BYTES = 2 * 1024 * 1024;

/** Keeps the session in one tab: links and scripts that would open a window open here instead. */
const SINGLE_TAB_SCRIPT = `(() => {
  window.open = function (url) { if (url) location.href = new URL(String(url), location.href).href; return null; };
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[target], form[target]") : null;
    if (link) link.removeAttribute("target");
  }, true);
})();`;

/** Whether the focused element (through shadow roots and same-origin frames) is a password field. */
const PASSWORD_FOCUSED = `(() => {
  let element = document.activeElement;
  for (;;) {
    if (element && element.shadowRoot && element.shadowRoot.activeElement) { element = element.shadowRoot.activeElement; continue; }
    if (element && element.tagName === "IFRAME") {
      try { const inner = element.contentDocument && element.contentDocument.activeElement; if (inner) { element = inner; continue; } } catch {}
    }
    break;
  }
  return Boolean(element && element.tagName === "INPUT" && String(element.type).toLowerCase() === "password");
})()`;

export class CloudSession {
  state: CloudSessionState = "opening";
  url: string;
  title = "";
  chunks = 0;
  anchors = 0;
  endReason: string | null = null;
  readonly startedAt = performance.now();
  #settings: CloudSessionSettings;
  #context: BrowserContext | null = null;
  #page: Page | null = null;
  #cdp: CDPSession | null = null;
  #traffic: PageTraffic | null = null;
  #video: FrameVideo | null = null;
  #listener: ((message: ServerMessage) => void) | null = null;
  #backlog: () => number = () => 0;
  #seq = 0;
  #lastFrame: ServerMessage | null = null;
  #inputs: Promise<void> = Promise.resolve();
  #abort = new AbortController();

  constructor(settings: CloudSessionSettings) {
    this.#settings = settings;
    this.url = settings.startUrl;
  }

  get screen() {
    return CLOUD_BROWSER_SCREENS[this.#settings.viewport];
  }

  /** Opens the context, starts the screencast and the video, and begins loading the start URL. */
  async open(): Promise<void> {
    const { lease, network, userAgent } = this.#settings;
    const { width, height, deviceScaleFactor, isMobile, hasTouch } = this.screen;
    const browser = lease.browser;
    browser.on("disconnected", this.#onDisconnected);
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor,
      isMobile,
      hasTouch,
      userAgent,
      locale: "zh-CN",
      timezoneId: "Asia/Shanghai",
      serviceWorkers: "block",
      acceptDownloads: false,
    });
    this.#context = context;
    this.#traffic = await interceptTraffic({
      context,
      network,
      signal: this.#abort.signal,
      capturePage: () => this.#page,
      // Only the bounds reach here once the start URL is open (tooLarge, tooManyRequests).
      onFailure: (error) => (this.state === "live" ? this.#settings.onFatal(`${CLOUD_BROWSER_MESSAGES.boundsReached}（${error.detail}）`) : undefined),
    });
    await context.addInitScript(SINGLE_TAB_SCRIPT);
    const page = await context.newPage();
    this.#page = page;
    closePopups(context, network);
    page.on("crash", () => this.#settings.onFatal(CLOUD_BROWSER_MESSAGES.browserFailed));
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame()) return;
      this.url = frame.url();
      this.#settings.events.append({ type: "navigation", url: this.url, title: "" });
      void this.#pushPage(true);
    });
    page.on("load", () => void this.#pushPage(false));

    this.#video = startFrameVideo({
      ffmpegPath: this.#settings.ffmpegPath,
      timesliceMs: this.#settings.timesliceMs,
      maxChunkBytes: this.#settings.maxChunkBytes,
      onChunk: async (chunk, recordedMs) => {
        const figures = await this.#settings.storeChunk(chunk, recordedMs);
        this.chunks = figures.chunks;
        this.anchors = figures.anchors;
      },
      onFailure: (error) => this.#settings.onFatal(`${CLOUD_BROWSER_MESSAGES.browserFailed}（${error.message.slice(0, 200)}）`),
    });
    const cdp = await context.newCDPSession(page);
    this.#cdp = cdp;
    cdp.on("Page.screencastFrame", ({ data, metadata, sessionId }) => {
      void cdp.send("Page.screencastFrameAck", { sessionId }).catch(() => undefined);
      this.#video?.show(Buffer.from(data, "base64"));
      const frame: ServerMessage = {
        type: "frame",
        seq: (this.#seq += 1),
        jpeg: data,
        width: Math.round(metadata.deviceWidth ?? width),
        height: Math.round(metadata.deviceHeight ?? height),
        timestamp: metadata.timestamp ? metadata.timestamp * 1000 : Date.now(),
      };
      this.#lastFrame = frame;
      if (this.#backlog() < MAX_SOCKET_BACKLOG_BYTES) this.#listener?.(frame);
    });
    await cdp.send("Page.startScreencast", { format: "jpeg", quality: 70, maxWidth: width * deviceScaleFactor, maxHeight: height * deviceScaleFactor, everyNthFrame: 1 });
    CLOUD_SESSION_LIFECYCLE.next(this.state, "open");
    this.state = "live";
    // Loading the start page is the first command; a page that fails to load is still the holder's to see.
    this.#inputs = this.#inputs.then(() => this.#openUrl(this.#settings.startUrl));
  }

  /** The one page holding the session; it gets the newest frame and the page state at once. */
  attach(listener: (message: ServerMessage) => void, backlog: () => number): void {
    this.#listener = listener;
    this.#backlog = backlog;
    if (this.#lastFrame) listener(this.#lastFrame);
    void this.#pushPage(false);
  }

  detach(listener: (message: ServerMessage) => void): void {
    if (this.#listener !== listener) return;
    this.#listener = null;
    this.#backlog = () => 0;
  }

  get isHeld(): boolean {
    return this.#listener !== null;
  }

  notify(message: ServerMessage): void {
    this.#listener?.(message);
  }

  /** Input and commands run one at a time, in the order the holder sent them. */
  handle(message: CloudBrowserClientMessage): void {
    if (this.state !== "live") return;
    this.#inputs = this.#inputs.then(() => this.#dispatch(message)).catch(() => undefined);
  }

  async #dispatch(message: CloudBrowserClientMessage): Promise<void> {
    const page = this.#page;
    if (!page || this.state !== "live") return;
    const { events } = this.#settings;
    switch (message.type) {
      case "mouse": {
        const { action, x, y, button, clickCount, deltaX, deltaY } = message;
        events.append({ type: "mouse", action, x: Math.round(x), y: Math.round(y), button });
        await page.mouse.move(x, y);
        const playwrightButton = button === "none" ? "left" : button;
        if (action === "down") await page.mouse.down({ button: playwrightButton, clickCount: Math.max(1, clickCount) });
        else if (action === "up") await page.mouse.up({ button: playwrightButton, clickCount: Math.max(1, clickCount) });
        else if (action === "wheel") await page.mouse.wheel(deltaX, deltaY);
        return;
      }
      case "key": {
        const secret = await page.evaluate(PASSWORD_FOCUSED).catch(() => false);
        const printable = message.key.length === 1 || message.action === "char";
        events.append({
          type: "key",
          action: message.action,
          key: secret && printable ? PASSWORD_INPUT_MARK : message.key,
          code: secret && printable ? "" : message.code,
          text: secret && message.text ? PASSWORD_INPUT_MARK : message.text,
        });
        try {
          if (message.action === "char") await page.keyboard.insertText(message.text);
          else if (message.action === "down") await page.keyboard.down(message.key);
          else await page.keyboard.up(message.key);
        } catch {
          // A key Chromium has no name for (Unidentified, Process): logged, not sent.
        }
        return;
      }
      case "navigate": {
        events.append({ type: "command", action: message.action, ...(message.url ? { url: message.url } : {}) });
        if (message.action === "go") {
          const parsed = parseCaptureUrl((message.url ?? "").trim());
          if (!parsed.ok) return this.notify({ type: "error", message: parsed.message, fatal: false });
          return this.#openUrl(parsed.url);
        }
        const run = message.action === "back" ? page.goBack({ timeout: COMMAND_TIMEOUT_MS }) : message.action === "forward" ? page.goForward({ timeout: COMMAND_TIMEOUT_MS }) : page.reload({ timeout: COMMAND_TIMEOUT_MS });
        await run.catch(() => undefined);
        return this.#pushPage(false);
      }
      case "stop":
        return;
    }
  }

  /**
   * page.goto as the capture opens a page: a redirected main document (followed and recorded by the
   * traffic) is opened at the chain's end, so the address bar and relative links are right.
   */
  async #openUrl(url: string): Promise<void> {
    const page = this.#page;
    const traffic = this.#traffic;
    if (!page || !traffic) return;
    traffic.setOpening(true);
    try {
      for (let target: string | null = url; target; target = traffic.takeRedirect()) {
        try {
          await page.goto(target, { waitUntil: "commit", timeout: COMMAND_TIMEOUT_MS });
          return;
        } catch (error) {
          if (!/ERR_ABORTED/.test(String(error))) throw error;
        }
      }
    } catch {
      this.notify({ type: "error", message: `${CLOUD_BROWSER_MESSAGES.navigateFailed}：${url.slice(0, 200)}`, fatal: false });
    } finally {
      traffic.setOpening(false);
    }
  }

  async #pushPage(loading: boolean): Promise<void> {
    const page = this.#page;
    if (!page || page.isClosed()) return;
    const title = await page.title().catch(() => this.title);
    if (title !== this.title && title) {
      this.title = title;
      if (!loading) this.#settings.events.append({ type: "navigation", url: page.url(), title });
    }
    const history = await this.#cdp?.send("Page.getNavigationHistory").catch(() => null);
    const index = history?.currentIndex ?? 0;
    this.notify({ type: "page", url: page.url(), title: this.title, canGoBack: index > 0, canGoForward: history ? index < history.entries.length - 1 : false, loading });
  }

  readonly #onDisconnected = () => this.#settings.onFatal(CLOUD_BROWSER_MESSAGES.browserFailed);

  /**
   * Ends the session: input refused, screencast and traffic stopped, the video's last chunk stored,
   * events closed, the context closed (the browser killed if it will not). Answers the WARC's path.
   */
  async stop(reason: string | null): Promise<{ warcPath: string; finalUrl: string }> {
    CLOUD_SESSION_LIFECYCLE.next(this.state, "stop");
    this.state = "stopping";
    this.endReason = reason;
    await this.#inputs.catch(() => undefined);
    const { lease, events, network } = this.#settings;
    lease.browser.off("disconnected", this.#onDisconnected);
    const finalUrl = this.#page && !this.#page.isClosed() ? this.#page.url() : this.url;
    await this.#cdp?.send("Page.stopScreencast").catch(() => undefined);
    this.#traffic?.stop();
    this.#abort.abort();
    events.append({ type: "end", reason: reason ?? "stopped" });
    // The encoder may have failed (that is often why we stop): the network log and events are kept anyway.
    await this.#video?.close().catch(() => undefined);
    try {
      await events.close();
    } finally {
      await this.#closeContext();
      lease.release();
    }
    const { warcPath } = await network.finish();
    return { warcPath, finalUrl };
  }

  /** A session that never went live: everything it opened is closed, nothing kept. */
  async abandon(): Promise<void> {
    if (CLOUD_SESSION_LIFECYCLE.can(this.state, "fail")) this.state = CLOUD_SESSION_LIFECYCLE.next(this.state, "fail");
    this.#settings.lease.browser.off("disconnected", this.#onDisconnected);
    this.#traffic?.stop();
    this.#abort.abort();
    await this.#video?.close().catch(() => undefined);
    await this.#settings.events.close().catch(() => undefined);
    await this.#closeContext();
    this.#settings.lease.release();
    await this.#settings.network.discard().catch(() => undefined);
  }

  async #closeContext(): Promise<void> {
    const context = this.#context;
    if (!context || !this.#settings.lease.browser.isConnected()) return;
    const closed = await Promise.race([context.close().then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CONTEXT_CLOSE_TIMEOUT_MS))]).catch(() => true);
    if (!closed) await this.#settings.lease.kill();
  }

  /** Navigations and input events logged so far. */
  countsOf(): { navigations: number; inputs: number } {
    return this.#settings.events.counts();
  }

  elapsedMs(): number {
    return Math.round(performance.now() - this.startedAt);
  }
}
