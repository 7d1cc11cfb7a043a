import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { renderCertificatePdf } from "../../../server/modules/certificate/certificate-pdf.js";
import { buildVerifier } from "../../../scripts/build-verifier.js";
import { WACZ_PATHS } from "../../../isomorphic/wacz/wacz-format.js";
import { openZip } from "../../../isomorphic/wacz/zip-directory.js";
import { buildCapturePackage } from "../../../server/capture/package/wacz-writer.js";
import { packageInput, writeCaptureWarc } from "../capture/capture-package-fixture.js";
import { issueCertificate } from "./certificate-fixture.js";

/** The offline verifier as shipped: the bundle scripts/build-verifier.ts writes, run by plain `node`. */
const dir = mkdtempSync(path.join(tmpdir(), "hengzheng-verify-"));
const cli = path.join(dir, "hengzheng-verify.mjs");
const issued = await issueCertificate();
const write = (name: string, data: string | Uint8Array) => {
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return file;
};
const pdf = write("certificate.pdf", issued.pdf);
const original = write("contract.txt", issued.content);

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", cwd: dir, env: { PATH: process.env.PATH } });
  return { code: result.status, out: result.stdout, err: result.stderr };
}
const marks = (out: string) => Object.fromEntries([...out.matchAll(/^(✔ 通过|✘ 不通过|- 跳过)\s+(.+)$/gm)].map((match) => [match[2], match[1]]));

beforeAll(async () => {
  writeFileSync(cli, await buildVerifier());
}, 60_000);

