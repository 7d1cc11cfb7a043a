import net from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BlockedRequestReason } from "../../src/schema/capture.js";
import { RequestRefusedError } from "../../server/capture/capture-engine.types.js";
import { checkAddress, checkResolvedAddresses, checkUrl } from "../../server/capture/network/address-policy.js";
import { createHostAdmission, parseAllowedHosts } from "../../server/capture/network/allowed-hosts.js";
import { createCaptureNetwork } from "../../server/capture/network/capture-network.js";
import type { Resolver } from "../../server/capture/network/resolver.js";
import { checkCaptureUrl } from "../../server/capture/network/target-admission.js";

// Every case here must be refused before a connection exists: nothing in this file may open a
// socket, and the network-level cases below fail loudly if the fetcher even tries.

const HOSTILE: [url: string, reason: BlockedRequestReason][] = [
  // loopback in every spelling the WHATWG parser accepts
  ["http://127.0.0.1/", "addressRefused"],
  ["http://127.1/", "addressRefused"],
  ["http://2130706433/", "addressRefused"],
  ["http://0177.0.0.1/", "addressRefused"],
  ["http://0x7f.1/", "addressRefused"],
  ["http://0x7f000001/", "addressRefused"],
  ["http://017700000001/", "addressRefused"],
  ["http://0x7f.0x0.0x0.0x1/", "addressRefused"],
  ["http://127.000.000.001/", "addressRefused"],
  ["http://127.0.0.1./", "addressRefused"],
  ["http://127.255.255.254/", "addressRefused"],
  ["http://①②⑦.0.0.1/", "addressRefused"],
  ["http://localhost/", "addressRefused"],
  ["http://LOCALHOST./", "addressRefused"],
  ["http://api.localhost/", "addressRefused"],
  ["http://[::1]/", "addressRefused"],
  ["http://[0:0:0:0:0:0:0:1]/", "addressRefused"],
  // unspecified
  ["http://0.0.0.0/", "addressRefused"],
  ["http://0/", "addressRefused"],
  ["http://[::]/", "addressRefused"],
  // private, shared, link-local, metadata
  ["http://10.0.0.1/", "addressRefused"],
  ["http://172.16.0.1/", "addressRefused"],
  ["http://172.31.255.255/", "addressRefused"],
  ["http://192.168.1.1/", "addressRefused"],
  ["http://100.64.0.1/", "addressRefused"],
  ["http://169.254.1.1/", "addressRefused"],
  ["http://169.254.169.254/latest/meta-data/", "addressRefused"],
  ["http://[fd00:ec2::254]/", "addressRefused"],
  ["http://[fe80::1]/", "addressRefused"],
  ["http://[fc00::1]/", "addressRefused"],
  ["http://[fd12:3456::1]/", "addressRefused"],
  ["http://[fec0::1]/", "addressRefused"],
  // multicast, broadcast, reserved, documentation, benchmark, IETF
  ["http://224.0.0.1/", "addressRefused"],
  ["http://239.255.255.250/", "addressRefused"],
  ["http://[ff02::1]/", "addressRefused"],
  ["http://255.255.255.255/", "addressRefused"],
  ["http://240.0.0.1/", "addressRefused"],
  ["http://192.0.2.1/", "addressRefused"],
  ["http://198.51.100.7/", "addressRefused"],
  ["http://203.0.113.9/", "addressRefused"],
  ["http://198.18.0.1/", "addressRefused"],
  ["http://192.0.0.8/", "addressRefused"],
  ["http://[2001:db8::1]/", "addressRefused"],
  ["http://[100::1]/", "addressRefused"],
  // IPv4 carried in IPv6
  ["http://[::ffff:127.0.0.1]/", "addressRefused"],
  ["http://[::ffff:7f00:1]/", "addressRefused"],
  ["http://[0:0:0:0:0:ffff:127.0.0.1]/", "addressRefused"],
  ["https://[::ffff:a00:1]/", "addressRefused"],
  ["http://[::ffff:169.254.169.254]/", "addressRefused"],
  ["http://[::127.0.0.1]/", "addressRefused"],
  ["http://[::8.8.8.8]/", "addressRefused"],
  ["http://[64:ff9b::10.0.0.1]/", "addressRefused"],
  ["http://[64:ff9b:1::1]/", "addressRefused"],
  ["http://[2002:7f00:1::]/", "addressRefused"],
  ["http://[2002:c0a8:101::1]/", "addressRefused"],
  ["http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "addressRefused"],
  ["http://[2001:0:a00:1::1]/", "addressRefused"],
  // credentials and parser confusion around a refused host
  ["http://user:pass@127.0.0.1/", "addressRefused"],
  ["http://example.com@127.0.0.1/", "addressRefused"],
  ["http://127.0.0.1#@example.com/", "addressRefused"],
  ["http://127.0.0.1\\@example.com/", "addressRefused"],
  ["http://127.0.0.1:80@example.com@10.0.0.1/", "addressRefused"],
  // ports
  ["http://127.0.0.1:22/", "addressRefused"],
  ["http://8.8.8.8:22/", "portRefused"],
  ["https://example.com:8443/", "portRefused"],
  ["http://example.com:6379/", "portRefused"],
  ["http://example.com:0/", "portRefused"],
  // schemes
  ["file:///etc/passwd", "schemeRefused"],
  ["ftp://example.com/", "schemeRefused"],
  ["data:text/html,<script>alert(1)</script>", "schemeRefused"],
  ["javascript:alert(1)", "schemeRefused"],
  ["gopher://127.0.0.1:6379/_INFO", "schemeRefused"],
  ["ws://example.com/socket", "schemeRefused"],
  ["blob:http://example.com/0b1c", "schemeRefused"],
  ["chrome://settings", "schemeRefused"],
  ["not a url", "schemeRefused"],
];

const PUBLIC = [
  "http://example.com/",
  "https://example.com:443/path?q=1",
  "https://example.com:80/",
  "http://8.8.8.8/",
  "http://172.32.0.1/",
  "http://100.128.0.1/",
  "http://192.169.0.1/",
  "https://[2606:4700:4700::1111]/",
  "http://[::ffff:8.8.8.8]/",
  "http://[64:ff9b::808:808]/",
  "http://[2002:808:808::1]/",
  "http://user:pass@example.com/",
];

describe("the capture address policy, with no allow-list", () => {
  it("has a corpus of at least 40 hostile URLs", () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(HOSTILE)("refuses %s (%s) with a Chinese detail", (url, reason) => {
    const verdict = checkUrl(url);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.reason).toBe(reason);
    expect(verdict.detail).toMatch(/[\u4e00-\u9fff]/);
  });

  it.each(PUBLIC)("lets %s through to DNS or the connection", (url) => {
    expect(checkUrl(url)).toMatchObject({ ok: true });
  });

  it("names what the address is", () => {
    expect(checkAddress("169.254.169.254")).toMatchObject({ ok: false, detail: expect.stringContaining("云服务元数据地址") });
    expect(checkAddress("::ffff:10.1.2.3")).toMatchObject({ ok: false, detail: expect.stringContaining("私有网络地址") });
    expect(checkAddress("2001:0:4136:e378:8000:63bf:80ff:fffe")).toMatchObject({ ok: false, detail: expect.stringContaining("127.0.0.1") });
    expect(checkAddress("93.184.216.34")).toEqual({ ok: true });
  });

  it("pins the target to the URL's host and port", () => {
    expect(checkUrl("https://EXAMPLE.com/a?b")).toMatchObject({ ok: true, target: { host: "example.com", port: 443, isAddressLiteral: false } });
    expect(checkUrl("http://[2606:4700:4700::1111]/")).toMatchObject({ ok: true, target: { host: "2606:4700:4700::1111", port: 80, isAddressLiteral: true } });
  });
});

describe("DNS answers", () => {
  it("refuses a name when any answer is refused (no mixed answers)", () => {
    expect(checkResolvedAddresses("evil.example", ["10.0.0.1"])).toMatchObject({ ok: false, reason: "addressRefused" });
    expect(checkResolvedAddresses("evil.example", ["93.184.216.34", "10.0.0.1"])).toMatchObject({ ok: false, reason: "addressRefused", detail: expect.stringContaining("10.0.0.1") });
    expect(checkResolvedAddresses("evil.example", ["2606:4700::1", "::ffff:127.0.0.1"])).toMatchObject({ ok: false, reason: "addressRefused" });
    expect(checkResolvedAddresses("evil.example", [])).toMatchObject({ ok: false, reason: "dnsFailed" });
    expect(checkResolvedAddresses("good.example", ["93.184.216.34", "2606:4700::1"])).toEqual({ ok: true });
  });
});

describe("checkCaptureUrl (asked before a capture is queued)", () => {
  const resolve: Resolver = async (hostname) => {
    if (hostname === "down.example") throw Object.assign(new Error("no such name"), { code: "ENOTFOUND" });
    const addresses = hostname === "evil.example" ? ["93.184.216.34", "10.0.0.1"] : ["93.184.216.34"];
    return { addresses, dns: addresses.map((value) => ({ type: "A" as const, value, ttl: 60 })) };
  };

  it.each([
    ["https://good.example/page", { ok: true }],
    ["https://evil.example/page", { ok: false, reason: "addressRefused" }],
    ["https://down.example/page", { ok: false, reason: "dnsFailed" }],
    ["http://127.0.0.1/", { ok: false, reason: "addressRefused" }],
    ["https://good.example:8443/", { ok: false, reason: "portRefused" }],
    ["ftp://good.example/", { ok: false, reason: "schemeRefused" }],
  ])("answers %s", async (url, expected) => {
    expect(await checkCaptureUrl(url, { allowedHosts: [], resolve })).toMatchObject(expected);
  });

  it("lets the allow-list through whatever the name resolves to", async () => {
    expect(await checkCaptureUrl("https://evil.example/", { allowedHosts: ["evil.example"], resolve })).toEqual({ ok: true });
  });
});

describe("CAPTURE_ALLOWED_HOSTS", () => {
  it("parses hosts and host:port entries, case-insensitively, in the URL's spelling", () => {
    expect(parseAllowedHosts(" intranet.Example:8080, LocalHost ,[::1]:9000,127.1 ,,")).toEqual(["intranet.example:8080", "localhost", "[::1]:9000", "127.0.0.1"]);
    expect(parseAllowedHosts("")).toEqual([]);
  });

  it.each(["http://intranet", "intranet:99999", "intranet:0", "[zz]:80", "a b", "host/path", "user@host", "[::1", "::1"])("refuses the entry %s with a Chinese message", (entry) => {
    expect(() => parseAllowedHosts(entry)).toThrow(/CAPTURE_ALLOWED_HOSTS 中的“.*”格式不正确/);
  });

  it("lets a named host past the address policy on 80/443, and on its own port only when named with it", () => {
    const admit = createHostAdmission(parseAllowedHosts("localhost,127.0.0.1:8080,[::1]:9000"));
    const check = (url: string) => checkUrl(url, admit(new URL(url)));
    expect(check("http://localhost/")).toMatchObject({ ok: true });
    expect(check("http://LOCALHOST:443/")).toMatchObject({ ok: true });
    expect(check("http://localhost:8080/")).toMatchObject({ ok: false, reason: "portRefused" });
    expect(check("http://127.0.0.1:8080/")).toMatchObject({ ok: true });
    expect(check("http://2130706433:8080/")).toMatchObject({ ok: true });
    expect(check("http://127.0.0.1:8081/")).toMatchObject({ ok: false, reason: "portRefused" });
    expect(check("http://[::1]:9000/")).toMatchObject({ ok: true });
    expect(check("http://127.0.0.2/")).toMatchObject({ ok: false, reason: "addressRefused" });
    expect(check("http://10.0.0.1/")).toMatchObject({ ok: false, reason: "addressRefused" });
  });
});

describe("the capture network refuses rebinding answers before connecting", () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), "capture-policy-"));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await rm(workDir, { recursive: true, force: true });
  });

  it("refuses a name whose answers include a refused address, and never opens a socket", async () => {
    // Any connection attempt fails the test instead of reaching the address.
    const netConnect = vi.spyOn(net, "connect").mockImplementation(() => {
      throw new Error("a connection was attempted");
    });
    const tlsConnect = vi.spyOn(tls, "connect").mockImplementation(() => {
      throw new Error("a connection was attempted");
    });
    const answers: Record<string, string[]> = {
      "evil.example": ["10.0.0.1"],
      "mixed.example": ["93.184.216.34", "192.168.0.10"],
      "mapped.example": ["::ffff:169.254.169.254"],
      "loop.example": ["127.0.0.1"],
    };
    const resolve: Resolver = async (hostname) => ({ addresses: answers[hostname] ?? [], dns: (answers[hostname] ?? []).map((value) => ({ type: value.includes(":") ? "AAAA" : "A", value, ttl: 60 })) });
    const network = createCaptureNetwork({ allowedHosts: [], extraCaCertificates: [], workDir, maxBytes: 1_000_000, maxRequests: 50, requestTimeoutMs: 2000 }, 1, { resolve });
    const signal = new AbortController().signal;
    for (const host of [...Object.keys(answers), "nothing.example"]) {
      const attempt = network.fetch({ url: `https://${host}/`, method: "GET", headers: {}, body: null, isNavigation: true }, signal);
      await expect(attempt).rejects.toBeInstanceOf(RequestRefusedError);
    }
    expect(network.blocked().map(({ reason }) => reason)).toEqual(["addressRefused", "addressRefused", "addressRefused", "addressRefused", "dnsFailed"]);
    expect(network.totals()).toEqual({ requests: 5, failed: 5, bytes: 0 });
    expect(netConnect).not.toHaveBeenCalled();
    expect(tlsConnect).not.toHaveBeenCalled();
    await network.discard();
  });
});
