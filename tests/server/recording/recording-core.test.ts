import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCheckpoint } from "../../../isomorphic/ledger/checkpoint.js";
import { hashLeaf } from "../../../isomorphic/ledger/hashing.js";
import { checkInclusionProof } from "../../../isomorphic/ledger/inclusion.js";
import { parseVerifierKey } from "../../../isomorphic/ledger/note-keys.js";
import { parseProofBundle } from "../../../isomorphic/ledger/proof-bundle.js";
import { nodeLedgerCrypto, sha256 } from "../../../server/ledger/node-crypto.js";
import { CERTIFICATE_ENDPOINTS } from "../../../src/schema/certificate.js";
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
    const verifier = parseVerifierKey(t.app.services.ledger.verifierKey, nodeLedgerCrypto);
    for (const anchor of anchors) {
      expect(Buffer.from((await t.app.services.ledger.entry(anchor.ledgerIndex))!).toString()).toBe(anchor.entry);
      const bundle = parseProofBundle(anchor.proof);
      const opened = openCheckpoint(bundle.checkpoint, [verifier]);
      if (!opened.ok) throw new Error(opened.detail);
      const claim = { leafHash: hashLeaf(new TextEncoder().encode(anchor.entry), sha256), index: anchor.ledgerIndex, treeSize: opened.checkpoint.size, proof: bundle.proof, rootHash: opened.checkpoint.rootHash };
      expect(checkInclusionProof(claim, sha256).ok).toBe(true);
      expect(checkInclusionProof({ ...claim, leafHash: hashLeaf(new TextEncoder().encode(anchor.entry.replace('"final":', '"final" :')), sha256) }, sha256).ok).toBe(false);
    }

    const pdf = await t.call(CERTIFICATE_ENDPOINTS.getCertificatePdf, { id: String(detail.evidenceId) }, { token: user.token });
    expect(pdf.statusCode).toBe(200);
    const [first, ...rest] = pdfPages(pdf.rawPayload);
    expect(first).toContain("录屏取证");
    // pdftotext breaks Chinese lines anywhere: compare without whitespace.
    const squash = (text: string) => text.replace(/\s+/g, "");
    const flat = squash(rest.join(""));
    expect(flat).toContain("录制环境与过程");
    expect(flat).toContain("用户浏览器录制");
    expect(flat).toContain(squash("40秒（共 20 个分片）"));
    expect(flat).toContain(squash("上链锚定（2 次）"));
    expect(flat).toContain(squash(`覆盖前 15 个分片（录制时间 30秒），账本序号 ${anchors[0].ledgerIndex}`));
    expect(flat).toContain(squash("录制端时钟与平台时钟相差：1500 毫秒"));
    expect(flat).toContain(manifest.files.find((file) => file.path === "recording/media.webm")!.sha256);

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

/** Each page's text as pdftotext reads it (form feeds separate pages). */
function pdfPages(pdf: Buffer): string[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "recording-certificate-"));
  try {
    fs.writeFileSync(path.join(folder, "certificate.pdf"), pdf);
    return execFileSync("pdftotext", ["-layout", path.join(folder, "certificate.pdf"), "-"], { encoding: "utf8" }).split("\f").filter((page) => page.trim() !== "");
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
