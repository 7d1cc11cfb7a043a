import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainHeads } from "../../../isomorphic/recording/chunk-chain.js";
import { nodeChainDigests } from "../../../server/ledger/node-crypto.js";
import { RECORDING_ENDPOINTS, RECORDING_IDLE_TIMEOUT_MS, RECORDING_LIST_ENDPOINTS, RECORDING_MESSAGES, RecordingCode, type RecordingEnvironment } from "../../../src/schema/recording.js";
import { parseRecordingAnchorEntry } from "../../../src/schema/recording-anchor-entry.js";
import { RecordingAnchorListSchema, RecordingChunkListSchema, RecordingPackageManifestSchema, RecordingPartDescriptionSchema } from "../../../src/schema/recording-package.js";
import { createTestApp, restartTestApp, type TestApp } from "../support/test-app.js";
import { readZip } from "../support/zip-reader.js";
import { chunkBytes, recordingClient, sha256Of } from "./recording-support.js";

let t: TestApp;
let r: ReturnType<typeof recordingClient>;
const recordings = () => t.app.services.recording.recordings;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  r = recordingClient(t);
});
afterAll(async () => t?.close());

describe("resuming an upload", () => {
  it("answers a chunk sent again as before, refuses a different one, one out of order and one damaged on the way; nothing changes", async () => {
    const { user, id } = await r.started();
    await r.uploadMany(user, id, 3);
    const first = await r.upload(user, id, 2, chunkBytes(2), 6000);
    const again = await r.upload(user, id, 2, chunkBytes(2), 6000);
    expect(again).toMatchObject({ code: 200, datas: first.datas });
    expect(first.datas).toMatchObject({ index: 2, received: 3, bytes: 1000 });

    const conflict = await r.upload(user, id, 1, chunkBytes(9), 4000);
    expect(conflict).toMatchObject({ code: RecordingCode.chunkConflict, message: RECORDING_MESSAGES.chunkConflict });
    const ahead = await r.upload(user, id, 5, chunkBytes(5), 12_000);
    expect(ahead).toMatchObject({ code: RecordingCode.chunkOutOfOrder, message: RECORDING_MESSAGES.chunkOutOfOrder, extraData: { received: 3 } });
    const damaged = await r.upload(user, id, 3, chunkBytes(3), 8000, sha256Of(chunkBytes(4)));
    expect(damaged).toMatchObject({ code: RecordingCode.chunkDigestMismatch, message: RECORDING_MESSAGES.chunkDigestMismatch });
    const backwards = await r.upload(user, id, 3, chunkBytes(3), 1000);
    expect(backwards.message).toBe(RECORDING_MESSAGES.recordedBackwards);

    const state = (await r.call(RECORDING_ENDPOINTS.uploadState, user, { id })).datas;
    expect(state).toMatchObject({ received: 3, bytes: 3000, durationMs: 6000 });
    expect(await r.db().selectFrom("recording_chunks").select("idx").where("recording_id", "=", id).execute()).toHaveLength(3);
    // The client resumes from `received`.
    expect((await r.upload(user, id, 3, chunkBytes(3), 8000)).datas).toMatchObject({ index: 3, received: 4 });
  });

  it("another holder's recording does not exist for them", async () => {
    const { id } = await r.started();
    const other = await r.newCustomer();
    expect((await r.call(RECORDING_ENDPOINTS.uploadState, other, { id })).code).toBe(404);
    expect((await r.upload(other, id, 0, chunkBytes(0), 2000)).code).toBe(404);
    expect((await r.call(RECORDING_ENDPOINTS.stop, other, { id })).code).toBe(404);
    expect((await r.call(RECORDING_ENDPOINTS.one, other, { id })).code).toBe(404);
  });

  it("anchors chunks that waited 30 s of wall time, whatever their recording time", async () => {
    const { user, id } = await r.started();
    await r.uploadMany(user, id, 2);
    const anchorsNow = async () => (await r.call(RECORDING_ENDPOINTS.uploadState, user, { id })).datas.anchors;
    await recordings().anchorWaiting();
    expect(await anchorsNow()).toBe(0);
    t.clock.advance(31_000);
    await recordings().anchorWaiting();
    expect(await anchorsNow()).toBe(1);
    await recordings().anchorWaiting();
    expect(await anchorsNow()).toBe(1);
    await t.app.services.recording.anchors.idle();
    const detail = (await r.call(RECORDING_ENDPOINTS.one, user, { id })).datas;
    expect(detail.anchorList).toMatchObject([{ seq: 1, chunks: 2, durationMs: 4000, ledgerIndex: expect.any(Number) }]);
  });

  it("a discarded recording gives its unit back and takes no more chunks", async () => {
    const { user, id } = await r.started();
    await r.uploadMany(user, id, 1);
    expect((await r.call(RECORDING_ENDPOINTS.discard, user, { id })).datas).toMatchObject({ state: "failed" });
    expect((await r.call(RECORDING_ENDPOINTS.allowance, user)).datas.packageRemaining).toBe(1);
    expect((await r.upload(user, id, 1, chunkBytes(1), 4000)).code).toBe(RecordingCode.notRecording);
    expect((await r.call(RECORDING_ENDPOINTS.stop, user, { id })).code).toBe(RecordingCode.notRecording);
  });

  it("a recording stopped before any chunk fails and gives its unit back", async () => {
    const { user, id } = await r.started();
    await r.call(RECORDING_ENDPOINTS.stop, user, { id });
    await r.sealed();
    expect((await r.call(RECORDING_ENDPOINTS.one, user, { id })).datas).toMatchObject({ state: "failed", failure: expect.stringContaining("没有") });
    expect((await r.call(RECORDING_ENDPOINTS.allowance, user)).datas.packageRemaining).toBe(1);
  });
});

