/**
 * Web capture (issue 15): the time of one whole capture of a loopback page (isolated context, every
 * request through the pinned fetcher into the WARC, idle wait, scrolling, screenshot, DOM, PDF, QA,
 * provenance, then the WACZ) against a bare `page.goto + full-page screenshot` of the same page in
 * the same Chromium build in the same run; and captures per minute at the engine's default
 * concurrency (2 on this machine size). The page is the e2e article: a redirect to an HTTPS origin
 * under a CA made for the run, with lazy images.
 *   npx tsx bench/capture.bench.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { HEADLESS_CHROMIUM_ARGS } from "../server/capture/browser/browser-pool.js";
import { createCaptureEngine, DEFAULT_CAPTURE_CONCURRENCY } from "../server/capture/capture-engine.js";
import { buildCapturePackage } from "../server/capture/package/wacz-writer.js";
import { serveArticle } from "../tests/capture/support/article-site.js";
import { startTestSites } from "../tests/capture/support/test-sites.js";
import { CHROMIUM_PATH } from "../tests/e2e/support/chromium.js";

const ROUNDS = 12;
const THROUGHPUT_CAPTURES = 12;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const line = (label: string, times: number[]) => console.log(`${label.padEnd(46)} p50 ${percentile(times, 50).toFixed(0).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(0).padStart(6)} ms`);

const sites = await startTestSites();
const article = serveArticle(sites);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "capture-bench-"));

// Baseline: the same Chromium with the flags of DESIGN.md §9, a fresh context, goto + screenshot.
const bare = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [...HEADLESS_CHROMIUM_ARGS],
});
const bareTimes: number[] = [];
for (let round = 0; round <= ROUNDS; round++) {
  const started = performance.now();
  const context = await bare.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto(article.entryUrl, { waitUntil: "load" });
  await page.screenshot({ fullPage: true });
  await context.close();
  if (round > 0) bareTimes.push(performance.now() - started); // round 0 warms the browser up
}
await bare.close();

const engine = createCaptureEngine({
  network: { allowedHosts: sites.allowedHosts, extraCaCertificates: [sites.caPem], workDir },
  publicAddress: null,
  platform: { name: "衡证", version: "bench" },
});
let nextId = 1;
async function captureAndPackage(): Promise<number> {
  const started = performance.now();
  const captureId = nextId++;
  const page = await engine.capture({ captureId, url: article.entryUrl, onStage: () => {}, signal: new AbortController().signal });
  const packageDir = fs.mkdtempSync(path.join(workDir, `package-${captureId}-`));
  const packaged = await buildCapturePackage(
    { warcPath: page.warcPath, title: page.title, requestedUrl: article.entryUrl, finalUrl: page.finalUrl, startedAt: page.provenance.startedAt, software: "衡证 bench" },
    packageDir,
  );
  if (!page.qa.passed) throw new Error(`the bench page failed QA: ${JSON.stringify(page.qa.findings)}`);
  fs.rmSync(path.dirname(page.warcPath), { recursive: true, force: true });
  if (!packaged.waczPath.startsWith(packageDir)) throw new Error(`the package was written outside its folder: ${packaged.waczPath}`);
  fs.rmSync(packageDir, { recursive: true, force: true });
  return performance.now() - started;
}

const captureTimes: number[] = [];
await captureAndPackage(); // warm-up: the pool's browser starts here
for (let round = 0; round < ROUNDS; round++) captureTimes.push(await captureAndPackage());

const throughputStarted = performance.now();
let remaining = THROUGHPUT_CAPTURES;
await Promise.all(
  Array.from({ length: DEFAULT_CAPTURE_CONCURRENCY }, async () => {
    while (remaining-- > 0) await captureAndPackage();
  }),
);
const perMinute = (THROUGHPUT_CAPTURES / (performance.now() - throughputStarted)) * 60_000;
await engine.close();
await sites.close();
fs.rmSync(workDir, { recursive: true, force: true });

console.log(`loopback article (redirect → HTTPS, lazy images), ${ROUNDS} rounds each`);
line("bare goto + full-page screenshot", bareTimes);
line("whole capture + WACZ", captureTimes);
console.log(`ratio (capture p50 / bare p50)                 ${(percentile(captureTimes, 50) / percentile(bareTimes, 50)).toFixed(1)}x`);
console.log(`captures per minute at concurrency ${DEFAULT_CAPTURE_CONCURRENCY}              ${perMinute.toFixed(1)}`);
