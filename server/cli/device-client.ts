import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEVICE_CLIENT_ENDPOINTS, parseDeviceBindUri, type DeviceRegistered } from "../../src/schema/device.js";
import type { RecordingChunkReceipt, RecordingRecord, RecordingUploadState } from "../../src/schema/recording.js";
import type { SealingRecord } from "../../src/schema/seal.js";
import { DeviceApi, DeviceApiError } from "./device-client/device-api.js";
import { exportDeviceKey, generateDeviceKey, importDeviceKey } from "./device-client/device-signer.js";

/**
 * The reference device client (README: "Recording devices"): binds a key to an account with a
 * bind code, then uploads a video file as a phone would stream its recording, resuming where the
 * server stopped after an interruption.
 *
 *   npm run device -- bind <server> <code> --name 名称 [--dir 文件夹]     (or: bind <hzdevice://bind?… URI>)
 *   npm run device -- upload <video> --name 取证名称 [--group id] [--chunk-bytes n] [--dir 文件夹]
 *   npm run device -- seal <录制编号> [--dir 文件夹]     (the holder's seal on that recording's certificate)
 *
 * The folder (default ./device) keeps device-key.pem (mode 0600, never sent), device.json and one
 * upload-<digest>.json per file being uploaded, for resuming.
 */

const KEY_FILE = "device-key.pem";
const DEVICE_FILE = "device.json";
const DEFAULT_CHUNK_BYTES = 1024 * 1024;

type DeviceFile = { server: string; deviceId: number; name: string; publicKeySha256: string; clockOffsetMs: number };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { name: { type: "string" }, dir: { type: "string", default: "device" }, group: { type: "string" }, "chunk-bytes": { type: "string" }, model: { type: "string" }, os: { type: "string" } },
});

async function bind(args: string[]) {
  const fromUri = args.length === 1 ? parseDeviceBindUri(args[0]) : null;
  const [server, code] = fromUri ? [fromUri.server, fromUri.code] : args;
  if (!server || !code || !values.name) fail("用法：bind <服务器地址> <绑定码> --name 设备名称（或 bind <二维码中的 hzdevice:// 地址> --name 设备名称）");
  const dir = values.dir!;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = generateDeviceKey();
  const api = new DeviceApi(server, key);
  const registered = await api.call<DeviceRegistered>(DEVICE_CLIENT_ENDPOINTS.register, { code, name: values.name, model: values.model ?? "reference-client", os: values.os ?? `${process.platform} ${process.arch}`, publicKey: key.publicKey });
  // The key is written only once the server took it, with owner-only permissions.
  fs.writeFileSync(path.join(dir, KEY_FILE), exportDeviceKey(key), { mode: 0o600 });
  const device: DeviceFile = { server, deviceId: registered.deviceId, name: registered.name, publicKeySha256: registered.publicKeySha256, clockOffsetMs: registered.serverTime - Date.now() };
  fs.writeFileSync(path.join(dir, DEVICE_FILE), JSON.stringify(device, null, 2));
  console.log(`已绑定：设备编号 ${device.deviceId}，公钥指纹 ${device.publicKeySha256}`);
}

function loadDevice(dir: string): { device: DeviceFile; api: DeviceApi } {
  const device = JSON.parse(fs.readFileSync(path.join(dir, DEVICE_FILE), "utf8")) as DeviceFile;
  const key = importDeviceKey(fs.readFileSync(path.join(dir, KEY_FILE), "utf8"));
  return { device, api: new DeviceApi(device.server, key, device.clockOffsetMs) };
}

