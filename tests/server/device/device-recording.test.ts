import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_CLIENT_ENDPOINTS, DEVICE_MESSAGES, DeviceCode } from "../../../src/schema/device.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { MOBILE_ARRAY_ENDPOINTS, MOBILE_ARRAY_MESSAGES } from "../../../src/schema/mobile-array.js";
import { RECORDING_ENDPOINTS, RECORDING_LIST_ENDPOINTS, RECORDING_MESSAGES, RecordingCode } from "../../../src/schema/recording.js";
import { SEAL_ENDPOINTS, SEAL_MESSAGES, SealCode } from "../../../src/schema/seal.js";
import type { DeviceKey } from "../../../server/cli/device-client/device-signer.js";
import { readZip } from "../support/zip-reader.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { chunkBytes, recordingClient, sha256Of } from "../recording/recording-support.js";
import { bindDevice, deviceCall } from "./device-calls.js";

let t: TestApp;
let r: ReturnType<typeof recordingClient>;

type Device = { key: DeviceKey; deviceId: number };
const device = async (d: Device, endpoint: Parameters<typeof deviceCall>[2], params: Record<string, string | number | undefined>) => {
  t.clock.advance(1);
  return (await deviceCall(t, d.key, endpoint, { deviceId: d.deviceId, ...params })).json();
};
const upload = async (d: Device, id: number, index: number, content: Buffer, recordedMs: number, sha256 = sha256Of(content)) => {
  t.clock.advance(1);
  const response = await deviceCall(t, d.key, DEVICE_CLIENT_ENDPOINTS.uploadChunk, { deviceId: d.deviceId, id, index, sha256, recordedMs }, { files: [{ name: "chunk", filename: "blob", contentType: "video/mp4", content }] });
  return response.json();
};
/** The device's clock runs two seconds behind the server's. */
const startOwn = async (d: Device, extra: Record<string, string | number> = {}) => {
  t.clock.advance(1);
  return (await deviceCall(t, d.key, DEVICE_CLIENT_ENDPOINTS.startRecording, { deviceId: d.deviceId, name: "现场录像", clientTime: t.clock.now() - 2000, mimeType: "video/mp4", ...extra })).json();
};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  r = recordingClient(t);
});
afterAll(async () => t?.close());

describe("a device's own recording", () => {
  it("is started, uploaded chunk by chunk (resuming from the upload state), stopped and sealed for the holder, listed under mobileRecord", async () => {
    const user = await r.newCustomer();
    await r.grantRecordings(user, 1);
    const phone = await bindDevice(t, user, "取证手机");
    const started = await startOwn(phone);
    expect(started).toMatchObject({ code: 200, datas: { kind: "mobileRecord", source: "device", state: "recording", name: "现场录像" } });
    const id = started.datas.id;
    for (let index = 0; index < 3; index++) expect((await upload(phone, id, index, chunkBytes(index), (index + 1) * 20_000)).code).toBe(200);
    // A resume asks where the server is, then sends the next chunk; a repeat of a held chunk answers as before.
    const state = await device(phone, DEVICE_CLIENT_ENDPOINTS.uploadState, { id });
    expect(state.datas).toMatchObject({ received: 3, chunkSha256: [0, 1, 2].map((index) => sha256Of(chunkBytes(index))) });
    expect((await upload(phone, id, 1, chunkBytes(1), 40_000)).datas).toMatchObject({ index: 1, received: 3 });
    // The bytes must be the ones whose digest the device signed.
    expect((await upload(phone, id, 3, chunkBytes(99), 80_000, sha256Of(chunkBytes(3)))).code).toBe(RecordingCode.chunkDigestMismatch);
    expect((await upload(phone, id, 3, chunkBytes(3), 80_000)).code).toBe(200);
    expect((await device(phone, DEVICE_CLIENT_ENDPOINTS.stopRecording, { id })).datas.state).toBe("sealing");
    await r.sealed();

    const detail = (await r.call(RECORDING_ENDPOINTS.one, user, { id })).datas;
    expect(detail).toMatchObject({ state: "sealed", ending: "stopped", chunks: 4, durationMs: 80_000, source: "device" });
    expect(detail.environment).toMatchObject({ source: "device", os: "Android 15", surface: "Pixel 8", clockOffsetMs: -2000, device: { id: phone.deviceId, name: "取证手机", publicKey: phone.key.publicKey } });
    expect(detail.certificateNo).toMatch(/\S+/);
    const list = (await r.call(RECORDING_LIST_ENDPOINTS.mobileRecord, user)).datas.list;
    expect(list.map((record: { id: number }) => record.id)).toEqual([id]);
    const zip = await t.call(RECORDING_ENDPOINTS.file, { id, file: "package" }, { token: user.token });
    expect(readZip(zip.rawPayload).size).toBeGreaterThan(0);
  });

  it("refuses a recording of another device, even the same holder's, and a start without units", async () => {
    const user = await r.newCustomer();
    const first = await bindDevice(t, user);
    const second = await bindDevice(t, user);
    expect(await startOwn(first)).toMatchObject({ code: RecordingCode.noUnits, message: RECORDING_MESSAGES.noUnits });
    await r.grantRecordings(user, 1);
    const id = (await startOwn(first)).datas.id;
    expect(await upload(second, id, 0, chunkBytes(0), 1000)).toMatchObject({ code: DeviceCode.notDevicesRecording, message: DEVICE_MESSAGES.notDevicesRecording });
    expect((await device(second, DEVICE_CLIENT_ENDPOINTS.stopRecording, { id })).code).toBe(DeviceCode.notDevicesRecording);
    expect((await device(second, DEVICE_CLIENT_ENDPOINTS.uploadState, { id })).code).toBe(DeviceCode.notDevicesRecording);
    expect((await r.call(RECORDING_ENDPOINTS.uploadState, user, { id })).datas.received).toBe(0);
  });
});

