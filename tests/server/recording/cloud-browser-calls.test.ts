import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLOUD_BROWSER_ENDPOINTS } from "../../../src/schema/cloud-browser.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { RECORDING_ENDPOINTS, RECORDING_MESSAGES, RecordingCode } from "../../../src/schema/recording.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { recordingClient } from "./recording-support.js";

/**
 * The cloud browser's calls where no browser is needed: refusals change nothing (no recording, no
 * unit spent). This server's Chromium is a path that does not exist, so the engine is unavailable
 * and says why; the start URL is screened by the capture's address policy first.
 */
let t: TestApp;
let r: ReturnType<typeof recordingClient>;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, env: { CHROMIUM_PATH: "/nonexistent/chromium" } });
  r = recordingClient(t);
});
afterAll(async () => t?.close());

describe("starting a cloud-browser session", () => {
  it("is refused while the engine is missing, with the reason, and nothing is spent", async () => {
    const user = await r.newCustomer();
    await r.grantRecordings(user, 1);
    const allowance = (await r.call(RECORDING_ENDPOINTS.allowance, user)).datas;
    expect(allowance.engines.cloudBrowser).toEqual({ available: false, reason: expect.stringContaining("/nonexistent/chromium") });

    const answer = await r.call(CLOUD_BROWSER_ENDPOINTS.start, user, { name: "过程取证", url: "https://example.com/", viewport: "desktop" });
    expect(answer.code).toBe(RecordingCode.engineUnavailable);
    expect(answer.message).toContain(RECORDING_MESSAGES.engineUnavailable);
    expect(answer.message).toContain("/nonexistent/chromium");
    expect((await r.call(RECORDING_ENDPOINTS.allowance, user)).datas.packageRemaining).toBe(1);
    expect((await r.call(RECORDING_ENDPOINTS.uploadState, user, { id: 1 })).code).toBe(ResultCode.notFound);
  });

  it("with the engine there, names a start URL the capture policy refuses on the URL field", async () => {
    // Asking Chromium its version is all: nothing is launched for a refused URL.
    const withEngine = await createTestApp({ seedDemo: false });
    try {
      const client = recordingClient(withEngine);
      const user = await client.newCustomer();
      await client.grantRecordings(user, 1);
      const answer = await client.call(CLOUD_BROWSER_ENDPOINTS.start, user, { name: "过程取证", url: "http://127.0.0.1:9/admin" });
      expect(answer.code).toBe(ResultCode.validationFailed);
      expect(answer.extraData.errors.url).toBeTruthy();
      expect((await client.call(RECORDING_ENDPOINTS.allowance, user)).datas.packageRemaining).toBe(1);
    } finally {
      await withEngine.close();
    }
  });

  it("checks the form with the schema's Chinese messages", async () => {
    const user = await r.newCustomer();
    const answer = await r.call(CLOUD_BROWSER_ENDPOINTS.start, user, { name: "", url: "ftp://example.com/" });
    expect(answer.code).toBe(ResultCode.validationFailed);
    expect(answer.extraData.errors).toMatchObject({ name: RECORDING_MESSAGES.nameRequired, url: "请输入以 http:// 或 https:// 开头的完整网址" });
  });
});

describe("a session's state and stop", () => {
  it("answers not found for a recording that is not the caller's or not a cloud-browser one", async () => {
    const owner = await r.newCustomer();
    const other = await r.newCustomer();
    await r.grantRecordings(owner, 1);
    const screen = (await r.startScreen(owner)).datas;
    for (const [user, id] of [[owner, screen.id], [other, screen.id], [owner, 99_999]] as const) {
      expect((await r.call(CLOUD_BROWSER_ENDPOINTS.state, user, { id })).code).toBe(ResultCode.notFound);
      expect((await r.call(CLOUD_BROWSER_ENDPOINTS.stop, user, { id })).code).toBe(ResultCode.notFound);
    }
    // The screen recording itself is untouched.
    expect((await r.call(RECORDING_ENDPOINTS.uploadState, owner, { id: screen.id })).datas.state).toBe("recording");
  });
});