describe("interruptions and truncation", () => {
  it("a recording silent for the idle timeout is sealed as interrupted with what it had", async () => {
    const { user, id } = await r.started();
    await r.uploadMany(user, id, 4);
    t.clock.advance(RECORDING_IDLE_TIMEOUT_MS - 1000);
    expect(await recordings().interruptIdle()).not.toContain(id);
    t.clock.advance(2000);
    expect(await recordings().interruptIdle()).toContain(id);
    await r.sealed();
    const detail = (await r.call(RECORDING_ENDPOINTS.one, user, { id })).datas;
    expect(detail).toMatchObject({ state: "sealed", ending: "interrupted", chunks: 4, durationMs: 8000 });
    const evidence = await t.app.services.evidence.findByCertificateNo(detail.certificateNo);
    expect(evidence!.details).toMatchObject({ ending: "interrupted", endingLabel: expect.stringContaining("中断") });
  });

  it("a package missing a middle chunk fails the chain; one cut off after chunk k still proves anchor ≤ k", async () => {
    const { user, id } = await r.started();
    await r.uploadMany(user, id, 20);
    await r.call(RECORDING_ENDPOINTS.stop, user, { id });
    await r.sealed();
    const zip = readZip((await t.call(RECORDING_ENDPOINTS.file, { id, file: "package" }, { token: user.token })).rawPayload);
    const { uid } = RecordingPartDescriptionSchema.parse(JSON.parse(zip.get("recording/recording.json")!.toString()));
    const chunks = RecordingChunkListSchema.parse(JSON.parse(zip.get("recording/chunks.json")!.toString()));
    const anchors = RecordingAnchorListSchema.parse(JSON.parse(zip.get("recording/anchors.json")!.toString())).map((anchor) => parseRecordingAnchorEntry(anchor.entry)!);
    const media = zip.get("recording/media.webm")!;
    const pieces = chunks.map((chunk) => media.subarray(chunk.offset, chunk.offset + chunk.bytes));
    const [interval, final] = anchors;
    expect(interval.chunks).toBe(15);

    const whole = chainHeads(uid, pieces, nodeChainDigests);
    expect(whole[final.chunks - 1]).toEqual({ sha256: final.sha256, sm3: final.sm3 });

    const withoutMiddle = chainHeads(uid, [...pieces.slice(0, 7), ...pieces.slice(8)], nodeChainDigests);
    expect(withoutMiddle.at(-1)!.sha256).not.toBe(final.sha256);
    expect(withoutMiddle[interval.chunks - 1].sha256).not.toBe(interval.sha256);

    const reordered = chainHeads(uid, [pieces[1], pieces[0], ...pieces.slice(2)], nodeChainDigests);
    expect(reordered[interval.chunks - 1].sha256).not.toBe(interval.sha256);

    const cutAfter17 = chainHeads(uid, pieces.slice(0, 17), nodeChainDigests);
    expect(cutAfter17[interval.chunks - 1]).toEqual({ sha256: interval.sha256, sm3: interval.sm3 });
    expect(cutAfter17).toHaveLength(17);
  });
});

