import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBrowserPool, type BrowserPool } from "../../server/capture/browser/browser-pool.js";
import type { Resolver } from "../../server/capture/network/resolver.js";
import { createBrowserRenderer } from "../../server/monitoring/crawl/browser-renderer.js";
import { createCrawlFetcher, MONITOR_USER_AGENT_TOKEN } from "../../server/monitoring/crawl/crawl-fetcher.js";
import { crawlSite, type CrawlOptions } from "../../server/monitoring/crawl/crawl-site.js";
import type { CrawledPage, SiteBounds } from "../../server/monitoring/monitoring.types.js";
import { CHROMIUM_PATH } from "../e2e/support/chromium.js";
import { startTestSites } from "./support/test-sites.js";
import { bigPage, file, newsSite, redirect, robots, scriptRenderedPage, startMonitorSite, type MonitorSite, type RequestLogEntry } from "../support/monitor-sites.js";

/**
 * The crawler against sites served on loopback: bounds, robots.txt, the same-host rule, redirects,
 * the capture's address policy, politeness, and a JavaScript page rendered in real Chromium.
 */

const sites: MonitorSite[] = [];
async function site(routes: Parameters<typeof startMonitorSite>[0] = {}): Promise<MonitorSite> {
  const started = await startMonitorSite(routes);
  sites.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(sites.splice(0).map((started) => started.close()));
});

const paragraph = (n: number) => `第 ${n} 段：原创的测试文字，讲述一条溪流从山间流向城市的经历。`;
const articles = (count: number, extra: (n: number) => Partial<{ images: string[] }> = () => ({})) =>
  Array.from({ length: count }, (_, index) => ({ path: `/news/${index + 1}.html`, title: `测试文章 ${index + 1}`, author: "测试作者", published: "2026-11-20T09:30:00+08:00", paragraphs: [paragraph(index + 1)], ...extra(index + 1) }));

interface Crawl {
  pages: CrawledPage[];
  summary: Awaited<ReturnType<typeof crawlSite>>;
}

async function crawl(target: MonitorSite | string, bounds: Partial<SiteBounds> = {}, options: Partial<CrawlOptions> & { allowedHosts?: string[]; extraCaCertificates?: string[]; requestTimeoutMs?: number; resolve?: Resolver } = {}): Promise<Crawl> {
  const url = typeof target === "string" ? target : target.url("/");
  const pages: CrawledPage[] = [];
  const fetcher = createCrawlFetcher({ allowedHosts: options.allowedHosts ?? sites.map((started) => started.host), extraCaCertificates: options.extraCaCertificates ?? [], requestTimeoutMs: options.requestTimeoutMs ?? 5_000, resolve: options.resolve });
  const summary = await crawlSite(
    { url, depth: 3, maxPages: 50, maxBytes: 5_000_000, ...bounds },
    {
      fetcher,
      ignoreRobotsHosts: [],
      delayMs: 1,
      signal: new AbortController().signal,
      ...options,
      onPage: async (page) => {
        pages.push(page);
        await options.onPage?.(page);
      },
    },
  );
  return { pages, summary };
}

const paths = (log: RequestLogEntry[]) => log.map((entry) => entry.path);
const crawledPaths = (result: Crawl) => result.pages.map((page) => new URL(page.facts.url).pathname);