describe("a mobile array", () => {
  it("records two chosen devices as parts of one group, sealed as one evidence listing each device", async () => {
    const user = await r.newCustomer();
    await r.grantRecordings(user, 1);
    const a = await bindDevice(t, user, "机位甲");
    const b = await bindDevice(t, user, "机位乙");
    const outsider = await bindDevice(t, user, "未选设备");
    const stranger = await bindDevice(t, await r.newCustomer(), "他人设备");

    expect((await r.call(MOBILE_ARRAY_ENDPOINTS.start, user, { name: "多机位取证", deviceIds: [a.deviceId] })).code).toBe(ResultCode.validationFailed);
    expect(await r.call(MOBILE_ARRAY_ENDPOINTS.start, user, { name: "多机位取证", deviceIds: [a.deviceId, stranger.deviceId] })).toMatchObject({ code: ResultCode.validationFailed, message: MOBILE_ARRAY_MESSAGES.deviceNotYours });
    const group = await r.call(MOBILE_ARRAY_ENDPOINTS.start, user, { name: "多机位取证", purpose: "现场", deviceIds: [a.deviceId, b.deviceId] });
    expect(group).toMatchObject({ code: 200, datas: { kind: "mobileArray", state: "recording" } });
    const groupId = group.datas.id;
    expect((await device(a, DEVICE_CLIENT_ENDPOINTS.assignments, {})).datas).toEqual([{ groupId, joined: false }]);

    expect((await startOwn(outsider, { groupId })).code).toBe(DeviceCode.notInGroup);
    expect((await startOwn(stranger, { groupId })).code).toBe(DeviceCode.notInGroup);
    const partA = (await startOwn(a, { groupId })).datas;
    const partB = (await startOwn(b, { groupId })).datas;
    expect(partA).toMatchObject({ kind: "mobileArray", state: "recording" });
    expect((await startOwn(a, { groupId })).code).toBe(DeviceCode.alreadyJoined);
    expect((await device(a, DEVICE_CLIENT_ENDPOINTS.assignments, {})).datas).toEqual([{ groupId, joined: true }]);
    const members = (await r.call(MOBILE_ARRAY_ENDPOINTS.members, user, { id: groupId })).datas;
    expect(members).toEqual([
      { deviceId: a.deviceId, deviceName: "机位甲", partId: partA.id, joinTime: expect.any(Number) },
      { deviceId: b.deviceId, deviceName: "机位乙", partId: partB.id, joinTime: expect.any(Number) },
    ]);
    expect((await r.call(MOBILE_ARRAY_ENDPOINTS.members, await r.newCustomer(), { id: groupId })).datas).toEqual([]);

    for (let index = 0; index < 2; index++) {
      expect((await upload(a, partA.id, index, chunkBytes(index), (index + 1) * 2000)).code).toBe(200);
      expect((await upload(b, partB.id, index, chunkBytes(10 + index), (index + 1) * 3000)).code).toBe(200);
    }
    expect((await r.call(RECORDING_ENDPOINTS.stop, user, { id: groupId })).code).toBe(200);
    await r.sealed();
    const detail = (await r.call(RECORDING_ENDPOINTS.one, user, { id: groupId })).datas;
    expect(detail.state).toBe("sealed");
    expect(detail.parts).toEqual([expect.objectContaining({ id: partA.id, chunks: 2, state: "sealed" }), expect.objectContaining({ id: partB.id, chunks: 2, state: "sealed" })]);
    expect((await r.call(RECORDING_LIST_ENDPOINTS.mobileArray, user)).datas.list.map((record: { id: number }) => record.id)).toContain(groupId);
    // The group is closed: a part can no longer take chunks.
    expect((await upload(a, partA.id, 2, chunkBytes(2), 6000)).code).toBe(RecordingCode.notRecording);
  });
});

