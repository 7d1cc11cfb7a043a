/**
 * Certificate PDFs per second (with the CJK font loaded once per process) against a baseline of
 * empty pdfkit pages measured in the same run; the certificate's size; and offline verifications
 * per second (embedded-file extraction + every check, as the CLI does).
 *   npx tsx bench/certificate-pdf.bench.ts
 */
import { createHash } from "node:crypto";
import PDFDocument from "pdfkit";
import { certificateFont } from "../server/modules/certificate/certificate-font.js";
import { renderCertificatePdf } from "../server/modules/certificate/certificate-pdf.js";
import { readCertificatePdf } from "../src/verification/certificate-file.js";
import { verifyCertificate } from "../src/verification/certificate-checks.js";
import { issueCertificate } from "../tests/unit/certificate/certificate-fixture.js";

async function perSecond(label: string, seconds: number, run: () => Promise<unknown>): Promise<number> {
  await run();
  let count = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    await run();
    count += 1;
  }
  const rate = count / ((performance.now() - start) / 1000);
  console.log(`${label.padEnd(44)} ${rate.toFixed(1).padStart(8)} /s`);
  return rate;
}

function emptyPage(): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4" });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.end();
  return done;
}

const fontStart = performance.now();
certificateFont();
console.log(`CJK font load (once per process)              ${(performance.now() - fontStart).toFixed(0)} ms`);
const issued = await issueCertificate(new TextEncoder().encode("benchmark content ".repeat(1000)));
const input = { facts: issued.facts, entryBytes: issued.entryBytes, proofBundle: issued.proofBundle, issuedAt: Date.now() };

const baseline = await perSecond("empty pdfkit page (baseline)", 3, emptyPage);
const certificates = await perSecond("certificate PDF (CJK subset, QR, 3 files)", 5, () => renderCertificatePdf(input));
console.log(`ratio certificate / empty page                   ${(certificates / baseline).toFixed(3)}`);
console.log(`certificate size                                 ${(issued.pdf.length / 1024).toFixed(1)} KB (empty page ${((await emptyPage()).length / 1024).toFixed(1)} KB)`);

const fileDigests = { sha256: createHash("sha256").update(issued.content).digest("hex"), sm3: createHash("sm3").update(issued.content).digest("hex") };
const verifications = await perSecond("offline verification (extract + all checks)", 5, async () => {
  const certificate = await readCertificatePdf(new Uint8Array(issued.pdf));
  const result = verifyCertificate({ entry: certificate.entry, proofBundle: certificate.proofBundle, verifierKeys: [issued.keys.verifierKey], file: fileDigests });
  if (!result.ok) throw new Error("verification failed");
});
const checksOnly = await perSecond("checks only (no PDF parsing)", 3, async () => {
  verifyCertificate({ entry: issued.entryBytes, proofBundle: issued.proofBundle, verifierKeys: [issued.keys.verifierKey], file: fileDigests });
});
console.log(`ratio PDF extraction overhead (checks / full)    ${(checksOnly / verifications).toFixed(2)}`);
