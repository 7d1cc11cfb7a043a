import { createHash } from "node:crypto";
import { inflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEDGER_VKEY_PATH } from "../../../src/schema/ledger.js";
import { RECORDING_ENDPOINTS } from "../../../src/schema/recording.js";
import type { PackageCheckTools } from "../../../src/verification/package-zip.js";
import { checkRecordingPackage, isRecordingPackage } from "../../../src/verification/recording-check.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { recordingClient } from "./recording-support.js";

/** The verifier (src/verification/recording-check.ts) on a package the server really sealed. */
let t: TestApp;
let r: ReturnType<typeof recordingClient>;
const digest = (algorithm: string, data: Uint8Array) => createHash(algorithm).update(data).digest("hex");
const tools: PackageCheckTools = { sha256: (data) => digest("sha256", data), sm3: (data) => digest("sm3", data), inflateRaw: (data) => inflateRawSync(data) };

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  r = recordingClient(t);
});
afterAll(async () => t?.close());

describe("a sealed recording package", () => {
  it("passes every package check against the platform key, with an interval anchor and the final one", async () => {
    const user = await r.newCustomer();
    await r.grantRecordings(user, 1);
    const { datas } = await r.startScreen(user);
    await r.uploadMany(user, datas.id, 18);
    await r.call(RECORDING_ENDPOINTS.stop, user, { id: datas.id });
    await r.sealed();
    const detail = (await r.call(RECORDING_ENDPOINTS.one, user, { id: datas.id })).datas;
    expect(detail).toMatchObject({ state: "sealed", anchors: 2 });
    const bytes = new Uint8Array((await t.call(RECORDING_ENDPOINTS.file, { id: datas.id, file: "package" }, { token: user.token })).rawPayload);
    const platformKey = (await t.app.inject({ method: "GET", url: LEDGER_VKEY_PATH })).body.trim();
    expect(isRecordingPackage(bytes, tools)).toBe(true);
    const checks = checkRecordingPackage(bytes, tools, { verifierKeys: [platformKey], certificateNo: detail.certificateNo });
    expect(Object.fromEntries(checks.map((check) => [check.id, check.status])), JSON.stringify(checks, null, 1)).toEqual({
      "recording-structure": "pass",
      "recording-files": "pass",
      "recording-chunks": "pass",
      "recording-anchors": "pass",
      "recording-complete": "pass",
    });
    expect(checks.at(-1)!.reason).toContain("覆盖全部 18 个分片");
  });
});
