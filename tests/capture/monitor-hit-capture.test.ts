import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_ENDPOINTS } from "../../src/schema/certificate.js";
import { MONITOR_ENDPOINTS } from "../../src/schema/monitor.js";
import { registerUser, type RegisteredUser } from "../server/support/personal-users.js";
import { createTestApp, type TestApp } from "../server/support/test-app.js";
import { hitInput, hitsModule, insertMonitorTask } from "../server/monitor-hits/fixtures.js";
import { startTestSites, type TestSites } from "./support/test-sites.js";

/**
 * A monitoring hit's whole evidence path with the platform's own engine: real Chromium captures
 * the page a copy was found on (served on loopback), with no package unit; the capture is sealed,
 * the hit takes its evidence and certificate, and the certificate PDF of that evidence carries the
 * capture's second page.
 */
let sites: TestSites;
let t: TestApp;
let user: RegisteredUser;
const mounted = hitsModule();

beforeAll(async () => {
  sites = await startTestSites();
  sites.route("/copied-essay", (_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<html><head><title>转载：山间晨雾</title></head><body><h1>山间晨雾</h1>${"<p>清晨的山谷里，雾气像一条缓缓流动的河，把远处的村庄轻轻托起。</p>".repeat(30)}</body></html>`);
  });
  t = await createTestApp({ seedDemo: false, env: { CAPTURE_ALLOWED_HOSTS: sites.allowedHosts.join(","), CAPTURE_TIMEOUT_MS: "30000" }, modules: [mounted.plugin] });
  user = await registerUser(t, "13790000001");
});
afterAll(async () => {
  await t?.close();
  await sites?.close();
});

describe("a hit captured by the platform's browser", () => {
  it("is sealed without a package unit and its certificate shows how the page was captured", async () => {
    const world = await insertMonitorTask(t, user.id, { workName: "山间晨雾" });
    const url = `${sites.httpOrigin}/copied-essay`;
    expect(await mounted.services().recorder.record(hitInput(world, user.id, { url, title: "转载：山间晨雾" }))).toEqual({ created: true });
    await t.app.services.capture.queue.idle();

    const [row] = (await t.call(MONITOR_ENDPOINTS.hits, { pageNumber: 1, pageSize: 10 }, { token: user.token })).json().datas.list;
    expect(row).toMatchObject({ url, evidenceState: "stored", certificateNo: expect.any(String), evidenceId: expect.any(Number) });
    const evidence = await t.app.services.evidence.findByCertificateNo(row.certificateNo);
    expect(evidence).toMatchObject({ kind: "snapshot", status: "stored" });
    expect(String((evidence!.details as { purpose: string }).purpose)).toContain(world.taskNo);
    expect(await t.database.handle.db.selectFrom("package_unit_reservations").select("id").execute()).toEqual([]);

    const pdf = await t.call(CERTIFICATE_ENDPOINTS.getCertificatePdf, { id: String(row.evidenceId) }, { token: user.token });
    const folder = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "monitor-certificate-"));
    fs.writeFileSync(path.join(folder, "c.pdf"), pdf.rawPayload);
    const text = execFileSync("pdftotext", [path.join(folder, "c.pdf"), "-"], { encoding: "utf8" }).replace(/\s+/g, "");
    fs.rmSync(folder, { recursive: true, force: true });
    expect(text).toContain("取证环境与过程");
    expect(text).toContain(row.certificateNo);
  });
});
