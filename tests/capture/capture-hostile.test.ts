import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { htmlPage, startEngineFixture, type EngineFixture } from "./support/capture-jobs.js";

/**
 * Hostile pages end as a clear result within the capture's bounds, never a hang. The bounds are
 * small here to keep the file fast: 8 s per capture, 2 MB, 40 requests, 6000 px, 10 scroll steps.
 * A request may hang as long as the capture itself (the never-loading page shows the recording
 * reserve at work, not the per-request limit).
 */
const TIMEOUT_MS = 8_000;
/** Closing the context and the bookkeeping after the deadline: well under a second here. */
const CLOSE_MARGIN_MS = 4_000;

let fixture: EngineFixture;

beforeAll(async () => {
  fixture = await startEngineFixture(
    { timeoutMs: TIMEOUT_MS, maxBytes: 2_000_000, maxRequests: 40, maxPageHeight: 6_000, maxScrollSteps: 10 },
    {},
    { requestTimeoutMs: 60_000 },
  );
  const { sites } = fixture;
  sites.route(
    "/infinite",
    htmlPage(`<title>无限滚动</title><h1>无限滚动</h1><main></main>
<script>
  const main = document.querySelector("main");
  const more = () => { for (let i = 0; i < 5; i++) { const p = document.createElement("p"); p.style.height = "400px"; p.textContent = "更多内容 " + main.children.length; main.append(p); } };
  more();
  addEventListener("scroll", () => { if (scrollY + innerHeight > document.documentElement.scrollHeight - 800) more(); });
</script>`),
  );
  sites.route("/loop", (_request, response) => {
    response.writeHead(302, { location: "/loop" }).end();
  });
  sites.route("/huge", (_request, response) => {
    response.writeHead(200, { "content-type": "text/html" }).end(`<p>${"大".repeat(2_000_000)}</p>`);
  });
  sites.route("/huge-image", htmlPage(`<h1>大图片</h1><img src="/huge.bin">`));
  sites.route("/huge.bin", (_request, response) => {
    response.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(3_000_000, 1));
  });
  sites.route("/many", htmlPage(`<h1>请求过多</h1>${Array.from({ length: 60 }, (_, index) => `<img src="/pixel.svg?${index}">`).join("")}`));
  sites.route("/pixel.svg", (_request, response) => {
    response.writeHead(200, { "content-type": "image/svg+xml" }).end(`<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>`);
  });
  sites.route("/storm", htmlPage(`<title>弹窗风暴</title><h1>弹窗风暴</h1><p>${"正文".repeat(200)}</p><script>for (let i = 0; i < 500; i++) window.open("/storm?" + i); setInterval(() => window.open("/storm"), 10);</script>`));
  sites.route("/file.zip", (_request, response) => {
    response.writeHead(200, { "content-type": "application/zip", "content-disposition": 'attachment; filename="evidence.zip"' }).end(Buffer.alloc(1000, 2));
  });
  sites.route(
    "/downloads",
    htmlPage(`<title>自动下载</title><h1>自动下载</h1><p>${"正文".repeat(200)}</p><a id="get" href="/file.zip" download>下载</a><script>addEventListener("load", () => document.getElementById("get").click());</script>`),
  );
  sites.route("/alerts", htmlPage(`<title>弹框循环</title><h1>弹框循环</h1><script>for (;;) alert("不要走");</script>`));
  sites.route("/never", htmlPage(`<title>永不加载完</title><h1>永不加载完</h1><p>${"正文".repeat(200)}</p><img src="/hang.png">`));
  sites.route("/hang.png", () => undefined);
  sites.route("/socket", htmlPage(`<title>WebSocket</title><h1>WebSocket</h1><p>${"正文".repeat(200)}</p><script>new WebSocket("ws://" + location.host + "/ws");</script>`));
  sites.route("/crash", htmlPage(`<title>崩溃</title><h1>崩溃</h1><img src="/crash.png">`));
  sites.route("/crash.png", () => {
    // The browser dies while the page is loading: every Chromium this test process started is killed.
    for (const pid of chromiumChildren()) process.kill(pid, "SIGKILL");
  });
  sites.route("/after", htmlPage(`<title>恢复之后</title><h1>恢复之后</h1><p>${"正文".repeat(200)}</p>`));
});

afterAll(async () => {
  await fixture?.close();
});

