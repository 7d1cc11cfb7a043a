import { createReadStream } from "node:fs";
import { WARCParser } from "warcio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CaptureProvenanceSchema, CaptureQaSchema } from "../../src/schema/capture.js";
import { createBrowserPool } from "../../server/capture/browser/browser-pool.js";
import { measurePngInk } from "../../server/capture/browser/png-ink.js";
import { CAPTURE_RESOURCE_URIS } from "../../server/capture/capture-engine.types.js";
import { htmlPage, startEngineFixture, type EngineFixture } from "./support/capture-jobs.js";

let fixture: EngineFixture;
const hits = new Set<string>();

const svg = (colour: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120"><rect width="200" height="120" fill="${colour}"/></svg>`;

beforeAll(async () => {
  fixture = await startEngineFixture();
  const { sites } = fixture;
  sites.route("/start", (_request, response) => {
    response.writeHead(302, { location: `${sites.httpsOrigin}/article` }).end();
  });
  sites.route(
    "/article",
    htmlPage(`<title>取证测试文章</title><link rel="stylesheet" href="/style.css">
<h1>网页取证测试</h1><p>${"这是一段用于取证测试的正文内容。".repeat(40)}</p>
<div style="height:3200px"></div>
<img loading="lazy" src="/lazy-native.svg" width="200" height="120" alt="原生懒加载">
<div style="height:1600px"></div>
<img class="observed" data-src="/lazy-observed.svg" width="200" height="120" alt="滚动加载">
<script>
  new IntersectionObserver((entries, observer) => {
    for (const entry of entries) if (entry.isIntersecting) { entry.target.src = entry.target.dataset.src; observer.unobserve(entry.target); }
  }).observe(document.querySelector(".observed"));
</script>`),
  );
  sites.route("/style.css", (_request, response) => {
    response.writeHead(200, { "content-type": "text/css" }).end("body { font-family: sans-serif; color: #123; }");
  });
  for (const [path, colour] of [["/lazy-native.svg", "teal"], ["/lazy-observed.svg", "orange"]]) {
    sites.route(path, (_request, response) => {
      hits.add(path);
      response.writeHead(200, { "content-type": "image/svg+xml" }).end(svg(colour));
    });
  }
});

afterAll(async () => {
  await fixture?.close();
});

async function warcRecords(path: string) {
  const records: { type: string; uri: string; content: Buffer }[] = [];
  for await (const record of new WARCParser(createReadStream(path))) {
    records.push({ type: record.warcType ?? "", uri: record.warcTargetURI ?? "", content: Buffer.from(await record.readFully(false)) });
  }
  return records;
}

describe("capturing a page in real Chromium", () => {
  it("follows a redirect to an HTTPS origin with the test CA, scrolls lazy images in, and records everything", async () => {
    const { sites, engine } = fixture;
    const job = fixture.job(`${sites.httpOrigin}/start`);
    const captured = await engine.capture(job);

    expect(job.stages).toEqual(["opening", "scrolling", "recording", "checking"]);
    expect(captured.finalUrl).toBe(`${sites.httpsOrigin}/article`);
    expect(captured.title).toBe("取证测试文章");
    // Both lazy images were only requested because the page was scrolled to them.
    expect([...hits].sort()).toEqual(["/lazy-native.svg", "/lazy-observed.svg"]);
    const ink = await measurePngInk(captured.screenshot);
    expect(ink.width).toBe(1366);
    expect(ink.height).toBeGreaterThan(4800);
    expect(captured.html.toString()).toContain("网页取证测试");
    expect(captured.html.toString()).toContain('src="/lazy-observed.svg"');
    expect(captured.pdf.subarray(0, 5).toString()).toBe("%PDF-");

    const provenance = CaptureProvenanceSchema.parse(captured.provenance);
    expect(provenance.redirects).toContainEqual({ from: `${sites.httpOrigin}/start`, to: `${sites.httpsOrigin}/article`, status: 302 });
    const secure = provenance.origins.find((origin) => origin.origin === sites.httpsOrigin);
    expect(secure?.addresses).toEqual(["127.0.0.1"]);
    expect(secure?.tls?.authorized).toBe(true);
    // The chain as served, leaf then intermediate, is what the provenance keeps.
    expect(secure?.tls?.certificates.slice(0, 2).map((certificate) => certificate.pem.trim())).toEqual(sites.chainPems.map((pem) => pem.trim()));
    expect(provenance.software).toMatchObject({ platform: "evidence-platform", version: "0.1.0-test", node: process.version });
    expect(provenance.software.chromium).toMatch(/^Chromium \d+\./);
    expect(provenance.software.automation).toMatch(/^playwright-core \d+\./);
    expect(provenance.node.publicAddress).toBe("203.0.113.7");
    expect(provenance.node.localAddresses).toContain("127.0.0.1");
    expect(provenance.options).toMatchObject({ viewport: { width: 1366, height: 768 }, timeoutMs: 20_000 });
    expect(provenance.options.userAgent).toMatch(/Chrome\/\d+\.0\.0\.0 Safari\/537\.36 HengzhengCapture\/0\.1\.0-test$/);
    expect(provenance.options.userAgent).not.toContain("Headless");
    expect(provenance.blocked).toEqual([]);
    expect(Date.parse(provenance.endedAt)).toBeGreaterThanOrEqual(Date.parse(provenance.startedAt));

    const qa = CaptureQaSchema.parse(captured.qa);
    expect(qa).toMatchObject({ passed: true, findings: [] });
    expect(qa.metrics.mainStatus).toBe(200);

    const records = await warcRecords(captured.warcPath);
    const uris = records.map((record) => `${record.type} ${record.uri}`);
    expect(uris).toContain(`response ${sites.httpOrigin}/start`);
    expect(uris).toContain(`response ${sites.httpsOrigin}/article`);
    expect(uris).toContain(`response ${sites.httpsOrigin}/lazy-observed.svg`);
    for (const uri of Object.values(CAPTURE_RESOURCE_URIS)) expect(uris).toContain(`resource ${uri}`);
    const resource = (uri: string) => records.find((record) => record.type === "resource" && record.uri === uri)!.content;
    expect(resource(CAPTURE_RESOURCE_URIS.screenshot).equals(captured.screenshot)).toBe(true);
    expect(JSON.parse(resource(CAPTURE_RESOURCE_URIS.provenance).toString())).toEqual(provenance);
    expect(JSON.parse(resource(CAPTURE_RESOURCE_URIS.qa).toString())).toEqual(qa);
    const summary = resource(CAPTURE_RESOURCE_URIS.provenanceSummary).toString();
    expect(summary).toContain("取证环境与过程记录");
    expect(summary).toContain(`${sites.httpOrigin}/start → ${sites.httpsOrigin}/article（302）`);
    expect(summary).toContain("证书链验证通过");
  });

  it("gives every capture a fresh context: nothing one page stored reaches the next", async () => {
    const { sites, engine } = fixture;
    sites.route("/remember", (_request, response) => {
      response
        .writeHead(200, { "content-type": "text/html; charset=utf-8", "set-cookie": "visitor=first; Path=/; Max-Age=3600" })
        .end(`<!doctype html><title>记住</title><h1>记住访客</h1><p>${"正文".repeat(100)}</p><script>localStorage.setItem("visitor", "first");</script>`);
    });
    sites.route("/recall", (request, response) => {
      const cookie = request.headers.cookie ?? "无";
      response
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(`<!doctype html><title>回忆</title><h1 id="cookie">${cookie}</h1><p>${"正文".repeat(100)}</p><script>document.title = "storage:" + (localStorage.getItem("visitor") ?? "无");</script>`);
    });
    await engine.capture(fixture.job(`${sites.httpOrigin}/remember`));
    const second = await engine.capture(fixture.job(`${sites.httpOrigin}/recall`));
    expect(second.title).toBe("storage:无");
    expect(second.html.toString()).toContain('<h1 id="cookie">无</h1>');
  });

  it("answers whether Chromium is there, and says how to install it when not", async () => {
    await expect(fixture.engine.availability()).resolves.toMatchObject({ available: true, chromium: expect.stringMatching(/^Chromium \d+\./) });
    const missing = createBrowserPool({ chromiumPath: "/nonexistent/chromium", concurrency: 1 });
    const answer = await missing.availability();
    expect(answer.available).toBe(false);
    expect(answer.available === false && answer.reason).toContain("sudo apt-get install -y chromium fonts-noto-cjk");
    await missing.close();
  });

  it("fails a capture cleanly when Chromium cannot start", async () => {
    const broken = await startEngineFixture({}, { chromiumPath: "/nonexistent/chromium" });
    try {
      const failure = await broken.failureOf(broken.engine.capture(broken.job(`${broken.sites.httpOrigin}/`)));
      expect(failure.code).toBe("browserFailed");
    } finally {
      await broken.close();
    }
  });
});

describe("the browser pool", () => {
  it("reaches nothing by itself: a context without our interception cannot load even a loopback page", async () => {
    const { sites } = fixture;
    sites.route("/direct", htmlPage("<p>direct</p>"));
    const pool = createBrowserPool({ chromiumPath: "/usr/bin/chromium", concurrency: 1 });
    const lease = await pool.acquire(new AbortController().signal);
    try {
      const context = await lease.browser.newContext();
      const page = await context.newPage();
      await expect(page.goto(`${sites.httpOrigin}/direct`, { timeout: 10_000 })).rejects.toThrow(/ERR_PROXY_CONNECTION_FAILED/);
      await context.close();
    } finally {
      lease.release();
      await pool.close();
    }
  });

  it("keeps WebRTC off the network: a peer connection gathers no ICE candidate", async () => {
    const { sites } = fixture;
    // No STUN server is named, so only local (host) candidates could appear; the policy allows none.
    sites.route(
      "/webrtc",
      htmlPage(`<title>webrtc</title><h1>WebRTC</h1><p>${"正文".repeat(100)}</p><script>
  const found = [];
  const peer = new RTCPeerConnection();
  peer.createDataChannel("probe");
  peer.onicecandidate = (event) => { if (event.candidate && event.candidate.candidate) found.push(event.candidate.candidate); };
  peer.createOffer().then((offer) => peer.setLocalDescription(offer));
  peer.onicegatheringstatechange = () => { if (peer.iceGatheringState === "complete") document.title = "candidates:" + found.length; };
</script>`),
    );
    const captured = await fixture.engine.capture(fixture.job(`${sites.httpOrigin}/webrtc`));
    expect(captured.title).toBe("candidates:0");
  });

  it("holds at most `concurrency` captures at once; the next waits in turn, and a waiter can give up", async () => {
    const pool = createBrowserPool({ chromiumPath: "/usr/bin/chromium", concurrency: 1 });
    try {
      const first = await pool.acquire(new AbortController().signal);
      let secondGranted = false;
      const second = pool.acquire(new AbortController().signal).then((lease) => {
        secondGranted = true;
        return lease;
      });
      const giveUp = new AbortController();
      const third = pool.acquire(giveUp.signal);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(secondGranted).toBe(false);
      expect(pool.depth()).toEqual({ running: 1, waiting: 2 });
      giveUp.abort(new Error("gave up"));
      await expect(third).rejects.toThrow("gave up");
      first.release();
      const lease = await second;
      expect(lease.browser).toBe(first.browser);
      expect(pool.depth()).toEqual({ running: 1, waiting: 0 });
      lease.release();
      expect(pool.depth()).toEqual({ running: 0, waiting: 0 });
    } finally {
      await pool.close();
    }
  });
});