describe("a mobile array", () => {
  const deviceEnvironment = (name: string): RecordingEnvironment => ({
    source: "device",
    userAgent: null,
    os: "Android 14",
    screen: { width: 1080, height: 2400, pixelRatio: 3 },
    surface: "camera",
    mimeType: "video/mp4",
    timeZone: "Asia/Shanghai",
    clockOffsetMs: 0,
    device: { id: 1, name, publicKey: "test-key" },
  });

  it("seals its parts as one evidence with one unit, a folder per device", async () => {
    const user = await r.newCustomer();
    await r.grantRecordings(user, 1);
    const group = await recordings().start(user.id, { kind: "mobileArray", source: "device", name: "现场多机位", purpose: null, target: null, environment: deviceEnvironment("阵列"), isGroup: true });
    const parts = [];
    for (const name of ["机位一", "机位二"]) parts.push(await recordings().start(user.id, { kind: "mobileArray", source: "device", name, purpose: null, target: null, environment: deviceEnvironment(name), groupId: group.id }));
    expect((await r.call(RECORDING_ENDPOINTS.allowance, user)).datas.packageRemaining).toBe(0);
    for (const [position, part] of parts.entries()) {
      for (let index = 0; index < 2 + position; index++) {
        const bytes = chunkBytes(100 * position + index);
        await recordings().appendChunk(user.id, { id: part.id, index, sha256: sha256Of(bytes), recordedMs: (index + 1) * 2000 }, Readable.from([bytes]));
      }
    }
    await recordings().stop(user.id, parts[0].id);
    const stopped = await recordings().stop(user.id, group.id);
    expect(stopped).toMatchObject({ state: "sealing", chunks: 5 });
    await r.sealed();

    const list = (await r.call(RECORDING_LIST_ENDPOINTS.mobileArray, user, { pageNumber: 1, pageSize: 10 })).datas;
    expect(list.list.map((row: { id: number }) => row.id)).toEqual([group.id]);
    const detail = (await r.call(RECORDING_ENDPOINTS.one, user, { id: group.id })).datas;
    expect(detail).toMatchObject({ state: "sealed", chunks: 5, durationMs: 6000 });
    expect(detail.parts).toMatchObject([
      { name: "机位一", state: "sealed", chunks: 2, ending: "stopped", anchors: 1 },
      { name: "机位二", state: "sealed", chunks: 3, ending: "stopped", anchors: 1 },
    ]);
    const evidence = await t.app.services.evidence.findByCertificateNo(detail.certificateNo);
    expect(evidence).toMatchObject({ kind: "mobileArray" });
    expect((evidence!.details.parts as unknown[]).length).toBe(2);

    const zip = readZip((await t.call(RECORDING_ENDPOINTS.file, { id: group.id, file: "package" }, { token: user.token })).rawPayload);
    const manifest = RecordingPackageManifestSchema.parse(JSON.parse(zip.get("manifest.json")!.toString()));
    expect(manifest.parts.map((part) => [part.dir, part.label])).toEqual([
      ["part-1", "机位一"],
      ["part-2", "机位二"],
    ]);
    expect(zip.get("part-2/media.mp4")!.length).toBe(3000);
    expect((await t.call(RECORDING_ENDPOINTS.file, { id: group.id, file: "media" }, { token: user.token })).json().code).toBe(404);
    const [reservation] = await r.db().selectFrom("package_unit_reservations").selectAll().where("user_id", "=", user.id).execute();
    expect(reservation.state).toBe("settled");
  });
});

describe("a restart", () => {
  it("keeps the chunks held, takes the next one, and seals as if nothing happened", async () => {
    const { user, id } = await r.started();
    await r.uploadMany(user, id, 3);
    t = await restartTestApp(t, { seedDemo: false });
    r = recordingClient(t);
    const state = (await r.call(RECORDING_ENDPOINTS.uploadState, user, { id })).datas;
    expect(state).toMatchObject({ state: "recording", received: 3 });
    expect((await r.upload(user, id, 2, chunkBytes(2), 6000)).datas).toMatchObject({ index: 2, received: 3 });
    await r.uploadMany(user, id, 2, 2000, 3);
    await r.call(RECORDING_ENDPOINTS.stop, user, { id });
    await r.sealed();
    expect((await r.call(RECORDING_ENDPOINTS.one, user, { id })).datas).toMatchObject({ state: "sealed", chunks: 5, ending: "stopped" });
  });
});
