/**
 * Monitoring crawl (issue 18): pages per minute crawling a loopback news site of 200 article pages
 * (an index linking them all, each article ~4 KB of text with metadata and a picture), against a
 * baseline in the same run: plain sequential `fetch` of the same 201 addresses with no parsing,
 * no policy and no politeness. The crawl is measured with no pause between requests (the cost of
 * the policy-bound fetcher, robots.txt, page facts and the queue) and with a 20 ms pause (politeness).
 * Then pages that need JavaScript: 20 script-built pages rendered one by one in Debian Chromium
 * through the capture's interception (a fresh context each), per minute.
 *   npx tsx bench/monitor-crawl.bench.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createBrowserPool } from "../server/capture/browser/browser-pool.js";
import { createBrowserRenderer } from "../server/monitoring/crawl/browser-renderer.js";
import { createCrawlFetcher } from "../server/monitoring/crawl/crawl-fetcher.js";
import { crawlSite } from "../server/monitoring/crawl/crawl-site.js";
import { CHROMIUM_PATH } from "../tests/e2e/support/chromium.js";
import { newsSite, robots, scriptRenderedPage, startMonitorSite, type NewsArticle } from "../tests/support/monitor-sites.js";

const ARTICLES = 200;
const ROUNDS = 3;

const text = (n: number) =>
  Array.from({ length: 12 }, (_, p) => `第 ${n} 篇第 ${p + 1} 段：这是为基准测试编写的原创文字，描述一座小城在四季中的变化，春天的花、夏天的雨、秋天的落叶与冬天的雪。`);
const articles: NewsArticle[] = Array.from({ length: ARTICLES }, (_, index) => ({
  path: `/news/${index + 1}.html`,
  title: `基准文章 ${index + 1}`,
  author: "基准作者",
  published: "2026-11-20T09:30:00+08:00",
  paragraphs: text(index + 1),
  images: [`/img/${index + 1}.png`],
}));
const site = await startMonitorSite({ ...newsSite("基准新闻网", articles), "/robots.txt": robots("User-agent: *\nDisallow: /private/\n"), "/about.html": "<title>关于</title><p>关于本站</p>" });
const addresses = [site.url("/"), ...articles.map((article) => site.url(article.path))];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const perMinute = (pages: number, ms: number) => (pages / ms) * 60_000;

async function baseline(): Promise<number> {
  const started = performance.now();
  for (const address of addresses) await (await fetch(address)).arrayBuffer();
  return perMinute(addresses.length, performance.now() - started);
}

async function crawl(delayMs: number): Promise<{ rate: number; pages: number }> {
  const fetcher = createCrawlFetcher({ allowedHosts: [site.host], extraCaCertificates: [], requestTimeoutMs: 10_000 });
  let mainChars = 0;
  const started = performance.now();
  const summary = await crawlSite(
    { url: site.url("/"), depth: 1, maxPages: ARTICLES + 1, maxBytes: 50_000_000 },
    { fetcher, ignoreRobotsHosts: [], delayMs, signal: new AbortController().signal, onPage: async (page) => void (mainChars += page.facts.mainText.length) },
  );
  if (summary.pages !== addresses.length || mainChars === 0) throw new Error(`crawl read ${summary.pages} pages: ${summary.failure ?? JSON.stringify(summary.failures.slice(0, 3))}`);
  return { rate: perMinute(summary.pages, performance.now() - started), pages: summary.pages };
}

await baseline(); // warm-up: the server's and the client's code paths
const line = (label: string, rate: number, base: number) => console.log(`${label.padEnd(52)} ${rate.toFixed(0).padStart(7)} pages/min   ${(rate / base).toFixed(2)}× baseline`);
const baseRates: number[] = [];
const fastRates: number[] = [];
const politeRates: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  baseRates.push(await baseline());
  fastRates.push((await crawl(0)).rate);
  politeRates.push((await crawl(20)).rate);
}
const base = median(baseRates);
console.log(`loopback news site: ${addresses.length} pages, median of ${ROUNDS} rounds`);
line("baseline: sequential fetch, no parsing", base, base);
line("crawlSite, no pause (policy, robots, page facts)", median(fastRates), base);
line("crawlSite, 20 ms pause between requests", median(politeRates), base);

// Pages that need JavaScript: each rendered in its own context of one pooled Chromium.
const RENDERED = 20;
const spa = await startMonitorSite({
  "/": `<title>脚本站</title><ul>${Array.from({ length: RENDERED }, (_, n) => `<li><a href="/app/${n + 1}">第 ${n + 1} 页</a></li>`).join("")}</ul>`,
  ...Object.fromEntries(Array.from({ length: RENDERED }, (_, n) => [`/app/${n + 1}`, scriptRenderedPage(`脚本页 ${n + 1}`, text(n + 1))])),
});
const pool = createBrowserPool({ chromiumPath: CHROMIUM_PATH, concurrency: 1 });
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "monitor-crawl-bench-"));
const renderer = createBrowserRenderer(pool, {
  network: { allowedHosts: [spa.host], extraCaCertificates: [], workDir, maxBytes: 5_000_000, maxRequests: 50, requestTimeoutMs: 10_000 },
  timeoutMs: 20_000,
});
await renderer(spa.url("/app/1"), new AbortController().signal); // warm-up: launches Chromium
let renderedChars = 0;
const renderStarted = performance.now();
const rendered = await crawlSite(
  { url: spa.url("/"), depth: 1, maxPages: RENDERED + 1, maxBytes: 50_000_000 },
  {
    fetcher: createCrawlFetcher({ allowedHosts: [spa.host], extraCaCertificates: [], requestTimeoutMs: 10_000 }),
    ignoreRobotsHosts: [],
    delayMs: 0,
    signal: new AbortController().signal,
    renderer,
    onPage: async (page) => void (renderedChars += page.facts.mainText.length),
  },
);
const renderMs = performance.now() - renderStarted;
if (rendered.pages !== RENDERED + 1 || rendered.failures.length > 0 || renderedChars < RENDERED * 500) throw new Error(`rendering crawl: ${JSON.stringify(rendered)}`);
console.log(`${"crawlSite with Chromium rendering (20 script pages)".padEnd(52)} ${perMinute(RENDERED, renderMs).toFixed(0).padStart(7)} pages/min   ${(renderMs / RENDERED).toFixed(0)} ms per rendered page`);
await pool.close();
fs.rmSync(workDir, { recursive: true, force: true });
await spa.close();
await site.close();
