import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createServer } from "node:net";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { WARCParser } from "warcio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RequestRefusedError, type CaptureNetworkSettings, type OutgoingRequest } from "../../server/capture/capture-engine.types.js";
import { createCaptureNetwork } from "../../server/capture/network/capture-network.js";
import type { Resolver } from "../../server/capture/network/resolver.js";
import { startTestSites, type TestSites } from "./support/test-sites.js";

let sites: TestSites;
let workDir: string;
let captureId = 0;
const hits = new Map<string, number>();
const page = "<!doctype html><title>测试页</title><p>证据内容</p>";

beforeAll(async () => {
  sites = await startTestSites();
  workDir = await mkdtemp(join(tmpdir(), "capture-network-"));
  const count = (path: string) => hits.set(path, (hits.get(path) ?? 0) + 1);
  sites.route("/page", (_request, response) => {
    count("/page");
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "X-Custom-Order": "1" }).end(page);
  });
  sites.route("/gzip", (_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip" }).end(gzipSync(page));
  });
  sites.route("/br", (_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "br" }).end(brotliCompressSync(page));
  });
  sites.route("/deflate", (_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "deflate" }).end(deflateSync(page));
  });
  sites.route("/raw-deflate", (_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "deflate" }).end(deflateRawSync(page));
  });
  sites.route("/bomb", (_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" }).end(gzipSync(Buffer.alloc(5_000_000)));
  });
  sites.route("/cut", (_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html", "Content-Length": "1000" });
    response.write("only part of it");
    setTimeout(() => response.socket?.destroy(), 20);
  });
  sites.route("/big", (_request, response) => {
    response.writeHead(200, { "Content-Type": "application/octet-stream" }).end(Buffer.alloc(300_000, 7));
  });
  sites.route("/slow", (_request, response) => {
    const timer = setTimeout(() => response.end("late"), 5000);
    response.once("close", () => clearTimeout(timer));
  });
  sites.route("/moved", (_request, response) => {
    response.writeHead(302, { Location: "/page?from=moved" }).end();
  });
  sites.route("/echo", async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ method: request.method, host: request.headers.host, acceptEncoding: request.headers["accept-encoding"], body: Buffer.concat(chunks).toString() }));
  });
});

afterAll(async () => {
  await sites?.close();
  await rm(workDir, { recursive: true, force: true });
});

function settings(overrides: Partial<CaptureNetworkSettings> = {}): CaptureNetworkSettings {
  return { allowedHosts: sites.allowedHosts, extraCaCertificates: [sites.caPem], workDir, maxBytes: 1_000_000, maxRequests: 50, requestTimeoutMs: 5000, ...overrides };
}

function get(url: string, headers: Record<string, string> = { accept: "text/html" }): OutgoingRequest {
  return { url, method: "GET", headers, body: null, isNavigation: true };
}

const live = () => new AbortController().signal;

async function refusal(promise: Promise<unknown>): Promise<RequestRefusedError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RequestRefusedError);
  return error as RequestRefusedError;
}

async function readWarc(path: string, parseHttp: boolean) {
  const records = [];
  for await (const record of new WARCParser(createReadStream(path), { parseHttp, keepHeadersCase: true })) {
    const content = Buffer.from(await record.readFully(false));
    records.push({ record, content });
  }
  return records;
}

