import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { generateCertificateNo } from "../../../src/schema/certificate-no.js";
import { runVerifyCommand } from "../../../src/verification/offline/verify-command.js";
import type { PackageCheckTools } from "../../../src/verification/package-zip.js";
import { checkRecordingPackage, isRecordingPackage } from "../../../src/verification/recording-check.js";
import { issueCertificate } from "../certificate/certificate-fixture.js";
import { recordingPackageModel, withMedia, writeRecordingPackage, type RecordingPackageModel } from "./recording-package-fixture.js";

const digest = (algorithm: string, data: Uint8Array) => createHash(algorithm).update(data).digest("hex");
const tools: PackageCheckTools = { sha256: (data) => digest("sha256", data), sm3: (data) => digest("sm3", data), inflateRaw: (data) => inflateRawSync(data) };

async function checked(model: RecordingPackageModel, verifierKey: string, options: { staleFrom?: RecordingPackageModel; certificateNo?: string } = {}) {
  const bytes = await writeRecordingPackage(model, options.staleFrom ? { staleFrom: options.staleFrom } : {});
  const checks = checkRecordingPackage(bytes, tools, { verifierKeys: [verifierKey], ...(options.certificateNo ? { certificateNo: options.certificateNo } : {}) });
  return { checks, status: Object.fromEntries(checks.map((check) => [check.id, check.status])), reason: Object.fromEntries(checks.map((check) => [check.id, check.reason])) };
}

const ALL_PASS = { "recording-structure": "pass", "recording-files": "pass", "recording-chunks": "pass", "recording-anchors": "pass", "recording-complete": "pass" };