describe("bounds", () => {
  it("depth 0 reads the start page only; depth 1 also the pages it links", async () => {
    const news = await site(newsSite("测试新闻网", articles(3)));
    expect(crawledPaths(await crawl(news, { depth: 0 }))).toEqual(["/"]);
    const deeper = await crawl(news, { depth: 1 });
    expect(crawledPaths(deeper)).toEqual(["/", "/news/1.html", "/news/2.html", "/news/3.html"]);
    expect(deeper.summary).toMatchObject({ pages: 4, failure: null, skippedByRobots: 0 });
    const article = deeper.pages[1]!.facts;
    expect(article).toMatchObject({ title: "测试文章 1 - 测试新闻网", author: "测试作者", publishTime: Date.parse("2026-11-20T01:30:00Z") });
    expect(article.mainText).toContain(paragraph(1));
    expect(article.mainText).not.toContain("版权所有");
  });

  it("stops at maxPages, and at maxBytes counting every body", async () => {
    const news = await site({ ...newsSite("测试新闻网", articles(5)), "/news/2.html": bigPage(60_000) });
    expect((await crawl(news, { maxPages: 2 })).summary.pages).toBe(2);
    expect(paths(news.requests).filter((path) => path.startsWith("/news/"))).toEqual(["/news/1.html"]);

    const bounded = await crawl(news, { maxBytes: 30_000 });
    expect(bounded.summary.bytes).toBeLessThanOrEqual(30_000);
    // The big page is cut off at the budget and nothing is fetched after it.
    expect(crawledPaths(bounded)).toEqual(["/", "/news/1.html"]);
    expect(bounded.summary.failures.map((failure) => new URL(failure.url).pathname)).toEqual(["/news/2.html"]);
  });

  it("fetchMedia reads a picture within its limit and the crawl's budget, and answers null when too big", async () => {
    const picture = Buffer.alloc(20_000, 9);
    const news = await site({ ...newsSite("图片站", articles(1, () => ({ images: ["/img/1.png"] }))), "/img/1.png": file(picture, "image/png") });
    const fetched: (Buffer | null)[] = [];
    const result = await crawl(news, {}, { onPage: async (page) => void fetched.push(...(await Promise.all(page.facts.images.map((url) => page.fetchMedia(url, 50_000)))), ...(await Promise.all(page.facts.images.map((url) => page.fetchMedia(url, 1_000))))) });
    expect(fetched).toEqual([picture, null]);
    expect(paths(news.requests).filter((path) => path === "/img/1.png")).toHaveLength(2);
    // The whole picture, plus the 1,000 bytes read before the second request was cut off, plus the pages.
    expect(result.summary.bytes).toBeGreaterThan(picture.length + 1_000);
  });
});

describe("robots.txt", () => {
  it("skips what it disallows for our token or *, counts it, and never fetches it", async () => {
    const news = await site({ ...newsSite("测试新闻网", articles(3)), "/robots.txt": robots(`User-agent: *\nDisallow: /news/2\n\nUser-agent: ${MONITOR_USER_AGENT_TOKEN}\nDisallow: /news/3\n`) });
    const result = await crawl(news);
    // Our own group applies, not *'s: /news/2 is allowed for us, /news/3 is not.
    expect(crawledPaths(result)).toEqual(["/", "/news/1.html", "/news/2.html"]);
    expect(result.summary.skippedByRobots).toBe(1);
    expect(paths(news.requests)).not.toContain("/news/3.html");
    expect(paths(news.requests).filter((path) => path === "/robots.txt")).toHaveLength(1);
    expect(news.requests.every((entry) => entry.userAgent.includes(MONITOR_USER_AGENT_TOKEN))).toBe(true);
  });

  it("honours Crawl-delay when it is longer than ours", async () => {
    const news = await site({ ...newsSite("测试新闻网", articles(2)), "/robots.txt": robots("User-agent: *\nCrawl-delay: 0.25\n") });
    await crawl(news);
    const log = news.requests;
    expect(paths(log)).toEqual(["/robots.txt", "/", "/news/1.html", "/news/2.html", "/about.html"]);
    for (let index = 1; index < log.length; index++) expect(log[index]!.startedAt - log[index - 1]!.endedAt!).toBeGreaterThanOrEqual(245);
  });

  it("4xx means allow all; 5xx means disallow all for this crawl, said in the summary", async () => {
    const allowed = await site({ ...newsSite("站", articles(1)), "/robots.txt": { status: 403, body: "forbidden" } });
    expect((await crawl(allowed)).summary.pages).toBe(2);

    const down = await site({ ...newsSite("站", articles(1)), "/robots.txt": { status: 503, body: "busy" } });
    const result = await crawl(down);
    expect(result.summary).toMatchObject({ pages: 0, skippedByRobots: 1 });
    expect(result.summary.failure).toMatch(/robots\.txt 暂时无法读取（HTTP 503），按 RFC 9309 视为禁止抓取/);
    expect(paths(down.requests)).toEqual(["/robots.txt"]);

    const silent = await site({ ...newsSite("站", articles(1)), "/robots.txt": { ...robots(""), delayMs: 1_500 } });
    const unreachable = await crawl(silent, {}, { requestTimeoutMs: 300 });
    expect(unreachable.summary.failure).toBe(`${silent.origin} 的 robots.txt 无法读取（请求在 0.3 秒内未完成），按 RFC 9309 视为禁止抓取`);
    expect(unreachable.summary.pages).toBe(0);
  });

  it("a start page robots.txt forbids fails the crawl; the operator's override for the host lifts robots.txt", async () => {
    const closed = await site({ ...newsSite("站", articles(1)), "/robots.txt": robots("User-agent: *\nDisallow: /\n") });
    const refused = await crawl(closed);
    expect(refused.summary.failure).toMatch(/robots\.txt 不允许抓取起始网址/);
    expect(refused.summary.pages).toBe(0);

    closed.requests.length = 0;
    const overridden = await crawl(closed, {}, { ignoreRobotsHosts: [closed.host] });
    expect(overridden.summary).toMatchObject({ pages: 2, skippedByRobots: 0, failure: null });
    expect(paths(closed.requests)).not.toContain("/robots.txt");
  });
});