describe("a device and its holder's electronic seal", () => {
  it("seals the certificate of its own sealed recording only once the seal's configuration allows it", async () => {
    const user = await r.newCustomer();
    // What an operator's approval of the enterprise application leaves on the account.
    await t.database.handle.db.updateTable("users").set({ enterprise_status: 2, enterprise_name: "杭州设备用印示例有限公司" }).where("id", "=", user.id).execute();
    await r.grantRecordings(user, 1);
    const phone = await bindDevice(t, user, "执法记录仪");
    const spare = await bindDevice(t, user, "备用手机");
    expect((await r.call(SEAL_ENDPOINTS.issueCertificate, user)).code).toBe(200);

    const id = (await startOwn(phone)).datas.id;
    expect((await upload(phone, id, 0, chunkBytes(0), 2000)).code).toBe(200);
    // Not sealed yet: there is no certificate to seal.
    expect((await device(phone, DEVICE_CLIENT_ENDPOINTS.sealCertificate, { id })).message).toBe(SEAL_MESSAGES.evidenceNotReady);
    expect((await device(phone, DEVICE_CLIENT_ENDPOINTS.stopRecording, { id })).code).toBe(200);
    await r.sealed();

    expect((await device(spare, DEVICE_CLIENT_ENDPOINTS.sealCertificate, { id })).code).toBe(DeviceCode.notDevicesRecording);
    expect(await device(phone, DEVICE_CLIENT_ENDPOINTS.sealCertificate, { id })).toMatchObject({ code: SealCode.deviceNotAllowed, message: SEAL_MESSAGES.deviceNotAllowed });
    expect((await r.call(SEAL_ENDPOINTS.list, user)).datas.list).toEqual([]);

    expect((await r.call(SEAL_ENDPOINTS.saveConfig, user, { imageSource: "generated", allowedDeviceIds: [phone.deviceId] })).code).toBe(200);
    const { certificateNo } = (await r.call(RECORDING_ENDPOINTS.one, user, { id })).datas;
    const sealed = await device(phone, DEVICE_CLIENT_ENDPOINTS.sealCertificate, { id });
    expect(sealed).toMatchObject({ code: 200, datas: { source: "certificate", sourceCertificateNo: certificateNo } });
    expect((await r.call(SEAL_ENDPOINTS.list, user)).datas.list).toEqual([expect.objectContaining({ id: sealed.datas.id })]);
    expect((await device(spare, DEVICE_CLIENT_ENDPOINTS.sealCertificate, { id })).code).toBe(DeviceCode.notDevicesRecording);
  });
});