describe("checkRecordingPackage", () => {
  it("passes a genuine package: files, chunks tiling the media, the chain, every anchor included and the final one covering all chunks", async () => {
    const { model, verifierKey } = await recordingPackageModel();
    const bytes = await writeRecordingPackage(model);
    expect(isRecordingPackage(bytes, tools)).toBe(true);
    const { status, reason } = await checked(model, verifierKey, { certificateNo: model.certificateNo });
    expect(status).toEqual(ALL_PASS);
    expect(reason["recording-complete"]).toBe("最后一次锚定为结束锚定，覆盖全部 6 个分片（录制时长 12秒），录像没有被截断");
    expect(reason["recording-anchors"]).toContain("2 次锚定均已上链");
  });

  it("names the changed chunk when one byte of the media changed, even with the manifest's digests rewritten", async () => {
    const { model, verifierKey } = await recordingPackageModel();
    const media = model.media.map((chunk) => chunk.slice());
    media[3][10] ^= 1;
    const { status, reason } = await checked({ ...model, media }, verifierKey);
    expect(status).toMatchObject({ "recording-files": "pass", "recording-chunks": "fail", "recording-anchors": "fail" });
    expect(reason["recording-chunks"]).toContain("第一个有问题的是第 4 个分片：第 4 个分片的内容与其摘要不符");
    expect(reason["recording-anchors"]).toContain("第 4 个分片有分片被删除、改动或调换顺序");
  });

  it("fails the manifest check when the media changed and the manifest kept the sealed digests", async () => {
    const { model, verifierKey } = await recordingPackageModel();
    const media = model.media.map((chunk) => chunk.slice());
    media[0][0] ^= 1;
    const { status, reason } = await checked({ ...model, media }, verifierKey, { staleFrom: model });
    expect(status["recording-files"]).toBe("fail");
    expect(reason["recording-files"]).toContain("recording-1/media.webm 的 SHA-256 摘要与清单记载不一致");
  });

  it("catches a middle chunk removed from the media only, naming it", async () => {
    const { model, verifierKey } = await recordingPackageModel();
    const media = model.media.filter((_, i) => i !== 2);
    const { status, reason } = await checked({ ...model, media }, verifierKey);
    expect(status["recording-chunks"]).toBe("fail");
    expect(reason["recording-chunks"]).toContain("第一个有问题的是第 3 个分片");
  });

  it("catches a middle chunk removed with chunks.json and the manifest re-derived: only the anchors can tell, and they do", async () => {
    const { model, verifierKey } = await recordingPackageModel();
    const forged = withMedia(model, model.media.filter((_, i) => i !== 2));
    const { status, reason } = await checked(forged, verifierKey);
    expect(status).toMatchObject({ "recording-files": "pass", "recording-chunks": "pass", "recording-anchors": "fail", "recording-complete": "fail" });
    expect(reason["recording-anchors"]).toBe("第 1 次锚定（覆盖前 3 个分片）的哈希链头与录像重新计算的不一致：第 1 至 3 个分片之间有分片被删除、改动或调换顺序");
    expect(reason["recording-complete"]).toContain("录像在第 5 个分片后被截断");
    expect(reason["recording-complete"]).toContain("没有任何分片得到锚定证明");
  });

  it("catches two chunks swapped: in chunks.json by their numbers, re-derived by the anchors", async () => {
    const { model, verifierKey } = await recordingPackageModel();
    const swap = <T,>(list: readonly T[]) => [list[0], list[2], list[1], ...list.slice(3)];
    const naive = await checked({ ...model, media: swap(model.media), chunks: swap(model.chunks) }, verifierKey);
    expect(naive.status["recording-chunks"]).toBe("fail");
    expect(naive.reason["recording-chunks"]).toContain("第一个有问题的是第 2 个分片：第 2 个分片的序号记为 3：分片缺失或顺序被调换");
    const forged = await checked(withMedia(model, swap(model.media)), verifierKey);
    expect(forged.status).toMatchObject({ "recording-chunks": "pass", "recording-anchors": "fail" });
    expect(forged.reason["recording-anchors"]).toContain("第 1 至 3 个分片之间有分片被删除、改动或调换顺序");
  });

  it("says where a package cut off before its end was cut, and what is still proven", async () => {
    const { model, verifierKey } = await recordingPackageModel({ chunkCount: 6, anchorAt: [3, 6] });
    const { status, reason } = await checked(withMedia(model, model.media.slice(0, 4)), verifierKey);
    expect(status).toMatchObject({ "recording-chunks": "pass", "recording-anchors": "fail", "recording-complete": "fail" });
    expect(reason["recording-anchors"]).toBe("第 2 次锚定证明录制了至少 6 个分片，包内只有 4 个");
    expect(reason["recording-complete"]).toMatch(/^录像在第 4 个分片后被截断：第 2 次锚定证明录制了至少 6 个分片，包内只有 4 个；前 3 个分片（录制时长 6秒）已由第 1 次锚定（.+）证明未被删改$/);
  });

  it("says a recording whose last anchor is not final, or does not cover its last chunks, ended unproven after them", async () => {
    const notFinal = await recordingPackageModel({ isFinal: false });
    const open = await checked(notFinal.model, notFinal.verifierKey);
    expect(open.status).toMatchObject({ "recording-anchors": "pass", "recording-complete": "fail" });
    expect(open.reason["recording-complete"]).toContain("录像在第 6 个分片后中断：最后一次锚定不是结束锚定");
    const early = await recordingPackageModel({ chunkCount: 6, anchorAt: [4] });
    const tail = await checked(early.model, early.verifierKey);
    expect(tail.reason["recording-complete"]).toMatch(/^录像在第 4 个分片后中断：前 4 个分片（录制时长 8秒）已由第 1 次锚定（.+）证明未被删改；其后的 2 个分片没有锚定证明$/);
  });

  it("fails anchors proven under a key the verifier does not trust, or whose entry was edited", async () => {
    const { model } = await recordingPackageModel();
    const other = await recordingPackageModel();
    const foreign = await checked(model, other.verifierKey);
    expect(foreign.status["recording-anchors"]).toBe("fail");
    expect(foreign.reason["recording-anchors"]).toContain("第 1 次锚定的账本证明未通过");
    expect(foreign.status["recording-complete"]).toBe("fail");
    const anchors = model.anchors.map((anchor, i) => (i === 0 ? { ...anchor, entry: anchor.entry.replace('"chunks":3', '"chunks":2'), fields: { ...anchor.fields, chunks: 2 } } : anchor));
    const edited = await checked({ ...model, anchors }, (await recordingPackageModel()).verifierKey);
    expect(edited.status["recording-anchors"]).toBe("fail");
  });

  it("refuses a package for another certificate and a ZIP that is no recording package", async () => {
    const { model, verifierKey } = await recordingPackageModel();
    const { status, reason } = await checked(model, verifierKey, { certificateNo: "HZ2026999999999999" });
    expect(status).toEqual({ ...Object.fromEntries(Object.keys(ALL_PASS).map((id) => [id, "skip"])), "recording-structure": "fail" });
    expect(checkRecordingPackage(new Uint8Array([1, 2, 3]), tools, { verifierKeys: [verifierKey] })[0].detail).toBeTruthy();
    expect(reason["recording-structure"]).toBe("文件不是完整的录像取证包");
    expect(isRecordingPackage(new Uint8Array([1, 2, 3]), tools)).toBe(false);
  });
});

describe("hengzheng-verify with a recording package", () => {
  it("checks the package inside with the certificate, against the keys given", async () => {
    const { model, verifierKey } = await recordingPackageModel({ certificateNo: generateCertificateNo() });
    const bytes = await writeRecordingPackage(model);
    const issued = await issueCertificate(bytes, { certificateNo: model.certificateNo });
    const dir = mkdtempSync(path.join(tmpdir(), "recording-verify-"));
    writeFileSync(path.join(dir, "证书.pdf"), issued.pdf);
    writeFileSync(path.join(dir, "package.zip"), bytes);
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const code = await runVerifyCommand(["verify", path.join(dir, "证书.pdf"), path.join(dir, "package.zip"), "--key", issued.keys.verifierKey, "--key", verifierKey], io);
    expect(lines.join("\n")).toContain("✔ 通过  录像完整，未被截断");
    expect(code).toBe(0);
    lines.length = 0;
    // The anchors' key alone is not the certificate's: the certificate fails, the anchors pass.
    expect(await runVerifyCommand(["verify", path.join(dir, "证书.pdf"), path.join(dir, "package.zip"), "--key", issued.keys.verifierKey], io)).toBe(1);
    expect(lines.join("\n")).toContain("✘ 不通过  各次锚定已上链且与哈希链一致");
  }, 30_000);
});