/** Chromium processes whose parent is this process (the ones the pool launched; nothing else). */
function chromiumChildren(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [, name, rest] = /^\d+ \((.*)\) (.*)$/s.exec(stat) ?? [];
      const parent = Number(rest?.split(" ")[1]);
      if (parent === process.pid && /chrom/i.test(name ?? "")) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

describe("hostile pages end clearly within bounds", () => {
  it("an infinite scroll stops at the page-height bound and is recorded", async () => {
    const { value: captured, ms } = await timed(fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/infinite`)));
    expect(ms).toBeLessThan(TIMEOUT_MS);
    expect(captured.qa.metrics.pageHeight).toBeGreaterThan(6_000);
    const height = captured.screenshot.readUInt32BE(20); // the PNG's IHDR height
    expect(height).toBe(6_000);
  });

  it("endless redirects fail as too many redirects", async () => {
    const failure = await fixture.failureOf(fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/loop`)));
    expect(failure.code).toBe("tooManyRedirects");
  });

  it("a huge main document, or a huge resource, fails as too large", async () => {
    const main = await fixture.failureOf(fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/huge`)));
    expect(main.code).toBe("tooLarge");
    const resource = await fixture.failureOf(fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/huge-image`)));
    expect(resource.code).toBe("tooLarge");
  });

  it("a page making more requests than allowed fails as too many requests", async () => {
    const failure = await fixture.failureOf(fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/many`)));
    expect(failure.code).toBe("tooManyRequests");
  });

  it("a window.open storm opens nothing and the page is recorded", async () => {
    const { value: captured, ms } = await timed(fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/storm`)));
    expect(ms).toBeLessThan(TIMEOUT_MS);
    expect(captured.title).toBe("弹窗风暴");
    // Chromium's popup blocker refused them: not one popup's request reached the site or the WARC.
    expect(captured.provenance.resources.requests).toBe(1);
  });

  it("a download is refused: as the page asked for, it fails as not a web page; started by a loaded page, it is noted", async () => {
    const direct = await fixture.failureOf(fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/file.zip`)));
    expect(direct.code).toBe("notHtml");
    const captured = await fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/downloads`));
    expect(captured.title).toBe("自动下载");
    expect(captured.provenance.blocked).toContainEqual(expect.objectContaining({ url: `${fixture.sites.httpOrigin}/file.zip`, reason: "download" }));
  });

  it("a websocket is refused and noted", async () => {
    const captured = await fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/socket`));
    expect(captured.provenance.blocked).toContainEqual(expect.objectContaining({ reason: "websocket", url: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/ws$/) }));
  });

  it("an alert() loop holds the page forever: the capture ends as timed out, on time", async () => {
    const { value: failure, ms } = await timed(fixture.failureOf(fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/alerts`))));
    expect(failure.code).toBe("timeout");
    expect(ms).toBeLessThan(TIMEOUT_MS + CLOSE_MARGIN_MS);
  });

  it("a page that never finishes loading is recorded as far as it came, within the capture's time", async () => {
    const { value: captured, ms } = await timed(fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/never`)));
    expect(ms).toBeLessThan(TIMEOUT_MS + CLOSE_MARGIN_MS);
    expect(captured.title).toBe("永不加载完");
    expect(captured.html.toString()).toContain("永不加载完");
  });

  it("a capture whose job is aborted (the server shutting down) ends at once as interrupted", async () => {
    const job = fixture.job(`${fixture.sites.httpOrigin}/never`);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 500);
    const { value: failure, ms } = await timed(fixture.failureOf(fixture.engine.capture({ ...job, signal: stop.signal })));
    expect(failure.code).toBe("interrupted");
    expect(ms).toBeLessThan(3_000);
  });

  it("a main document outside the allow-list is refused before any connection, with the network's reason", async () => {
    // 127.0.0.2 is loopback but not on the allow-list; 127.0.0.1 is, with the sites' ports only.
    const address = await fixture.failureOf(fixture.engine.capture(fixture.job("http://127.0.0.2/")));
    expect(address.code).toBe("addressRefused");
    const port = await fixture.failureOf(fixture.engine.capture(fixture.job("http://127.0.0.1:9/")));
    expect(port.code).toBe("portRefused");
  });

  it("the browser crashing mid-capture fails that capture as browserFailed, and the next capture works", async () => {
    const failure = await fixture.failureOf(fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/crash`)));
    expect(failure.code).toBe("browserFailed");
    const captured = await fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}/after`));
    expect(captured.title).toBe("恢复之后");
  });
});