describe("the site and the policy", () => {
  it("follows links on the same host and port only, once each, fragments dropped, non-HTML skipped", async () => {
    const other = await site({ "/": "<title>别的网站</title><p>外站</p>", "/p.png": file(Buffer.alloc(100), "image/png") });
    const main = await site({
      "/": `<title>首页</title><a href="/a.html#top">甲</a><a href="/a.html">甲again</a><a href="${other.url("/")}">外站</a><a href="http://localhost:${other.host.split(":")[1]}/">本机名</a><a href="/download?id=1">文件</a><a href="/big.zip">压缩包</a><img src="${other.url("/p.png")}">`,
      "/a.html": "<title>甲</title><p>甲页</p>",
      "/download": file(Buffer.from("%PDF-1.4 test"), "application/pdf"),
      "/big.zip": file(Buffer.alloc(100_000), "application/zip"),
    });
    const media: (Buffer | null)[] = [];
    const result = await crawl(main, {}, { allowedHosts: [main.host], onPage: async (page) => void media.push(...(await Promise.all(page.facts.images.map((url) => page.fetchMedia(url, 10_000))))) });
    expect(crawledPaths(result)).toEqual(["/", "/a.html"]);
    expect(paths(main.requests).filter((path) => path === "/a.html")).toHaveLength(1);
    // A file is skipped by its Content-Type once fetched, or before, when its name says it is one.
    expect(paths(main.requests)).toContain("/download?id=1");
    expect(paths(main.requests)).not.toContain("/big.zip");
    // A picture on another port is not on the allowed list: the capture policy refuses it, it is never reached.
    expect(media).toEqual([null]);
    expect(other.requests).toHaveLength(0);
    expect(result.summary.failures.map((failure) => failure.reason).join("\n")).toMatch(/端口 \d+ 不在允许范围/);
  });

  it("reaches HTTPS through the capture's TLS rules: a chain under a trusted CA is read, an untrusted one refused", async () => {
    const secure = await startTestSites();
    try {
      secure.route("/", (_request, response) => void response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<title>加密站点</title><p>加密页面正文</p>"));
      const trusted = await crawl(`${secure.httpsOrigin}/`, {}, { allowedHosts: secure.allowedHosts, extraCaCertificates: [secure.caPem] });
      expect(trusted.pages.map((page) => page.facts.title)).toEqual(["加密站点"]);
      const untrusted = await crawl(`${secure.httpsOrigin}/`, {}, { allowedHosts: secure.allowedHosts });
      expect(untrusted.summary.failure).toMatch(/^起始网址无法抓取：.*证书未通过验证/);
    } finally {
      await secure.close();
    }
  });

  it("reads a page in the charset it declares (GBK here)", async () => {
    const gbk = Buffer.concat([Buffer.from("<title>"), Buffer.from([0xd6, 0xd0, 0xce, 0xc4]), Buffer.from("</title><p>"), Buffer.from([0xd5, 0xfd, 0xce, 0xc4]), Buffer.from("</p>")]);
    const result = await crawl(await site({ "/": { body: gbk, contentType: "text/html; charset=GBK" } }));
    expect(result.pages[0]!.facts).toMatchObject({ title: "中文", mainText: "正文" });
  });

  it("follows redirects within the site (bounded) and not out of it", async () => {
    const other = await site({ "/": "<title>外站</title>" });
    const main = await site({
      "/": `<title>首页</title><a href="/old">旧</a><a href="/away">外</a><a href="/loop1">环</a>`,
      "/old": redirect("/new", 301),
      "/new": "<title>新</title><p>新地址</p>",
      "/away": redirect(other.url("/")),
      "/loop1": redirect("/loop2"),
      "/loop2": redirect("/loop3"),
      "/loop3": redirect("/loop4"),
      "/loop4": redirect("/loop5"),
      "/loop5": redirect("/loop6"),
      "/loop6": redirect("/loop7"),
      "/loop7": redirect("/loop8"),
    });
    const result = await crawl(main, {}, { allowedHosts: [main.host, other.host] });
    expect(crawledPaths(result)).toEqual(["/", "/new"]);
    expect(other.requests).toHaveLength(0);
    const reasons = Object.fromEntries(result.summary.failures.map((failure) => [new URL(failure.url).pathname, failure.reason]));
    expect(reasons["/away"]).toMatch(/重定向到站外地址/);
    expect(reasons["/loop1"]).toMatch(/重定向超过 5 次/);
  });

  it("a start address moving to its www. twin crawls the twin; a redirect to another name is not followed", async () => {
    const named = await site();
    const port = named.host.split(":")[1];
    // Names the test points at the loopback server, as DNS would; the allow-list names them.
    const resolve: Resolver = async (hostname) => {
      if (!hostname.endsWith(".test")) throw Object.assign(new Error("no such name"), { code: "ENOTFOUND" });
      return { addresses: ["127.0.0.1"], dns: [{ type: "A", value: "127.0.0.1", ttl: 60 }] };
    };
    named.set({
      "//site.test/": redirect(`http://www.site.test:${port}/`, 301),
      "//www.site.test/": `<title>首页</title><a href="/a.html">甲</a>`,
      "//www.site.test/a.html": "<title>甲</title><p>甲页</p>",
      "//elsewhere.test/": redirect(`http://parked.test:${port}/`),
    });
    const allowedHosts = ["site.test", "www.site.test", "elsewhere.test", "parked.test"].map((name) => `${name}:${port}`);
    const moved = await crawl(`http://site.test:${port}/`, {}, { allowedHosts, resolve });
    expect(moved.pages.map((page) => page.facts.url)).toEqual([`http://www.site.test:${port}/`, `http://www.site.test:${port}/a.html`]);
    const away = await crawl(`http://elsewhere.test:${port}/`, {}, { allowedHosts, resolve });
    expect(away.summary.failure).toBe(`起始网址无法抓取：重定向到站外地址 http://parked.test:${port}/，未跟随`);
  });

  it("an address the capture policy refuses is never fetched: the crawl fails with the policy's words", async () => {
    const news = await site(newsSite("站", articles(1)));
    const result = await crawl(news, {}, { allowedHosts: [] });
    expect(result.summary.failure).toMatch(/^起始网址无法抓取：127\.0\.0\.1 属于本机回环地址/);
    expect(news.requests).toHaveLength(0);

    const bad = await crawl("ftp://example.cn/");
    expect(bad.summary.failure).toBe("起始网址格式不正确：只能是 http 或 https 网址");
  });

  it("a missing start page, and many failures in a row, end the crawl with a sentence", async () => {
    const empty = await site({});
    expect((await crawl(empty)).summary.failure).toBe("起始网址无法抓取：HTTP 404");
    const broken = await site({ "/": `<title>坏链</title>${Array.from({ length: 14 }, (_, n) => `<a href="/gone/${n}">${n}</a>`).join("")}` });
    const result = await crawl(broken);
    expect(result.summary.failure).toMatch(/^连续 10 个网址抓取失败/);
    expect(paths(broken.requests).filter((path) => path.startsWith("/gone/"))).toHaveLength(10);
  });
});

describe("politeness", () => {
  const overlaps = (log: RequestLogEntry[]) => {
    const sorted = [...log].sort((a, b) => a.startedAt - b.startedAt);
    return sorted.filter((entry, index) => index > 0 && entry.startedAt < sorted[index - 1]!.endedAt!).length;
  };

  it("one request at a time to a host, media included, and two crawls of one host take turns", async () => {
    const images = (n: number) => ({ images: [`/img/${n}a.png`, `/img/${n}b.png`, `/img/${n}c.png`] });
    const routes = newsSite("慢站", articles(3, images));
    for (const path of Object.keys(routes)) routes[path] = { body: routes[path] as string, delayMs: 15 };
    for (let n = 1; n <= 3; n++) for (const suffix of "abc") routes[`/img/${n}${suffix}.png`] = { body: Buffer.alloc(500, n), contentType: "image/png", delayMs: 15 };
    const slow = await site(routes);
    // The module may ask for all pictures of a page at once; they still go one after another.
    const fetchAll = async (page: CrawledPage) => void (await Promise.all(page.facts.images.map((url) => page.fetchMedia(url, 10_000))));
    const [first, second] = await Promise.all([crawl(slow, {}, { onPage: fetchAll }), crawl(slow, {}, { onPage: fetchAll })]);
    expect(first.summary.failure).toBeNull();
    expect(second.summary.failure).toBeNull();
    expect(slow.requests).toHaveLength(2 * (1 + 4 + 9 + 1)); // robots.txt, 4 pages, 9 pictures, the missing /about.html, twice
    expect(overlaps(slow.requests)).toBe(0);
    // Not interleaved: the second crawl's robots.txt comes after every request of the first.
    const sequence = paths(slow.requests);
    expect(sequence.lastIndexOf("/robots.txt")).toBe(sequence.length / 2);
    expect(sequence.slice(0, sequence.length / 2)).toEqual(sequence.slice(sequence.length / 2));
  });

  it("stops when its signal aborts, and says so", async () => {
    const slow = await site({ ...newsSite("慢站", articles(5)), "/news/2.html": { body: "<p>慢</p>", delayMs: 3_000 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stop")), 300);
    const started = Date.now();
    const result = await crawl(slow, {}, { signal: controller.signal });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result.summary.failure).toBe("抓取已中止（任务已停止或服务正在关闭）");
    expect(result.summary.pages).toBe(2);
  });

  it("a crawl waiting for another crawl of the host stops waiting when its signal aborts", async () => {
    const slow = await site({ ...newsSite("慢站", articles(2)), "/news/1.html": { body: "<p>慢</p>", delayMs: 1_000 } });
    const holding = crawl(slow);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = await crawl(slow, {}, { signal: AbortSignal.timeout(200) });
    expect(waiting.summary).toMatchObject({ pages: 0, failure: "抓取已中止（任务已停止或服务正在关闭）" });
    expect((await holding).summary.failure).toBeNull();
    expect(paths(slow.requests).filter((path) => path === "/robots.txt")).toHaveLength(1);
  });
});

describe("pages that need JavaScript", () => {
  let pool: BrowserPool;
  let workDir: string;
  beforeAll(async () => {
    pool = createBrowserPool({ chromiumPath: CHROMIUM_PATH, concurrency: 1 });
    workDir = await mkdtemp(join(tmpdir(), "monitor-render-"));
  });
  afterAll(async () => {
    await pool?.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it("are rendered in Chromium through the capture policy when a renderer is given, read as served otherwise", async () => {
    const texts = ["脚本生成的第一段原创文字，描写清晨的湖面与薄雾。", "脚本生成的第二段，湖边的老人在晨练。"];
    const spa = await site({ "/": scriptRenderedPage("脚本页面", texts) });
    const renderer = createBrowserRenderer(pool, {
      network: { allowedHosts: [spa.host], extraCaCertificates: [], workDir, maxBytes: 5_000_000, maxRequests: 50, requestTimeoutMs: 5_000 },
      timeoutMs: 20_000,
    });
    const plain = await crawl(spa, {}, { renderer: null });
    expect(plain.pages[0]!.facts.mainText).not.toContain(texts[0]);

    const rendered = await crawl(spa, {}, { renderer });
    expect(rendered.summary.failure).toBeNull();
    expect(rendered.pages[0]!.facts.mainText).toContain(texts[0]);
    expect(rendered.pages[0]!.facts.mainText).toContain(texts[1]);
    expect(rendered.pages[0]!.contentSha256).not.toBe(plain.pages[0]!.contentSha256);
    // The browser's request reached the site through our fetcher, named as the monitor.
    expect(spa.requests.filter((entry) => entry.path === "/" && entry.userAgent.includes("rendering"))).toHaveLength(1);

    // A renderer whose policy refuses the host fails that rendering only: the page is kept as served.
    const refusing = createBrowserRenderer(pool, { network: { allowedHosts: [], extraCaCertificates: [], workDir, maxBytes: 5_000_000, maxRequests: 50, requestTimeoutMs: 5_000 }, timeoutMs: 20_000 });
    const kept = await crawl(spa, {}, { renderer: refusing });
    expect(kept.summary.pages).toBe(1);
    expect(kept.summary.failures[0]!.reason).toMatch(/^浏览器渲染失败：addressRefused/);
  });
});