describe("hengzheng-verify (bundled, plain node)", () => {
  it("passes a genuine certificate with its original file and exits 0", () => {
    const { code, out } = run("verify", pdf, original, "--key", issued.keys.verifierKey);
    expect(code).toBe(0);
    expect(out).toContain(`证书编号 ${issued.facts.certificateNo}`);
    expect(marks(out)).toEqual({
      证据记录格式正确: "✔ 通过",
      证书编号与证据记录一致: "✔ 通过",
      证明包格式正确: "✔ 通过",
      叶子哈希与证据记录一致: "✔ 通过",
      "检查点签名有效（平台密钥）": "✔ 通过",
      包含证明与签名检查点一致: "✔ 通过",
      与更新的检查点一致: "- 跳过",
      持有人身份审核记录为身份认证通过: "✔ 通过",
      持有人身份审核记录包含在同一签名检查点中: "✔ 通过",
      "文件 SHA-256 摘要与证据记录一致": "✔ 通过",
      "文件 SM3 摘要与证据记录一致": "✔ 通过",
    });
    expect(out).toContain(`持有人身份：个人实名认证已通过（平台审核于 2026-01-01 07:50:00），账本序号 ${issued.identity.approval.ledgerIndex}，区块高度 1`);
    expect(out).toContain("结论：核验通过。");
  });

  it("fails a certificate whose identity approval names another ledger index, and passes one saying the holder was not verified", async () => {
    const identityProof = { entry: issued.identity.entryText, proofBundle: issued.identity.proofBundle };
    const moved = { ...issued.facts, holderIdentity: { ...issued.identity.approval, ledgerIndex: issued.identity.approval.ledgerIndex + 1 } };
    const tampered = await renderCertificatePdf({ facts: moved, entryBytes: issued.entryBytes, proofBundle: issued.proofBundle, identityProof, issuedAt: 0 });
    const wrong = run("verify", write("moved-identity.pdf", tampered), "--key", issued.keys.verifierKey);
    expect(wrong.code).toBe(1);
    expect(marks(wrong.out)).toMatchObject({ 包含证明与签名检查点一致: "✔ 通过", 持有人身份审核记录包含在同一签名检查点中: "✘ 不通过" });

    const unverified = await renderCertificatePdf({ facts: { ...issued.facts, holderIdentity: null }, entryBytes: issued.entryBytes, proofBundle: issued.proofBundle, issuedAt: 0 });
    const plain = run("verify", write("unverified.pdf", unverified), "--key", issued.keys.verifierKey);
    expect(plain.code).toBe(0);
    expect(plain.out).toContain("持有人身份：存证时持有人身份未经平台核验");
    expect(marks(plain.out)).toMatchObject({ 持有人身份审核记录为身份认证通过: "- 跳过", 持有人身份审核记录包含在同一签名检查点中: "- 跳过" });
  });

  it("fails every file check of a changed file and exits 1", () => {
    const changed = Uint8Array.from(issued.content);
    changed[changed.length - 1] ^= 0x20;
    const { code, out } = run("verify", pdf, write("changed.txt", changed), "--key", issued.keys.verifierKey);
    expect(code).toBe(1);
    expect(marks(out)).toMatchObject({ "文件 SHA-256 摘要与证据记录一致": "✘ 不通过", "文件 SM3 摘要与证据记录一致": "✘ 不通过" });
    expect(out).toContain("结论：核验未通过。");
  });

  it("fails a certificate whose proof or signature was tampered with", async () => {
    const lines = issued.proofBundle.split("\n");
    const signature = lines.findIndex((line) => line.startsWith("— "));
    const badSignature = [...lines];
    badSignature[signature] = `${lines[signature].slice(0, -4)}${lines[signature].slice(-4) === "AAA=" ? "BAA=" : "AAA="}`;
    const badProof = [...lines];
    badProof[3] = Buffer.alloc(32, 9).toString("base64");
    for (const [name, proofBundle, failed] of [
      ["bad-signature.pdf", badSignature.join("\n"), "检查点签名有效（平台密钥）"],
      ["bad-proof.pdf", badProof.join("\n"), "包含证明与签名检查点一致"],
    ] as const) {
      const identityProof = { entry: issued.identity.entryText, proofBundle: issued.identity.proofBundle };
      const tampered = await renderCertificatePdf({ facts: issued.facts, entryBytes: issued.entryBytes, proofBundle, identityProof, issuedAt: 0 });
      const { code, out } = run("verify", write(name, tampered), original, "--key", issued.keys.verifierKey);
      expect(code, name).toBe(1);
      expect(marks(out)[failed], name).toBe("✘ 不通过");
    }
  });

  it("uses the certificate's own key only with a warning, and rejects a different key", async () => {
    const own = run("verify", pdf);
    expect(own.code).toBe(0);
    expect(own.out).toContain("这是证书自己记载的公钥");
    const other = await issueCertificate();
    const keyFile = write("other.vkey", `${other.keys.verifierKey}\n`);
    expect(run("verify", pdf, "--key", keyFile).code).toBe(1);
  });

  it("checks consistency with a newer checkpoint", () => {
    const checkpoint = write("newer.note", issued.newerCheckpoint);
    const proof = (hashes: Uint8Array[]) => JSON.stringify({ code: 200, datas: { proof: hashes.map((hash) => Buffer.from(hash).toString("base64")) } });
    const good = run("verify", pdf, "--key", issued.keys.verifierKey, "--checkpoint", checkpoint, "--consistency", write("good.json", proof(issued.consistencyProof)));
    expect(good.code).toBe(0);
    expect(marks(good.out)).toMatchObject({ "更新的检查点签名有效（平台密钥）": "✔ 通过", 与更新的检查点一致: "✔ 通过" });
    const bad = run("verify", pdf, "--key", issued.keys.verifierKey, "--checkpoint", checkpoint, "--consistency", write("bad.json", proof(issued.consistencyProof.slice(1))));
    expect(bad.code).toBe(1);
    expect(marks(bad.out)).toMatchObject({ 与更新的检查点一致: "✘ 不通过" });
  });

  it("checks a web capture's package (WACZ) inside as well, and fails a byte changed in its WARC", async () => {
    const built = await buildCapturePackage(packageInput(await writeCaptureWarc()), mkdtempSync(path.join(tmpdir(), "wacz-")));
    const wacz = readFileSync(built.waczPath);
    const capture = await issueCertificate(new Uint8Array(wacz));
    const capturePdf = write("capture-certificate.pdf", capture.pdf);
    const genuine = run("verify", capturePdf, built.waczPath, "--key", capture.keys.verifierKey);
    expect(genuine.code).toBe(0);
    expect(marks(genuine.out)).toMatchObject({
      "文件 SHA-256 摘要与证据记录一致": "✔ 通过",
      "文件 SM3 摘要与证据记录一致": "✔ 通过",
      网页取证包结构完整: "✔ 通过",
      网页取证包清单与清单摘要一致: "✔ 通过",
      网页取证包内文件与清单记载一致: "✔ 通过",
    });

    const zip = openZip(wacz);
    const warcStart = zip.storedBytes(zip.entries.find((entry) => entry.name === WACZ_PATHS.warc)!).byteOffset - wacz.byteOffset;
    const changed = Buffer.from(wacz);
    changed[warcStart + 1000] ^= 0x01;
    const tampered = run("verify", capturePdf, write("changed.wacz", changed), "--key", capture.keys.verifierKey);
    expect(tampered.code).toBe(1);
    expect(marks(tampered.out)).toMatchObject({
      "文件 SHA-256 摘要与证据记录一致": "✘ 不通过",
      网页取证包清单与清单摘要一致: "✔ 通过",
      网页取证包内文件与清单记载一致: "✘ 不通过",
    });
    expect(tampered.out).toContain("archive/data.warc.gz 的 SHA-256 摘要与记载不一致");
  });

  it("exits 2 on wrong usage or a file that is not a certificate", () => {
    expect(run().code).toBe(2);
    expect(run("verify", pdf, "--checkpoint", "x").code).toBe(2);
    const notPdf = run("verify", original);
    expect(notPdf.code).toBe(2);
    expect(notPdf.err).toContain("无法读取 PDF 文件");
  });
});