const sha256 = (bytes: Buffer) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`;

describe("the capture network on loopback, with the allow-list", () => {
  it("fetches over HTTP pinned to the checked address and records the origin", async () => {
    const network = createCaptureNetwork(settings(), ++captureId);
    const response = await network.fetch(get(`${sites.httpOrigin}/page`), live());
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(page);
    expect(response.remoteAddress).toBe("127.0.0.1");
    expect(response.rawHeaders.slice(0, 2)).toEqual([
      ["Content-Type", "text/html; charset=utf-8"],
      ["X-Custom-Order", "1"],
    ]);
    expect(network.origins()).toEqual([{ origin: sites.httpOrigin, addresses: ["127.0.0.1"], dns: [], tls: null }]);
    expect(network.localAddresses()).toEqual(["127.0.0.1"]);
    expect(network.totals()).toEqual({ requests: 1, failed: 0, bytes: Buffer.byteLength(page) });
    await network.discard();
  });

  it("fetches over HTTPS and records the chain as served, with the trusted root it verified against", async () => {
    const network = createCaptureNetwork(settings(), ++captureId);
    const response = await network.fetch(get(`${sites.httpsOrigin}/page`), live());
    expect(response.body.toString()).toBe(page);
    const [origin] = network.origins();
    expect(origin?.tls).toMatchObject({ authorized: true, authorizationError: null, protocol: expect.stringMatching(/^TLSv1\.[23]$/), cipher: expect.any(String) });
    expect(origin?.tls?.certificates.map(({ pem }) => pem)).toEqual([...sites.chainPems, sites.caPem]);
    expect(origin?.tls?.certificates[0]).toMatchObject({ subject: expect.stringContaining("CN=127.0.0.1"), issuer: expect.stringContaining("Intermediate"), fingerprint256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/) });
    await network.discard();
  });

  it("refuses a chain it does not trust before sending the request, and still records it", async () => {
    const network = createCaptureNetwork(settings({ extraCaCertificates: [] }), ++captureId);
    const before = hits.get("/page") ?? 0;
    const error = await refusal(network.fetch(get(`${sites.httpsOrigin}/page`), live()));
    expect(error.reason).toBe("tlsInvalid");
    expect(hits.get("/page") ?? 0).toBe(before);
    const [origin] = network.origins();
    expect(origin?.tls).toMatchObject({ authorized: false, authorizationError: expect.any(String) });
    expect(origin?.tls?.certificates.map(({ pem }) => pem)).toEqual(sites.chainPems);
    expect(network.blocked()).toEqual([{ url: `${sites.httpsOrigin}/page`, reason: "tlsInvalid", detail: error.detail }]);
    await network.discard();
  });

  it("checks the certificate against the name asked for, sent as SNI", async () => {
    const answers: Resolver = async () => ({ addresses: ["127.0.0.1"], dns: [{ type: "A", value: "127.0.0.1", ttl: 300 }] });
    const port = new URL(sites.httpsOrigin).port;
    const network = createCaptureNetwork(settings({ allowedHosts: [`localhost:${port}`, `other.test:${port}`] }), ++captureId, { resolve: answers });
    const response = await network.fetch(get(`https://localhost:${port}/page`), live());
    expect(response.status).toBe(200);
    const wrongName = await refusal(network.fetch(get(`https://other.test:${port}/page`), live()));
    expect(wrongName.reason).toBe("tlsInvalid");
    expect(network.origins()).toEqual([
      expect.objectContaining({ origin: `https://localhost:${port}`, addresses: ["127.0.0.1"], dns: [{ type: "A", value: "127.0.0.1", ttl: 300 }], tls: expect.objectContaining({ authorized: true }) }),
      expect.objectContaining({ origin: `https://other.test:${port}`, tls: expect.objectContaining({ authorized: false, authorizationError: "ERR_TLS_CERT_ALTNAME_INVALID" }) }),
    ]);
    await network.discard();
  });

  it("asks only for encodings it can decode, and forwards the method, body and Host", async () => {
    const network = createCaptureNetwork(settings(), ++captureId);
    const response = await network.fetch({ url: `${sites.httpOrigin}/echo?x=1`, method: "POST", headers: { "accept-encoding": "gzip, deflate, br, zstd", host: "evil.example", "content-type": "text/plain" }, body: Buffer.from("表单"), isNavigation: false }, live());
    expect(JSON.parse(response.body.toString())).toEqual({ method: "POST", host: new URL(sites.httpOrigin).host, acceptEncoding: "gzip, deflate, br", body: "表单" });
    await network.discard();
  });

  it("neither sends nor records credentials written into a URL", async () => {
    const network = createCaptureNetwork(settings({ maxRequests: 1 }), ++captureId);
    const withSecret = `${sites.httpOrigin.replace("://", "://holder:s3cret@")}/echo`;
    const response = await network.fetch(get(withSecret), live());
    expect(JSON.parse(response.body.toString())).toMatchObject({ method: "GET" });
    await refusal(network.fetch(get(withSecret), live()));
    expect(network.blocked()).toEqual([expect.objectContaining({ url: `${sites.httpOrigin}/echo`, reason: "tooManyRequests" })]);
    const { warcPath } = await network.finish();
    const records = await readWarc(warcPath, false);
    expect(records.map(({ content }) => content.toString("latin1")).join("")).not.toMatch(/s3cret|authorization/i);
    expect(records[1]!.record.warcTargetURI).toBe(`${sites.httpOrigin}/echo`);
    await network.discard();
  });

  it("records redirects without following them", async () => {
    const network = createCaptureNetwork(settings(), ++captureId);
    const before = hits.get("/page") ?? 0;
    const response = await network.fetch(get(`${sites.httpOrigin}/moved`), live());
    expect(response.status).toBe(302);
    expect(network.redirects()).toEqual([{ from: `${sites.httpOrigin}/moved`, to: `${sites.httpOrigin}/page?from=moved`, status: 302 }]);
    expect(hits.get("/page") ?? 0).toBe(before);
    await network.discard();
  });
});

