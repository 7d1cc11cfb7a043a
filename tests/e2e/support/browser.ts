import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type ConsoleMessage, type Download, type Page } from "playwright-core";
import { afterAll, inject } from "vitest";

/**
 * What a test file uses of the run's one Chromium (support/chromium.ts, started by the global
 * setup): new contexts and pages, each a fresh profile.
 */
export type FileBrowser = Pick<Browser, "newContext" | "newPage">;

/**
 * This file's connection to the run's Chromium, opened on first use. Closing it at the end of the
 * file closes every context the file opened, never the browser. `contextDefaults` go into each
 * new context (the file's client address on the shared server).
 */
export function browserForFile(contextDefaults: BrowserContextOptions = {}): FileBrowser {
  let connection: Promise<Browser> | undefined;
  const connected = () => (connection ??= chromium.connect(inject("chromiumEndpoint")));
  const withDefaults = (options: BrowserContextOptions = {}): BrowserContextOptions => ({
    ...contextDefaults,
    ...options,
    extraHTTPHeaders: { ...contextDefaults.extraHTTPHeaders, ...options.extraHTTPHeaders },
  });
  afterAll(async () => {
    if (connection) await (await connection).close();
  });
  return {
    newContext: async (options) => (await connected()).newContext(withDefaults(options)),
    newPage: async (options) => (await connected()).newPage(withDefaults(options)),
  };
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

/**
 * The bytes of a finished download. The browser is a remote (connected) one, whose downloads have no
 * local path; saveAs streams them over the connection.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-download-")), "file");
  await download.saveAs(target);
  return fs.readFileSync(target);
}
