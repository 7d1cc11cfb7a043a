import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HSTS_VALUE, OPENDOCS_POLICY, PAGE_POLICY, RESOURCE_POLICY } from "../../server/plugins/security-headers.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { webapiPath } from "../../src/schema/contract.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { registryPath } from "../../src/resources/registry-paths.js";
import { SCAN_LOGIN_ENDPOINTS } from "../../src/schema/scan-login.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { onPostgres } from "./support/test-database.js";

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "client-"));
  fs.writeFileSync(path.join(clientDir, "index.html"), '<!doctype html><title>衡证</title><div id=root></div><script type="module" src="/assets/index-AbCdEf12.js"></script>');
  t = await createTestApp({ seedDemo: false, env: { CLIENT_DIR: clientDir } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header by name. */
function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values.join(" ")]),
  );
}

const COMMON = { "x-content-type-options": "nosniff", "referrer-policy": "same-origin" };

// Headers and cookies of the HTTP layer: the same on either database, so proven once, on SQLite.
describe.skipIf(onPostgres)("browser security headers", () => {
  it("gives the app's pages a strict policy: scripts from our origin only, framed nowhere", async () => {
    const page = await t.app.inject({ method: "GET", url: registryPath("personal/operationPanel"), headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers).toMatchObject({ ...COMMON, "content-security-policy": PAGE_POLICY });
    const policy = directives(page.headers["content-security-policy"]);
    expect(policy.get("script-src")).toBe("'self'");
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(page.headers["strict-transport-security"]).toBeUndefined();
  });

  it("keeps the page's policy when a browser revalidates its cached page (304)", async () => {
    const first = await t.app.inject({ method: "GET", url: "/index", headers: { accept: "text/html" } });
    const again = await t.app.inject({ method: "GET", url: "/index", headers: { accept: "text/html", "if-none-match": String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers["content-security-policy"]).toBe(PAGE_POLICY);
  });

  it.each([
    ["a JSON answer", webapiPath(COMMON_ENDPOINTS.getTime)],
    ["a JSON refusal", "/webapi/no/such/call"],
    ["a ledger tile", "/ledger/checkpoint"],
  ])("gives %s a policy that loads nothing and is framed nowhere", async (_what, url) => {
    const response = url === webapiPath(COMMON_ENDPOINTS.getTime) ? await t.call(COMMON_ENDPOINTS.getTime) : await t.app.inject({ method: "GET", url });
    expect(response.headers).toMatchObject({ ...COMMON, "content-security-policy": RESOURCE_POLICY });
  });

  it("gives /opendocs Swagger UI's own policy, and its page has no inline script", async () => {
    const response = await t.app.inject({ method: "GET", url: "/opendocs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ ...COMMON, "content-security-policy": OPENDOCS_POLICY });
    expect(directives(OPENDOCS_POLICY).get("script-src")).toBe("'self'");
    expect(response.body.match(/<script\b[^>]*>/g)?.every((tag) => /\bsrc=/.test(tag))).toBe(true);
  });

  it("lets only our own pages frame the /dev/wx QR page, whose inline script runs by the header's nonce alone", async () => {
    const qr = (await t.call(SCAN_LOGIN_ENDPOINTS.getWebWxQrUrl, { redirectUrl: "/wxCallBack" })).json();
    const state = new URL(qr.datas.qrCodeUrl).searchParams.get("state");
    const page = await t.app.inject({ method: "GET", url: `/dev/wx/qr?state=${state}` });
    const policy = directives(page.headers["content-security-policy"]);
    expect(policy.get("frame-ancestors")).toBe("'self'");
    const nonce = policy.get("script-src")?.match(/^'nonce-([A-Za-z0-9+/=]+)'$/)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = page.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((tag) => tag.includes(`nonce="${nonce}"`))).toBe(true);
    const again = await t.app.inject({ method: "GET", url: `/dev/wx/qr?state=${state}` });
    expect(directives(again.headers["content-security-policy"]).get("script-src")).not.toBe(policy.get("script-src"));
  });

  it("sends no HSTS and no Secure cookie over plain http, and ignores X-Forwarded-Proto without TRUST_PROXY", async () => {
    const response = await t.call(ACCOUNT_ENDPOINTS.getCodeV2, {}, { headers: { "x-forwarded-proto": "https" } });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    expect(response.cookies.find((cookie) => cookie.name === "hz_captcha")?.secure).toBeFalsy();
  });
});

describe.skipIf(onPostgres)("served over TLS", () => {
  it.each([
    ["PUBLIC_BASE_URL is https", { PUBLIC_BASE_URL: "https://evidence.example.cn" }, {}],
    ["the proxy says https behind TRUST_PROXY", { TRUST_PROXY: "true" }, { "x-forwarded-proto": "https" }],
  ])("sends HSTS and makes the captcha cookie Secure when %s", async (_when, env, headers) => {
    const tls = await createTestApp({ seedDemo: false, env });
    try {
      const response = await tls.call(ACCOUNT_ENDPOINTS.getCodeV2, {}, { headers });
      expect(response.headers["strict-transport-security"]).toBe(HSTS_VALUE);
      expect(response.cookies.find((cookie) => cookie.name === "hz_captcha")).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await tls.close();
    }
  });
});