/** The file's duration in ms from ffprobe; null when ffprobe cannot tell (recordedMs then follows wall time). */
function durationMsOf(file: string): number | null {
  try {
    const out = execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", file], { encoding: "utf8" });
    const seconds = Number(out.trim());
    return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
  } catch {
    return null;
  }
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function upload(args: string[]) {
  const [file] = args;
  if (!file || !values.name) fail("用法：upload <视频文件> --name 取证名称 [--group 阵列编号] [--chunk-bytes 字节数]");
  const dir = values.dir!;
  const { device, api } = loadDevice(dir);
  const chunkBytes = Number(values["chunk-bytes"] ?? DEFAULT_CHUNK_BYTES);
  const content = fs.readFileSync(file);
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < content.length; offset += chunkBytes) chunks.push(content.subarray(offset, offset + chunkBytes));
  const totalMs = durationMsOf(file);
  const started = Date.now();
  // Recording time at the end of each chunk: its share of the file's duration.
  const recordedMsAt = (index: number) => (totalMs === null ? Date.now() - started : Math.round((totalMs * Math.min(content.length, (index + 1) * chunkBytes)) / content.length));

  const progressFile = path.join(dir, `upload-${sha256(content).slice(0, 16)}.json`);
  let recordingId: number;
  if (fs.existsSync(progressFile)) {
    recordingId = (JSON.parse(fs.readFileSync(progressFile, "utf8")) as { recordingId: number }).recordingId;
    console.log(`继续上传录制 ${recordingId}`);
  } else {
    const record = await api.call<RecordingRecord>(DEVICE_CLIENT_ENDPOINTS.startRecording, {
      deviceId: device.deviceId,
      name: values.name,
      groupId: values.group,
      mimeType: mimeTypeOf(file),
      clientTime: Date.now(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    recordingId = record.id;
    fs.writeFileSync(progressFile, JSON.stringify({ recordingId }));
    console.log(`已开始录制 ${recordingId}`);
  }
  const state = await api.call<RecordingUploadState>(DEVICE_CLIENT_ENDPOINTS.uploadState, { deviceId: device.deviceId, id: recordingId });
  state.chunkSha256.forEach((digest, index) => {
    if (digest !== sha256(chunks[index] ?? Buffer.alloc(0))) fail(`服务器已收到的第 ${index + 1} 个分片与本地文件不同，不能续传`);
  });
  if (state.state === "recording") {
    for (let index = state.received; index < chunks.length; index++) {
      const receipt = await api.call<RecordingChunkReceipt>(DEVICE_CLIENT_ENDPOINTS.uploadChunk, { deviceId: device.deviceId, id: recordingId, index, sha256: sha256(chunks[index]), recordedMs: recordedMsAt(index) }, chunks[index]);
      console.log(`分片 ${index + 1}/${chunks.length} 已上传，哈希链 ${receipt.chainSha256.slice(0, 16)}…，锚定 ${receipt.anchors} 次`);
    }
    const stopped = await api.call<RecordingRecord>(DEVICE_CLIENT_ENDPOINTS.stopRecording, { deviceId: device.deviceId, id: recordingId });
    console.log(`录制 ${recordingId} 已结束（${stopped.state}），平台正在封存上链`);
  } else {
    console.log(`录制 ${recordingId} 已结束（${state.state}）`);
  }
  fs.rmSync(progressFile, { force: true });
}

/** Seals the certificate of one of this device's sealed recordings with the holder's electronic seal. */
async function seal(args: string[]) {
  const recordingId = Number(args[0]);
  if (!Number.isSafeInteger(recordingId) || recordingId <= 0) fail("用法：seal <录制编号>");
  const { device, api } = loadDevice(values.dir!);
  const sealing = await api.call<SealingRecord>(DEVICE_CLIENT_ENDPOINTS.sealCertificate, { deviceId: device.deviceId, id: recordingId });
  console.log(`已用印：${sealing.documentName}，用印存证证书编号 ${sealing.certificateNo}`);
}

function mimeTypeOf(file: string): string {
  const extension = path.extname(file).toLowerCase();
  return { ".mp4": "video/mp4", ".webm": "video/webm", ".mkv": "video/x-matroska", ".ts": "video/mp2t", ".mov": "video/quicktime" }[extension] ?? "application/octet-stream";
}

function fail(message: string): never {
  console.error(message);
  process.exit(64);
}

const [command, ...rest] = positionals;
const commands: Record<string, (args: string[]) => Promise<void>> = { bind, upload, seal };
const run = commands[command ?? ""];
if (!run) fail("用法：device-client bind|upload|seal …（见 README「Recording devices」）");
run(rest).catch((error: unknown) => {
  console.error(error instanceof DeviceApiError ? `服务器拒绝（${error.code}）：${error.message}` : error);
  process.exit(1);
});
