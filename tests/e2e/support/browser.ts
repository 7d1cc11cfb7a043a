import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type ConsoleMessage, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { startServer, type ServerProcess } from "./server-process.js";

/** Debian's Chromium, launched with the flags this closed network needs (DESIGN.md §9). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with  sudo apt-get install -y chromium`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Where this run keeps its screenshots; printed once so a person can look at them. */
export const SCREENSHOT_DIR = (() => {
  const dir = process.env.SCREENSHOT_DIR ?? path.join(os.tmpdir(), "evidence-screenshots");
  fs.mkdirSync(dir, { recursive: true });
  return dir;
})();

/**
 * Collects console errors, uncaught page errors and Content-Security-Policy violations (reported
 * by the page's `securitypolicyviolation` event as well as Chromium's own console line) so a test
 * can assert there were none. Call it before the page's first navigation.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(String(error)));
  return problems;
}

export function assertClientBuilt(): void {
  if (!fs.existsSync(path.resolve(import.meta.dirname, "../../../dist/index.html"))) {
    throw new Error("dist/index.html is missing: the end-to-end tests run against the built client (`npm run build`).");
  }
}

/**
 * The usual frame of an end-to-end file: the built client, one server and one browser for all of
 * its tests, both stopped afterwards. Call it at the top of the file; the fields are set once
 * beforeAll has run, so read them inside hooks and tests only.
 */
export function serverAndBrowserPerFile(): { server: ServerProcess; browser: Browser } {
  const live = {} as { server: ServerProcess; browser: Browser };
  beforeAll(async () => {
    assertClientBuilt();
    live.server = await startServer();
    live.browser = await launchBrowser();
  });
  afterAll(async () => {
    await live.browser?.close();
    await live.server?.stop();
  });
  return live;
}