describe("bodies and broken exchanges", () => {
  it.each(["/br", "/deflate", "/raw-deflate"])("decodes %s for the browser", async (path) => {
    const network = createCaptureNetwork(settings(), ++captureId);
    expect((await network.fetch(get(`${sites.httpOrigin}${path}`), live())).body.toString()).toBe(page);
    await network.discard();
  });

  it("refuses a body that decodes past maxBytes", async () => {
    const network = createCaptureNetwork(settings({ maxBytes: 1_000_000 }), ++captureId);
    expect((await refusal(network.fetch(get(`${sites.httpOrigin}/bomb`), live()))).reason).toBe("tooLarge");
    expect(network.totals().bytes).toBeLessThan(100_000);
    await network.discard();
  });

  it("fails a response cut short and a port nobody listens on", async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const network = createCaptureNetwork(settings({ allowedHosts: [...sites.allowedHosts, `127.0.0.1:${closed}`] }), ++captureId);
    expect((await refusal(network.fetch(get(`${sites.httpOrigin}/cut`), live()))).reason).toBe("connectionFailed");
    const refused = await refusal(network.fetch(get(`http://127.0.0.1:${closed}/`), live()));
    expect(refused).toMatchObject({ reason: "connectionFailed", detail: expect.stringContaining("ECONNREFUSED") });
    expect(network.totals()).toMatchObject({ requests: 2, failed: 2 });
    await network.discard();
  });
});

describe("a host with several addresses", () => {
  it("tries the next address when one cannot be connected to, and records the one used", async () => {
    const port = new URL(sites.httpOrigin).port;
    // Nothing listens on 127.0.0.3: the first answer is refused at connect time.
    const answers: Resolver = async (hostname) => {
      const addresses = hostname === "multi.test" ? ["127.0.0.3", "127.0.0.1"] : ["127.0.0.3", "127.0.0.4"];
      return { addresses, dns: addresses.map((value) => ({ type: "A" as const, value, ttl: 30 })) };
    };
    const network = createCaptureNetwork(settings({ allowedHosts: [`multi.test:${port}`, `dead.test:${port}`] }), ++captureId, { resolve: answers });
    expect((await network.fetch(get(`http://multi.test:${port}/page`), live())).remoteAddress).toBe("127.0.0.1");
    expect(network.origins()[0]).toMatchObject({ origin: `http://multi.test:${port}`, addresses: ["127.0.0.1"] });
    const dead = await refusal(network.fetch(get(`http://dead.test:${port}/page`), live()));
    expect(dead.reason).toBe("connectionFailed");
    expect(dead.detail).toContain("127.0.0.3");
    expect(dead.detail).toContain("127.0.0.4");
    await network.discard();
  });
});

describe("the capture network's bounds", () => {
  it("aborts a response past maxBytes and refuses what follows", async () => {
    const network = createCaptureNetwork(settings({ maxBytes: 100_000 }), ++captureId);
    expect((await refusal(network.fetch(get(`${sites.httpOrigin}/big`), live()))).reason).toBe("tooLarge");
    expect((await refusal(network.fetch(get(`${sites.httpOrigin}/page`), live()))).reason).toBe("tooLarge");
    expect(network.totals().bytes).toBeLessThan(300_000);
    expect(network.blocked().map(({ reason }) => reason)).toEqual(["tooLarge", "tooLarge"]);
    await network.discard();
  });

  it("refuses requests past maxRequests", async () => {
    const network = createCaptureNetwork(settings({ maxRequests: 2 }), ++captureId);
    await network.fetch(get(`${sites.httpOrigin}/page`), live());
    await network.fetch(get(`${sites.httpOrigin}/page`), live());
    expect((await refusal(network.fetch(get(`${sites.httpOrigin}/page`), live()))).reason).toBe("tooManyRequests");
    expect(network.totals()).toMatchObject({ requests: 3, failed: 1 });
    await network.discard();
  });

  it("gives up on a request past its time, and on the capture's own signal without calling it a refusal", async () => {
    const network = createCaptureNetwork(settings({ requestTimeoutMs: 300 }), ++captureId);
    const started = Date.now();
    expect((await refusal(network.fetch(get(`${sites.httpOrigin}/slow`), live()))).reason).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3000);
    const stop = new AbortController();
    const stopped = network.fetch(get(`${sites.httpsOrigin}/slow`), stop.signal);
    setTimeout(() => stop.abort(), 50);
    await refusal(stopped);
    expect(network.blocked().map(({ reason }) => reason)).toEqual(["timeout"]);
    expect(network.totals()).toMatchObject({ requests: 2, failed: 2 });
    await network.discard();
  });
});

