/**
 * Benchmark: how much JavaScript a visitor's first load carries, gzip-compressed as a server would
 * send it, for the home page (/index, target at most 300 KiB) and the public verification page
 * (查询验证, target at most 150 KiB), each against the whole client's JavaScript measured in the same
 * run. Real Chromium loads each page in a fresh context (an empty cache, no session: a visitor)
 * from a real server, and every script it fetches until the network is idle is counted, so lazily
 * loaded chunks the page needs count too. Needs the built client (dist/) and server (dist-server/).
 *
 *   npm run build && npx tsx bench/index-initial-js.bench.ts
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { APP_PATHS } from "../src/app/path-rules.js";
import { PUBLIC_PAGE_PATHS } from "../src/app/public-page-paths.js";
import { launchBrowser } from "../tests/e2e/support/chromium.js";
import { startServer } from "../tests/e2e/support/server-process.js";

const DIST = path.resolve(import.meta.dirname, "../dist");
const KIB = 1024;
/** How long the network must stay quiet before a first load counts as complete, and the longest wait for it. */
const QUIET_MS = 2_000;
const QUIET_DEADLINE_MS = 60_000;
const gzipBytes = (file: string) => gzipSync(fs.readFileSync(file), { level: 6 }).length;
const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

/** The pages measured, with the targets (issue 20, "Speed"). */
const PAGES = [
  { label: "首页 /index", path: APP_PATHS.home, targetBytes: 300 * KIB },
  { label: "查询验证", path: PUBLIC_PAGE_PATHS.validateQuery, targetBytes: 150 * KIB },
];

if (!fs.existsSync(path.join(DIST, "index.html"))) throw new Error("dist/ is missing: run `npx vite build` first");

const allScripts = fs
  .readdirSync(path.join(DIST, "assets"))
  .filter((name) => name.endsWith(".js"))
  .map((name) => path.join(DIST, "assets", name));
const wholeClient = allScripts.reduce((sum, file) => sum + gzipBytes(file), 0);

/** The scripts a first visit to `url` fetches until the network is idle, each with its gzip size. */
async function scriptsOfFirstLoad(browser: Browser, url: string): Promise<{ pathname: string; gzip: number }[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const fetched = new Set<string>();
    let inFlight = 0;
    let lastActivity = Date.now();
    const settle = () => {
      inFlight -= 1;
      lastActivity = Date.now();
    };
    page.on("request", (request) => {
      inFlight += 1;
      lastActivity = Date.now();
      if (request.resourceType() === "script") fetched.add(new URL(request.url()).pathname);
    });
    page.on("requestfinished", settle);
    page.on("requestfailed", settle);
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    // Playwright's "network idle" (500 ms without requests) can come while a loaded machine is still
    // running the first scripts, before the route's lazy chunks are asked for. Done means: a quiet
    // network, then a main thread with nothing left to run (an idle callback), and still no request.
    const deadline = Date.now() + QUIET_DEADLINE_MS;
    for (;;) {
      while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`${url} kept fetching for ${QUIET_DEADLINE_MS} ms`);
        await page.waitForTimeout(100);
      }
      const quietSince = lastActivity;
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      if (inFlight === 0 && lastActivity === quietSince) break;
    }
    return [...fetched].map((pathname) => ({ pathname, gzip: gzipBytes(path.join(DIST, pathname)) }));
  } finally {
    await context.close();
  }
}

const server = await startServer();
const browser = await launchBrowser();
const summary: string[] = [];
try {
  for (const { label, path: pagePath, targetBytes } of PAGES) {
    const scripts = await scriptsOfFirstLoad(browser, `${server.url}${pagePath}`);
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    console.log(`Initial JavaScript of ${pagePath} (${label}) for a visitor (gzip level 6):`);
    for (const script of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kib(script.gzip).padStart(10)}  ${script.pathname}`);
    console.log(`  ${kib(total).padStart(10)}  in ${scripts.length} files\n`);
    const verdict = total <= targetBytes ? "within" : "OVER";
    summary.push(
      `${pagePath.padEnd(20)} ${kib(total).padStart(10)} in ${String(scripts.length).padStart(3)} files  target ${kib(targetBytes)} (${verdict})  ratio to whole client ${(total / wholeClient).toFixed(2)}`,
    );
  }
  console.log(`Whole client: ${kib(wholeClient)} in ${allScripts.length} files`);
  for (const line of summary) console.log(line);
} finally {
  await browser.close();
  await server.stop();
}
