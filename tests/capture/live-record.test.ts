import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResultCode } from "../../src/schema/envelope.js";
import { LIVE_RECORD_ENDPOINTS, LIVE_RECORD_MESSAGES } from "../../src/schema/live-record.js";
import { RECORDING_ENDPOINTS, RECORDING_LIST_ENDPOINTS } from "../../src/schema/recording.js";
import { recordingClient } from "../server/recording/recording-support.js";
import { createTestApp, type TestApp } from "../server/support/test-app.js";

const run = promisify(execFile);
let t: TestApp;
let r: ReturnType<typeof recordingClient>;
let site: http.Server;
let work: string;
let playlist: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "live-record-"));
  // A 5-second HLS stream made from ffmpeg's test pattern, served on loopback.
  await run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=5:size=160x120:rate=10", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-g", "10", "-f", "hls", "-hls_time", "1", "-hls_list_size", "0", path.join(work, "index.m3u8")]);
  site = http.createServer((request, response) => {
    const file = path.join(work, path.basename(request.url ?? ""));
    if (!fs.existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": file.endsWith(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp2t" });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const { port } = site.address() as AddressInfo;
  playlist = `http://127.0.0.1:${port}/index.m3u8`;
  t = await createTestApp({ seedDemo: false, env: { CAPTURE_ALLOWED_HOSTS: `127.0.0.1:${port}` } });
  r = recordingClient(t);
});
afterAll(async () => {
  await t?.close();
  site?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("live recording", () => {
  it("records an HLS stream with ffmpeg until it ends, sealed as liveRecord evidence whose media decodes", async () => {
    const user = await r.newCustomer();
    await r.grantRecordings(user, 1);
    const started = await r.call(LIVE_RECORD_ENDPOINTS.start, user, { url: playlist, minutes: 1, name: "直播间录制", purpose: "侵权直播" });
    expect(started).toMatchObject({ code: 200, datas: { kind: "liveRecord", source: "liveStream", state: "recording", target: playlist } });
    await t.app.services.liveRecord.idle();
    await r.sealed();
    const detail = (await r.call(RECORDING_ENDPOINTS.one, user, { id: started.datas.id })).datas;
    expect(detail).toMatchObject({ state: "sealed", ending: "stopped", environment: { source: "liveStream", mimeType: "video/x-matroska" } });
    expect(detail.durationMs).toBeGreaterThanOrEqual(4000);
    expect(detail.durationMs).toBeLessThanOrEqual(5500);
    expect(detail.certificateNo).toMatch(/\S+/);
    expect((await r.call(RECORDING_LIST_ENDPOINTS.liveRecord, user)).datas.list).toHaveLength(1);

    const media = await t.call(RECORDING_ENDPOINTS.file, { id: detail.id, file: "media" }, { token: user.token });
    const file = path.join(work, "recorded.mkv");
    fs.writeFileSync(file, media.rawPayload);
    const probe = await run("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=codec_name,nb_read_frames", "-of", "json", file]);
    const [stream] = JSON.parse(probe.stdout).streams;
    expect(stream.codec_name).toBe("h264");
    expect(Number(stream.nb_read_frames)).toBeGreaterThanOrEqual(45);
  });

  it("refuses a stream on a private address, rtmp to a host not allowed, and a bad duration, charging nothing", async () => {
    const user = await r.newCustomer();
    await r.grantRecordings(user, 1);
    const start = (url: string, minutes = 1) => r.call(LIVE_RECORD_ENDPOINTS.start, user, { url, minutes, name: "直播" });
    expect((await start("http://10.0.0.8/live.m3u8")).code).toBe(ResultCode.validationFailed);
    expect(await start("rtmp://live.example.com/app/stream")).toMatchObject({ code: ResultCode.validationFailed, message: LIVE_RECORD_MESSAGES.rtmpRefused });
    expect(await start(playlist, 0)).toMatchObject({ code: ResultCode.validationFailed, message: LIVE_RECORD_MESSAGES.minutesInvalid });
    expect((await r.call(RECORDING_ENDPOINTS.allowance, user)).datas.packageRemaining).toBe(1);
  });
});
