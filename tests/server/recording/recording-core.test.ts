import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainHeads } from "../../../isomorphic/recording/chunk-chain.js";
import { nodeChainDigests } from "../../../server/ledger/node-crypto.js";
import { RECORDING_ENDPOINTS, RECORDING_LIST_ENDPOINTS, RECORDING_MESSAGES, RecordingCode } from "../../../src/schema/recording.js";
import { parseRecordingAnchorEntry } from "../../../src/schema/recording-anchor-entry.js";
import { RECORDING_PACKAGE_FORMAT, RecordingAnchorListSchema, RecordingChunkListSchema, RecordingPackageManifestSchema, RecordingPartDescriptionSchema } from "../../../src/schema/recording-package.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { readZip } from "../support/zip-reader.js";
import { chunkBytes, recordingClient, sha256Of } from "./recording-support.js";

let t: TestApp;
let r: ReturnType<typeof recordingClient>;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  r = recordingClient(t);
});
afterAll(async () => t?.close());

describe("a screen recording", () => {
  it("takes chunks in order, anchors every 30 s of recording and at the end, and seals one evidence with its package", async () => {
    const user = await r.newCustomer();
    await r.grantRecordings(user, 2);
    const started = await r.startScreen(user, "合同签署过程");
    expect(started.code, started.message).toBe(200);
    expect(started.datas).toMatchObject({ kind: "screenRecord", source: "browser", state: "recording", chunks: 0, anchors: 0, certificateNo: null });
    const id = started.datas.id;
    expect((await r.call(RECORDING_ENDPOINTS.allowance, user)).datas.packageRemaining).toBe(1);

    // 20 chunks of 2 s: anchors at 30 s and 40 s... only one interval crossed at 30 s (chunk 15), then the final one.
    await r.uploadMany(user, id, 20);
    const state = (await r.call(RECORDING_ENDPOINTS.uploadState, user, { id })).datas;
    expect(state).toMatchObject({ state: "recording", received: 20, durationMs: 40_000, anchors: 1 });
    expect(state.chunkSha256).toEqual(Array.from({ length: 20 }, (_, index) => sha256Of(chunkBytes(index))));

    const stopped = await r.call(RECORDING_ENDPOINTS.stop, user, { id });
    expect(stopped.datas).toMatchObject({ state: "sealing", ending: "stopped", anchors: 2 });
    await r.sealed();

    const detail = (await r.call(RECORDING_ENDPOINTS.one, user, { id })).datas;
    expect(detail).toMatchObject({ state: "sealed", ending: "stopped", durationMs: 40_000, chunks: 20, bytes: 20_000, anchors: 2 });
    expect(detail.certificateNo).toMatch(/\S+/);
    expect(detail.environment).toMatchObject({ source: "browser", clockOffsetMs: 1500, mimeType: "video/webm;codecs=vp9" });
    expect(detail.anchorList.map((anchor: { chunks: number; durationMs: number }) => [anchor.chunks, anchor.durationMs])).toEqual([
      [15, 30_000],
      [20, 40_000],
    ]);
    expect(detail.anchorList.every((anchor: { ledgerIndex: number | null }) => anchor.ledgerIndex !== null)).toBe(true);

    const evidence = await t.app.services.evidence.findByCertificateNo(detail.certificateNo);
    expect(evidence).toMatchObject({ kind: "screenRecord", status: "stored", holderUserId: user.id, name: "合同签署过程" });
    expect(evidence!.details).toMatchObject({ durationMs: 40_000, chunks: 20, ending: "stopped", source: "browser" });

    const list = (await r.call(RECORDING_LIST_ENDPOINTS.screenRecord, user, { pageNumber: 1, pageSize: 10 })).datas;
    expect(list.list.map((row: { id: number }) => row.id)).toEqual([id]);
    expect((await r.call(RECORDING_LIST_ENDPOINTS.liveRecord, user, { pageNumber: 1, pageSize: 10 })).datas.totalRow).toBe(0);

    const download = await t.call(RECORDING_ENDPOINTS.file, { id, file: "package" }, { token: user.token });
    expect(download.statusCode).toBe(200);
    expect(sha256Of(download.rawPayload)).toBe(evidence!.sha256);
    const zip = readZip(download.rawPayload);
    const manifest = RecordingPackageManifestSchema.parse(JSON.parse(zip.get("manifest.json")!.toString()));
    expect(manifest).toMatchObject({ format: RECORDING_PACKAGE_FORMAT, kind: "screenRecord", certificateNo: detail.certificateNo, parts: [{ dir: "recording" }] });
    for (const file of manifest.files) expect(sha256Of(zip.get(file.path)!), file.path).toBe(file.sha256);
    const description = RecordingPartDescriptionSchema.parse(JSON.parse(zip.get("recording/recording.json")!.toString()));
    expect(description).toMatchObject({ mediaPath: "recording/media.webm", chunkCount: 20, durationMs: 40_000, ending: "stopped" });
    const media = zip.get("recording/media.webm")!;
    expect(media.equals(Buffer.concat(Array.from({ length: 20 }, (_, index) => chunkBytes(index))))).toBe(true);
    const chunks = RecordingChunkListSchema.parse(JSON.parse(zip.get("recording/chunks.json")!.toString()));
    const heads = chainHeads(description.uid, chunks.map((chunk) => media.subarray(chunk.offset, chunk.offset + chunk.bytes)), nodeChainDigests);
    expect(heads.map((head) => head.sha256)).toEqual(chunks.map((chunk) => chunk.chainSha256));
    const anchors = RecordingAnchorListSchema.parse(JSON.parse(zip.get("recording/anchors.json")!.toString()));
    expect(anchors.map((anchor) => parseRecordingAnchorEntry(anchor.entry))).toMatchObject([
      { recording: description.uid, seq: 1, chunks: 15, sha256: heads[14].sha256, final: false },
      { recording: description.uid, seq: 2, chunks: 20, sha256: heads[19].sha256, sm3: heads[19].sm3, final: true },
    ]);
    for (const anchor of anchors) expect(Buffer.from((await t.app.services.ledger.entry(anchor.ledgerIndex))!).toString()).toBe(anchor.entry);

    const mediaDownload = await t.call(RECORDING_ENDPOINTS.file, { id, file: "media" }, { token: user.token });
    expect(mediaDownload.headers["content-type"]).toBe("video/webm");
    expect(mediaDownload.rawPayload.equals(media)).toBe(true);

    const [reservation] = await r.db().selectFrom("package_unit_reservations").selectAll().where("user_id", "=", user.id).execute();
    expect(reservation).toMatchObject({ state: "settled", source: "package", product_code: "30002" });
  });

  it("refuses without units and creates nothing", async () => {
    const user = await r.newCustomer();
    expect(await r.startScreen(user)).toMatchObject({ code: RecordingCode.noUnits, message: RECORDING_MESSAGES.noUnits });
    expect(await r.db().selectFrom("recordings").selectAll().where("user_id", "=", user.id).execute()).toEqual([]);
  });
});
