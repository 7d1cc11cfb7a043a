import { execFile } from "node:child_process";
import { access, constants } from "node:fs/promises";
import { chromium, type Browser, type BrowserServer } from "playwright-core";

/**
 * Debian Chromium for captures: launched lazily, shared by every capture (each takes its own fresh
 * context), at most `concurrency` captures at once, relaunched after a crash or disconnect.
 *
 * The browser is started with `launchServer` and reached with `connect` (over loopback) rather than
 * `launch`, because only the server side exposes the process: a browser whose context will not
 * close is killed outright, and tests can kill it to simulate a crash.
 */

/** DESIGN.md §9: the closed network refuses Chromium's background connections without these. */
export const HEADLESS_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

/**
 * The containment of a capture on top of those: every request is answered by our interception
 * (page-capture.ts); anything the interception misses goes to a proxy that does not exist (port 9,
 * "discard", nothing listens), loopback included (`<-loopback>` removes Chromium's implicit
 * bypass), so the browser itself reaches nothing. WebRTC may only use the (dead) proxy, so no UDP
 * leaves either.
 */
export const CHROMIUM_ARGS = [
  ...HEADLESS_CHROMIUM_ARGS,
  "--proxy-server=127.0.0.1:9",
  "--proxy-bypass-list=<-loopback>",
  // Checked on Chromium 156: this spelling is honoured (no ICE candidate at all); the older
  // `--force-webrtc-ip-handling-policy` still lets host UDP candidates through.
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
] as const;

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** Starting Chromium takes ~1 s here; far longer means it will not start. */
const LAUNCH_TIMEOUT_MS = 30_000;
/** `chromium --version` answers at once; the Debian wrapper script included. */
const VERSION_TIMEOUT_MS = 10_000;

export interface BrowserPoolSettings {
  chromiumPath: string;
  concurrency: number;
}

/** One capture's hold on the browser: release it when done, or kill the browser if it will not let go. */
export interface BrowserLease {
  readonly browser: Browser;
  release(): void;
  /** Kills this browser process (a context that would not close); the next capture relaunches. */
  kill(): Promise<void>;
}

export type ChromiumAvailability = { available: true; chromium: string } | { available: false; reason: string };

export interface BrowserPool {
  /** Waits for a free slot (queued in order), then answers a running browser. */
  acquire(signal: AbortSignal): Promise<BrowserLease>;
  availability(): Promise<ChromiumAvailability>;
  /** Captures running and waiting now. */
  depth(): { running: number; waiting: number };
  close(): Promise<void>;
}

interface Running {
  server: BrowserServer;
  browser: Browser;
}

export function createBrowserPool(settings: BrowserPoolSettings): BrowserPool {
  const slots = createSemaphore(settings.concurrency);
  let running: Promise<Running> | null = null;
  let knownVersion: string | null = null;

  const launch = async (): Promise<Running> => {
    const server = await chromium.launchServer({
      executablePath: settings.chromiumPath,
      headless: true,
      args: [...CHROMIUM_ARGS],
      // Chromium's own popup blocker, as a visitor's browser has it: a page opening windows without
      // a click (a window.open storm) opens none. Playwright turns it off by default.
      ignoreDefaultArgs: ["--disable-popup-blocking"],
      timeout: LAUNCH_TIMEOUT_MS,
      // The server process owns shutdown (close()); Playwright must not install its own signal handlers.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    try {
      const browser = await chromium.connect(server.wsEndpoint(), { timeout: LAUNCH_TIMEOUT_MS });
      const entry = { server, browser };
      browser.on("disconnected", () => {
        // A crashed or killed browser is forgotten so that the next capture launches a new one.
        void forget(entry);
      });
      return entry;
    } catch (error) {
      await server.kill().catch(() => undefined);
      throw error;
    }
  };

  const forget = async (entry: Running) => {
    if (running && (await running.catch(() => null)) === entry) running = null;
    await entry.server.kill().catch(() => undefined);
  };

  const currentBrowser = async (): Promise<Running> => {
    if (running) {
      const entry = await running.catch(() => null);
      if (entry?.browser.isConnected()) return entry;
      if (entry) await forget(entry);
    }
    const launching = launch();
    running = launching;
    launching.catch(() => {
      if (running === launching) running = null;
    });
    return launching;
  };

  return {
    async acquire(signal) {
      const release = await slots.take(signal);
      try {
        const entry = await currentBrowser();
        let released = false;
        return {
          browser: entry.browser,
          release: () => {
            if (released) return;
            released = true;
            release();
          },
          kill: () => forget(entry),
        };
      } catch (error) {
        release();
        throw error;
      }
    },

    async availability() {
      if (knownVersion) return { available: true, chromium: knownVersion };
      const missing = await access(settings.chromiumPath, constants.X_OK).then(
        () => false,
        () => true,
      );
      if (missing) {
        return {
          available: false,
          reason: `服务器上未找到取证浏览器 Chromium（${settings.chromiumPath}）。请安装：sudo apt-get install -y chromium fonts-noto-cjk，或通过 CHROMIUM_PATH 指定其位置。`,
        };
      }
      try {
        knownVersion = await chromiumVersion(settings.chromiumPath);
        return { available: true, chromium: knownVersion };
      } catch (error) {
        return {
          available: false,
          reason: `取证浏览器 Chromium（${settings.chromiumPath}）无法运行：${firstLine(error)}。请重新安装：sudo apt-get install -y chromium fonts-noto-cjk`,
        };
      }
    },

    depth: () => slots.depth(),

    async close() {
      slots.close();
      const entry = running ? await running.catch(() => null) : null;
      running = null;
      if (!entry) return;
      await entry.browser.close().catch(() => undefined);
      await entry.server.kill().catch(() => undefined);
    },
  };
}

/** `Chromium 156.0.8078.79 built on Debian …` -> `Chromium 156.0.8078.79`. */
function chromiumVersion(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(path, ["--version"], { timeout: VERSION_TIMEOUT_MS }, (error, stdout) => {
      if (error) return reject(error);
      const match = /Chrom(?:e|ium)[^\d]*([\d.]+)/.exec(stdout);
      if (!match) return reject(new Error(`无法识别的版本输出：${stdout.trim().slice(0, 80)}`));
      resolve(`Chromium ${match[1]}`);
    });
  });
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0].slice(0, 200);
}

/** At most `limit` holders; the rest wait in order. A waiter whose signal aborts leaves the queue. */
function createSemaphore(limit: number) {
  let held = 0;
  let closed = false;
  const waiters: { grant: () => void; refuse: (error: unknown) => void }[] = [];

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiters.shift();
      if (next) next.grant();
      else held -= 1;
    };
  };

  return {
    take(signal: AbortSignal): Promise<() => void> {
      if (closed) return Promise.reject(new Error("browser pool closed"));
      if (signal.aborted) return Promise.reject(signal.reason);
      if (held < limit) {
        held += 1;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          grant: () => {
            signal.removeEventListener("abort", onAbort);
            resolve(releaser());
          },
          refuse: reject,
        };
        const onAbort = () => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          reject(signal.reason);
        };
        signal.addEventListener("abort", onAbort, { once: true });
        waiters.push(waiter);
      });
    },
    depth: () => ({ running: held, waiting: waiters.length }),
    close() {
      closed = true;
      for (const waiter of waiters.splice(0)) waiter.refuse(new Error("browser pool closed"));
    },
  };
}
