import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_ENDPOINTS } from "../../src/schema/device.js";
import { RECORDING_ENDPOINTS, RECORDING_LIST_ENDPOINTS } from "../../src/schema/recording.js";
import { SEAL_ENDPOINTS, SEAL_MESSAGES } from "../../src/schema/seal.js";
import { createTestApp, type TestApp } from "../server/support/test-app.js";
import { recordingClient } from "../server/recording/recording-support.js";

const run = promisify(execFile);
const TSX = path.resolve("node_modules/.bin/tsx");
const CLIENT = path.resolve("server/cli/device-client.ts");

let t: TestApp;
let server: string;
let work: string;
let wallClock: NodeJS.Timeout;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  // The client signs with its own clock, as a device does: the server keeps the wall clock here.
  t.clock.set(Date.now());
  wallClock = setInterval(() => t.clock.set(Date.now()), 1);
  server = await t.app.listen({ host: "127.0.0.1", port: 0 });
  work = fs.mkdtempSync(path.join(os.tmpdir(), "device-client-"));
});
afterAll(async () => {
  clearInterval(wallClock);
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("the reference device client against a running server", () => {
  it("binds with a code, uploads an ffmpeg-made video in chunks, the recording is sealed with a certificate, and seals that certificate", async () => {
    const r = recordingClient(t);
    const user = await r.newCustomer();
    await r.grantRecordings(user, 1);
    const video = path.join(work, "clip.mp4");
    await run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=3:size=160x120:rate=10", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-y", video]);
    const code = (await r.call(DEVICE_ENDPOINTS.createBindCode, user)).datas.code;
    const dir = path.join(work, "device");

    const bound = await run(TSX, [CLIENT, "bind", server, code, "--name", "参考客户端", "--dir", dir]);
    expect(bound.stdout).toContain("已绑定");
    expect(fs.statSync(path.join(dir, "device-key.pem")).mode & 0o777).toBe(0o600);
    const [device] = (await r.call(DEVICE_ENDPOINTS.list, user)).datas.list;
    expect(device).toMatchObject({ name: "参考客户端", state: "active" });
    expect(fs.readFileSync(path.join(dir, "device-key.pem"), "utf8")).not.toContain(device.publicKey);

    const uploaded = await run(TSX, [CLIENT, "upload", video, "--name", "现场视频", "--chunk-bytes", "8000", "--dir", dir]);
    expect(uploaded.stdout).toContain("已结束");
    await r.sealed();
    const [record] = (await r.call(RECORDING_LIST_ENDPOINTS.mobileRecord, user)).datas.list;
    expect(record).toMatchObject({ name: "现场视频", state: "sealed", source: "device", bytes: fs.statSync(video).size });
    expect(record.chunks).toBe(Math.ceil(fs.statSync(video).size / 8000));
    expect(record.durationMs).toBeGreaterThanOrEqual(2900);
    expect(record.certificateNo).toMatch(/\S+/);
    const evidence = await t.app.services.evidence.findByCertificateNo(record.certificateNo);
    expect(evidence).toMatchObject({ holderUserId: user.id, status: "stored" });
    const media = await t.call(RECORDING_ENDPOINTS.file, { id: record.id, file: "media" }, { token: user.token });
    expect(media.statusCode).toBe(200);
    expect(Buffer.compare(media.rawPayload, fs.readFileSync(video))).toBe(0);

    // The holder's seal on that recording's certificate, once the seal's configuration names the device.
    await t.database.handle.db.updateTable("users").set({ enterprise_status: 2, enterprise_name: "参考客户端示例有限公司" }).where("id", "=", user.id).execute();
    expect((await r.call(SEAL_ENDPOINTS.issueCertificate, user)).code).toBe(200);
    const refused = await run(TSX, [CLIENT, "seal", String(record.id), "--dir", dir]).catch((error: { stderr: string }) => error);
    expect(refused.stderr).toContain(SEAL_MESSAGES.deviceNotAllowed);
    expect((await r.call(SEAL_ENDPOINTS.saveConfig, user, { imageSource: "generated", allowedDeviceIds: [device.id] })).code).toBe(200);
    const sealed = await run(TSX, [CLIENT, "seal", String(record.id), "--dir", dir]);
    const [sealing] = (await r.call(SEAL_ENDPOINTS.list, user)).datas.list;
    expect(sealing).toMatchObject({ source: "certificate", sourceCertificateNo: record.certificateNo });
    expect(sealed.stdout).toContain(`用印存证证书编号 ${sealing.certificateNo}`);
  });
});
