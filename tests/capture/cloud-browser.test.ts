import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrowserPool, DEFAULT_CHROMIUM_PATH } from "../../server/capture/browser/browser-pool.js";
import { createCloudBrowserEngine, DEFAULT_FFMPEG_PATH } from "../../server/recording/cloud-browser/cloud-browser-engine.js";
import { CLOUD_BROWSER_CERTIFICATE_STATEMENT, CLOUD_BROWSER_CLOSE_CODES, CLOUD_BROWSER_MESSAGES, CLOUD_BROWSER_ENDPOINTS, CLOUD_BROWSER_PROCEDURE_FILE, PASSWORD_INPUT_MARK, type CloudBrowserServerMessage } from "../../src/schema/cloud-browser.js";
import { CERTIFICATE_ENDPOINTS } from "../../src/schema/certificate.js";
import { RECORDING_ENDPOINTS } from "../../src/schema/recording.js";
import { recordingClient } from "../server/recording/recording-support.js";
import type { RegisteredUser } from "../server/support/personal-users.js";
import { createTestApp, type TestApp } from "../server/support/test-app.js";
import { readZip } from "../server/support/zip-reader.js";
import { connectCloudBrowser, socketUrl } from "./support/cloud-browser-client.js";
import { serveProcedureSite, type ProcedureSite } from "./support/procedure-site.js";
import { startTestSites, type TestSites } from "./support/test-sites.js";

/**
 * The cloud browser end to end on the server: the real app listening on loopback, real Chromium
 * and ffmpeg, driven through its socket by a Node client as the /precord page drives it: a click on
 * a link, typing into a form (a password among it), the form posted, stop; then the sealed package.
 */
let sites: TestSites;
let t: TestApp;
let r: ReturnType<typeof recordingClient>;
let origin: string;
let user: RegisteredUser;
let site: ProcedureSite;

const isPage = (url: string) => (message: CloudBrowserServerMessage) => message.type === "page" && message.url === url && !message.loading;

beforeAll(async () => {
  sites = await startTestSites();
  site = serveProcedureSite(sites);
  const caFile = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "cloud-ca-")), "ca.pem");
  fs.writeFileSync(caFile, sites.caPem);
  t = await createTestApp({ seedDemo: false, env: { CAPTURE_ALLOWED_HOSTS: sites.allowedHosts.join(","), CAPTURE_EXTRA_CA_FILE: caFile } });
  origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
  r = recordingClient(t);
  user = await r.newCustomer();
  await r.grantRecordings(user, 3);
});
afterAll(async () => {
  await t?.close();
  await sites?.close();
});