describe("the capture network without the allow-list", () => {
  it("refuses loopback before connecting, whatever the name resolves to", async () => {
    const before = hits.get("/page") ?? 0;
    const toLoopback: Resolver = async () => ({ addresses: ["127.0.0.1"], dns: [{ type: "A", value: "127.0.0.1", ttl: 1 }] });
    const network = createCaptureNetwork(settings({ allowedHosts: [] }), ++captureId, { resolve: toLoopback });
    expect((await refusal(network.fetch(get(`${sites.httpOrigin}/page`), live()))).reason).toBe("addressRefused");
    expect((await refusal(network.fetch(get("http://rebind.test/page"), live()))).reason).toBe("addressRefused");
    expect(hits.get("/page") ?? 0).toBe(before);
    expect(network.origins()).toEqual([]);
    await network.discard();
  });

  it("allows a named host only on 80/443 unless its port is named too", async () => {
    const network = createCaptureNetwork(settings({ allowedHosts: ["127.0.0.1"] }), ++captureId);
    expect((await refusal(network.fetch(get(`${sites.httpOrigin}/page`), live()))).reason).toBe("portRefused");
    await network.discard();
  });
});

describe("the capture's WARC", () => {
  it("holds warcinfo, each exchange as received, and the resources, with digests that check", async () => {
    const network = createCaptureNetwork(settings(), ++captureId);
    const decoded = await network.fetch(get(`${sites.httpsOrigin}/gzip`), live());
    expect(decoded.body.toString()).toBe(page);
    await network.fetch(get(`${sites.httpOrigin}/page`), live());
    const screenshot = Buffer.from("89504e470d0a1a0a", "hex");
    await network.addResource("file:///screenshot.png", "image/png", screenshot);
    const { warcPath } = await network.finish();
    expect(warcPath.startsWith(workDir)).toBe(true);
    expect(warcPath).toMatch(new RegExp(`/${captureId}-[0-9a-f]{12}/data\\.warc\\.gz$`));

    const parsed = await readWarc(warcPath, true);
    expect(parsed.map(({ record }) => [record.warcType, record.warcTargetURI ?? null])).toEqual([
      ["warcinfo", null],
      ["response", `${sites.httpsOrigin}/gzip`],
      ["request", `${sites.httpsOrigin}/gzip`],
      ["response", `${sites.httpOrigin}/page`],
      ["request", `${sites.httpOrigin}/page`],
      ["resource", "file:///screenshot.png"],
    ]);
    const [info, gzipResponse, gzipRequest, , , resource] = parsed;
    expect(info!.record.warcHeaders.statusline).toBe("WARC/1.1");
    expect(info!.content.toString()).toContain(`capture-id: ${captureId}`);
    // The WARC keeps the body still gzip-encoded, as received; Transfer-Encoding is not kept.
    expect(gzipResponse!.content.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(gzipResponse!.record.httpHeaders?.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzipResponse!.record.httpHeaders?.headers.get("Transfer-Encoding")).toBeFalsy();
    expect(gzipResponse!.record.warcHeaders.headers.get("WARC-IP-Address")).toBe("127.0.0.1");
    expect(gzipRequest!.record.warcConcurrentTo).toEqual([gzipResponse!.record.warcHeaders.headers.get("WARC-Record-ID")]);
    expect(gzipRequest!.record.httpHeaders?.statusline).toBe("GET /gzip HTTP/1.1");
    expect(gzipRequest!.record.httpHeaders?.headers.get("Accept-Encoding")).toBe("gzip, deflate, br");
    expect([...parsed[3]!.record.httpHeaders!.headers.keys()].slice(0, 2)).toEqual(["Content-Type", "X-Custom-Order"]);
    expect(resource!.record.warcContentType).toBe("image/png");
    expect(resource!.content).toEqual(screenshot);
    for (const { record, content } of parsed.slice(1)) {
      expect(record.warcPayloadDigest).toBe(sha256(content));
    }

    const blocks = await readWarc(warcPath, false);
    for (const { record, content } of blocks.slice(1)) {
      expect(record.warcBlockDigest).toBe(sha256(content));
      expect(Number(record.warcHeaders.headers.get("Content-Length"))).toBe(content.length);
    }
    await rm(dirname(warcPath), { recursive: true, force: true });
  });

  it("leaves nothing behind when discarded", async () => {
    const network = createCaptureNetwork(settings(), ++captureId);
    await network.fetch(get(`${sites.httpOrigin}/page`), live());
    const { warcPath } = await network.finish();
    expect(existsSync(warcPath)).toBe(true);
    await network.discard();
    expect(existsSync(dirname(warcPath))).toBe(false);
  });
});
