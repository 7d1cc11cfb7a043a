import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTURE_ENDPOINTS } from "../../src/schema/capture.js";
import { CERTIFICATE_ENDPOINTS } from "../../src/schema/certificate.js";
import { registerUser, type RegisteredUser } from "../server/support/personal-users.js";
import { createTestApp, type TestApp } from "../server/support/test-app.js";
import { readZip } from "../server/support/zip-reader.js";
import { startTestSites, type TestSites } from "./support/test-sites.js";

/**
 * The capture module with the platform's own engine, packager and URL screen: real Chromium
 * capturing pages the test serves on loopback (HTTP, and HTTPS under the run's own CA), sealed as
 * evidence, downloaded and certified.
 */
let sites: TestSites;
let t: TestApp;
let user: RegisteredUser;

const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown> = {}) => (await t.call(endpoint, params, { token: user.token })).json();

beforeAll(async () => {
  sites = await startTestSites();
  sites.route("/article", (_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<html><head><title>取证测试文章</title></head><body><h1>取证测试文章</h1>${"<p>这是一段用于取证测试的正文内容。</p>".repeat(40)}</body></html>`);
  });
  sites.route("/moved", (_request, response) => {
    response.writeHead(302, { location: `${sites.httpsOrigin}/article` }).end();
  });
  const caFile = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "capture-ca-")), "ca.pem");
  fs.writeFileSync(caFile, sites.caPem);
  t = await createTestApp({ seedDemo: false, env: { CAPTURE_ALLOWED_HOSTS: sites.allowedHosts.join(","), CAPTURE_EXTRA_CA_FILE: caFile, CAPTURE_TIMEOUT_MS: "30000" } });
  user = await registerUser(t, "13750000001");
  await t.database.handle.db.insertInto("package_counts").values({ user_id: user.id, product_code: "30001", purchased_count: 2, remaining_count: 2, updated_at: t.clock.now() }).execute();
});
afterAll(async () => {
  await t?.close();
  await sites?.close();
});

describe("capturing with the platform's engine", () => {
  it("follows a redirect to the HTTPS page, seals the package and certifies it with the TLS chain on page 2", async () => {
    expect((await call(CAPTURE_ENDPOINTS.allowance)).datas.engine).toEqual({ available: true, reason: null });
    const created = await call(CAPTURE_ENDPOINTS.create, { name: "重定向文章", urls: `${sites.httpOrigin}/moved` });
    expect(created.code).toBe(200);
    const id = created.datas[0].id;
    await t.app.services.capture.queue.idle();

    const { datas } = await call(CAPTURE_ENDPOINTS.one, { id });
    expect(datas).toMatchObject({ state: "sealed", title: "取证测试文章", finalUrl: `${sites.httpsOrigin}/article` });
    expect(datas.provenance.redirects).toEqual([expect.objectContaining({ from: `${sites.httpOrigin}/moved`, to: `${sites.httpsOrigin}/article`, status: 302 })]);
    const tlsOrigin = datas.provenance.origins.find((origin: { origin: string }) => origin.origin === sites.httpsOrigin);
    expect(tlsOrigin.tls.authorized).toBe(true);

    const wacz = await t.call(CAPTURE_ENDPOINTS.file, { id, file: "wacz" }, { token: user.token });
    const evidence = await t.app.services.evidence.findByCertificateNo(datas.certificateNo);
    expect(evidence).toMatchObject({ kind: "snapshot", status: "stored", size: wacz.rawPayload.length });
    expect([...readZip(wacz.rawPayload).keys()]).toContain("datapackage.json");
    const screenshot = await t.call(CAPTURE_ENDPOINTS.file, { id, file: "screenshot" }, { token: user.token });
    expect(screenshot.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    const pdf = await t.call(CERTIFICATE_ENDPOINTS.getCertificatePdf, { id: String(datas.evidenceId) }, { token: user.token });
    const folder = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "capture-certificate-"));
    fs.writeFileSync(path.join(folder, "c.pdf"), pdf.rawPayload);
    const text = execFileSync("pdftotext", [path.join(folder, "c.pdf"), "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    fs.rmSync(folder, { recursive: true, force: true });
    expect(text).toContain("取证环境与过程");
    expect(text).toContain(tlsOrigin.tls.certificates[0].fingerprint256.slice(0, 20));
  });

  it("refuses a private address before anything is created or charged", async () => {
    const refused = await call(CAPTURE_ENDPOINTS.create, { name: "内网", urls: "http://192.168.1.1/admin" });
    expect(refused.code).toBe(3201);
    expect((await call(CAPTURE_ENDPOINTS.allowance)).datas.total).toBe(1);
  });
});