describe("a procedure recorded in the cloud browser", () => {
  it("records the click, the typing and the POST into video, WARC and events, and seals them", async () => {
    const started = await r.call(CLOUD_BROWSER_ENDPOINTS.start, user, { name: "表单提交过程", url: site.startUrl, viewport: "desktop" });
    expect(started.code, started.message).toBe(200);
    const id: number = started.datas.id;
    const startedAt = Date.now();

    const page = connectCloudBrowser(socketUrl(origin, user.token, id));
    await page.opened;
    await page.waitFor((message) => message.type === "frame");
    await page.waitFor(isPage(site.startUrl));
    // One holder: a second page is turned away; a wrong token never gets in.
    expect(await connectCloudBrowser(socketUrl(origin, user.token, id)).closed).toBe(CLOUD_BROWSER_CLOSE_CODES.heldElsewhere);
    expect(await connectCloudBrowser(socketUrl(origin, "not-a-token", id)).closed).toBe(CLOUD_BROWSER_CLOSE_CODES.unauthorized);

    page.click(site.at.link.x, site.at.link.y);
    await page.waitFor(isPage(site.formUrl));
    page.click(site.at.text.x, site.at.text.y);
    page.type("abc");
    page.send({ type: "key", action: "char", text: "证据" });
    page.click(site.at.password.x, site.at.password.y);
    page.type("secret");
    page.click(site.at.submit.x, site.at.submit.y);
    await page.waitFor(isPage(site.submitUrl));
    // Some seconds of recording, so the video has a length worth comparing.
    await new Promise((resolve) => setTimeout(resolve, 2500));

    const stopped = await r.call(CLOUD_BROWSER_ENDPOINTS.stop, user, { id });
    const sessionMs = Date.now() - startedAt;
    expect(stopped.code, stopped.message).toBe(200);
    expect(stopped.datas).toMatchObject({ kind: "procedureRecord", source: "cloudBrowser", state: "sealing", ending: "stopped" });
    expect(await page.closed).toBeGreaterThan(0);
    await r.sealed();
    const { datas: detail } = await r.call(RECORDING_ENDPOINTS.one, user, { id });
    expect(detail).toMatchObject({ state: "sealed", target: site.startUrl, environment: { source: "cloudBrowser", mimeType: "video/mp4" } });
    expect(detail.chunks).toBeGreaterThan(1);

    const zip = readZip((await t.call(RECORDING_ENDPOINTS.file, { id, file: "package" }, { token: user.token })).rawPayload);
    const file = (suffix: string) => {
      const name = [...zip.keys()].find((key) => key.endsWith(suffix));
      expect(name, `${suffix} in ${[...zip.keys()].join(", ")}`).toBeDefined();
      return zip.get(name!)!;
    };

    // The video decodes and lasts about as long as the session (it starts when the session opened).
    const videoPath = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "cloud-video-")), "media.mp4");
    fs.writeFileSync(videoPath, file("media.mp4"));
    const probe = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=codec_name,width,height,nb_read_frames:format=duration", "-of", "json", videoPath], { encoding: "utf8" }));
    expect(probe.streams[0]).toMatchObject({ codec_name: "h264", width: 1280, height: 800 });
    expect(Number(probe.streams[0].nb_read_frames)).toBeGreaterThan(10);
    const videoMs = Number(probe.format.duration) * 1000;
    expect(videoMs).toBeGreaterThan(sessionMs - 4000);
    expect(videoMs).toBeLessThan(sessionMs + 1000);

    const warc = gunzipSync(file("network.warc.gz")).toString("latin1");
    expect(warc).toContain(`WARC-Target-URI: ${site.formUrl}`);
    expect(warc).toContain("POST /procedure/submit HTTP/1.1");
    expect(site.posts()).toEqual(["q=abc%E8%AF%81%E6%8D%AE&pw=secret"]);
    expect(warc).toMatch(/q=abc%E8%AF%81%E6%8D%AE&pw=secret/);

    const events = file("events.jsonl").toString("utf8").trim().split("\n").map((line) => JSON.parse(line));
    expect(events.filter((event) => event.type === "navigation").map((event) => event.url)).toEqual(expect.arrayContaining([site.startUrl, site.formUrl, site.submitUrl]));
    expect(events).toContainEqual(expect.objectContaining({ type: "mouse", action: "down", ...site.at.link, button: "left" }));
    expect(events.filter((event) => event.type === "key" && event.action === "down").map((event) => event.key).join("")).toBe(`abc${PASSWORD_INPUT_MARK.repeat(6)}`);
    expect(events).toContainEqual(expect.objectContaining({ type: "key", action: "char", text: "证据" }));
    expect(JSON.stringify(events)).not.toContain("secret");
    expect(events.at(-1)).toMatchObject({ type: "end", reason: "stopped" });
    for (let i = 1; i < events.length; i++) expect(events[i].t).toBeGreaterThanOrEqual(events[i - 1].t);

    const procedure = JSON.parse(file(CLOUD_BROWSER_PROCEDURE_FILE).toString("utf8"));
    expect(procedure).toMatchObject({ statement: CLOUD_BROWSER_CERTIFICATE_STATEMENT, startUrl: site.startUrl, finalUrl: site.submitUrl, viewport: "desktop", endReason: null });
    expect(procedure.navigations).toBeGreaterThanOrEqual(3);
    expect(procedure.warcRecords).toBeGreaterThanOrEqual(7);
    expect(procedure.chromium).toMatch(/^Chromium \d+/);

    // The evidence's details carry the procedure, which the certificate prints.
    const evidence = await t.app.services.evidence.findByCertificateNo(detail.certificateNo);
    expect(evidence?.details).toMatchObject({ source: "cloudBrowser", procedure: { statement: CLOUD_BROWSER_CERTIFICATE_STATEMENT, finalUrl: site.submitUrl } });
    const pdfPath = path.join(path.dirname(videoPath), "certificate.pdf");
    fs.writeFileSync(pdfPath, (await t.call(CERTIFICATE_ENDPOINTS.getCertificatePdf, { id: String(detail.evidenceId) }, { token: user.token })).rawPayload);
    // pdftotext breaks Chinese lines anywhere: compared without whitespace.
    const pdfText = execFileSync("pdftotext", [pdfPath, "-"], { encoding: "utf8" }).replace(/\s+/g, "");
    for (const fact of [CLOUD_BROWSER_CERTIFICATE_STATEMENT, `结束：${site.submitUrl}`, "密码输入不记录内容", procedure.chromium.replace(/\s+/g, "")]) expect(pdfText).toContain(fact);
  });
});

describe("a session that ends by itself", () => {
  it("is sealed when its page has been gone too long, and when its time is up, saying why", async () => {
    // The module's engine waits 60 s for a lost page; this one, on the same app's recording sink and a pool of its own, waits 1.5 s.
    const pool = createBrowserPool({ chromiumPath: process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH, concurrency: 2 });
    const engine = createCloudBrowserEngine({
      pool,
      sink: t.app.services.recording.recordings,
      ffmpegPath: DEFAULT_FFMPEG_PATH,
      network: { allowedHosts: sites.allowedHosts, extraCaCertificates: [sites.caPem], workDir: fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "cloud-work-")) },
      maxMs: 4_000,
      detachedLimitMs: 1_500,
      platform: { name: "evidence-platform", version: "0.1.0-test" },
    });
    try {
      const lost = await engine.start(user.id, { name: "页面断开", url: site.startUrl, purpose: undefined, viewport: "desktop" });
      const timed = await engine.start(user.id, { name: "到时结束", url: site.startUrl, purpose: undefined, viewport: "mobile" });
      // The first is held for a moment and let go; the second is held until its time is up.
      const holder = { send: () => undefined, backlog: () => 0, letGo: () => undefined };
      const hold = engine.hold(user.id, lost.id, holder);
      if (typeof hold === "string") throw new Error(hold);
      hold.release();
      expect(engine.hold(user.id, timed.id, { ...holder })).not.toBe("notFound");

      await expect.poll(() => engine.status(user.id, lost.id) ?? engine.status(user.id, timed.id), { timeout: 15_000, interval: 200 }).toBeNull();
      await r.sealed();
      for (const [id, reason] of [[lost.id, CLOUD_BROWSER_MESSAGES.detached], [timed.id, CLOUD_BROWSER_MESSAGES.tooLong]] as const) {
        const { datas } = await r.call(RECORDING_ENDPOINTS.one, user, { id });
        // Not ended by its holder: the recording says it was cut off.
        expect(datas).toMatchObject({ state: "sealed", ending: "interrupted" });
        const evidence = await t.app.services.evidence.findByCertificateNo(datas.certificateNo);
        expect(evidence?.details).toMatchObject({ procedure: { endReason: reason } });
      }
    } finally {
      await engine.close();
      await pool.close();
    }
  });
});
