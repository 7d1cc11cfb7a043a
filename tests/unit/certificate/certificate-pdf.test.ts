import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CERTIFICATE_ATTACHMENTS } from "../../../src/schema/certificate-names.js";
import { readCertificatePdf } from "../../../src/verification/certificate-file.js";
import { readPdfAttachments } from "../../../src/verification/pdf-attachments.js";
import { verifyCertificate } from "../../../src/verification/certificate-checks.js";
import { renderCertificatePdf } from "../../../server/modules/certificate/certificate-pdf.js";
import { issueCertificate } from "./certificate-fixture.js";

const issued = await issueCertificate();
const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe("certificate PDF", () => {
  it("embeds the exact logged entry, the tlog-proof and the printed facts as named files", async () => {
    const files = await readPdfAttachments(new Uint8Array(issued.pdf));
    expect([...files.keys()].sort()).toEqual(Object.values(CERTIFICATE_ATTACHMENTS).sort());
    expect(files.get(CERTIFICATE_ATTACHMENTS.entry)).toEqual(issued.entryBytes);
    expect(decode(files.get(CERTIFICATE_ATTACHMENTS.proof))).toBe(issued.proofBundle);
    expect(JSON.parse(decode(files.get(CERTIFICATE_ATTACHMENTS.certificate)))).toEqual(issued.facts);
    expect(decode(files.get(CERTIFICATE_ATTACHMENTS.identityEntry))).toBe(issued.identity.entryText);
    expect(decode(files.get(CERTIFICATE_ATTACHMENTS.identityProof))).toBe(issued.identity.proofBundle);
  });

  it("attaches no identity approval to a certificate saying the holder was not verified, and prints that plainly", async () => {
    const pdf = await renderCertificatePdf({ facts: { ...issued.facts, holderIdentity: null }, entryBytes: issued.entryBytes, proofBundle: issued.proofBundle, identityProof: null, issuedAt: 0 });
    const files = await readPdfAttachments(new Uint8Array(pdf));
    expect([...files.keys()].sort()).toEqual([CERTIFICATE_ATTACHMENTS.certificate, CERTIFICATE_ATTACHMENTS.entry, CERTIFICATE_ATTACHMENTS.proof].sort());
    const file = path.join(mkdtempSync(path.join(tmpdir(), "certificate-")), "unverified.pdf");
    writeFileSync(file, pdf);
    expect(execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })).toMatch(/持有人身份\s+存证时持有人身份未经平台核验/);
  });

  it("reads back as a certificate", async () => {
    const certificate = await readCertificatePdf(new Uint8Array(issued.pdf));
    expect(certificate.facts?.certificateNo).toBe(issued.facts.certificateNo);
    expect(certificate.proofBundle.startsWith("c2sp.org/tlog-proof@v1\n")).toBe(true);
  });

  it("prints the Chinese text with an embedded subset of Noto Sans CJK", () => {
    expect(issued.pdf.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansCJKsc-Regular/);
    const dir = mkdtempSync(path.join(tmpdir(), "certificate-"));
    const file = path.join(dir, "certificate.pdf");
    writeFileSync(file, issued.pdf);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    for (const printed of ["电子数据存证证书", issued.facts.certificateNo, "张三", "合同扫描件.pdf", "文件存证", issued.facts.sha256, issued.facts.sm3, "北京时间", "如何核验本证书", "持有人身份"]) {
      expect(text).toContain(printed);
    }
    // The identity line wraps in its row; its words, without the breaks, are the approval's place and time.
    const identityLine = `个人实名认证已通过（平台审核于 2026-01-01 07:50:00）账本序号 ${issued.identity.approval.ledgerIndex}，区块高度 1`;
    expect(text.replace(/\s+/g, "")).toContain(identityLine.replace(/\s+/g, ""));
    expect(text.replace(/\s+/g, "")).toContain("持有人身份审核记录（identity.approve）及其包含证明：identity-approval-entry.json、identity-approval.tlog-proof");
    expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/Pages:\s+1\n/);
  });

  it.each([
    ["an ASCII name with no break opportunity", "a".repeat(60_000)],
    ["a Chinese name", "合".repeat(60_000)],
    ["a name full of bidi overrides and controls", "\u202E\u0000名".repeat(20_000)],
  ])("draws %s of 60,000 characters in bounded time on one page, cut with an ellipsis; the embedded facts keep it whole", async (_case, evidenceName) => {
    const facts = { ...issued.facts, evidenceName, holderName: "某".repeat(60_000) };
    const start = performance.now();
    const pdf = await renderCertificatePdf({ facts, entryBytes: issued.entryBytes, proofBundle: issued.proofBundle, issuedAt: 0 });
    // pdfkit's own wrapping took about 1 s for 2,000 ASCII characters and minutes for 60,000; a normal certificate takes ~0.1 s.
    expect(performance.now() - start).toBeLessThan(5000);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "certificate-")), "long.pdf");
    writeFileSync(file, pdf);
    expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/Pages:\s+1\n/);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("…");
    expect(text).not.toMatch(/[\u202E\u0000]/);
    for (const printed of ["证据名称", issued.facts.sha256, "如何核验本证书"]) expect(text).toContain(printed);
    const certificate = await readCertificatePdf(new Uint8Array(pdf));
    expect(certificate.facts?.evidenceName).toBe(evidenceName);
    expect(verifyCertificate({ entry: certificate.entry, proofBundle: certificate.proofBundle, verifierKeys: [issued.keys.verifierKey] }).ok).toBe(true);
  }, 60_000);

  it("refuses what is not a certificate", async () => {
    await expect(readCertificatePdf(new TextEncoder().encode("hello"))).rejects.toThrow("无法读取 PDF 文件");
    const files = await readPdfAttachments(new Uint8Array(issued.pdf));
    expect(files.size).toBe(Object.keys(CERTIFICATE_ATTACHMENTS).length);
  });
});
