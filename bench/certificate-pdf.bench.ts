/**
 * Certificate PDFs per second (with the CJK font loaded once per process) against a baseline of
 * empty pdfkit pages measured in the same run; the certificate's size; offline verifications per
 * second (embedded-file extraction + every check, as the CLI does); the same certificates drawn
 * through the worker-thread pool the server uses (one at a time and kept busy), with how busy the
 * event loop stays meanwhile; and the drawing time of a 100- against a 60,000-character name.
 *   npx tsx bench/certificate-pdf.bench.ts
 */
import { createHash } from "node:crypto";
import PDFDocument from "pdfkit";
import { certificateFont } from "../server/modules/certificate/certificate-font.js";
import { performance as perf } from "node:perf_hooks";
import { CertificatePdfPool } from "../server/modules/certificate/certificate-pdf-pool.js";
import { renderCertificatePdf, type CertificatePdfInput } from "../server/modules/certificate/certificate-pdf.js";
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

// ---- off the event loop: the server's worker-thread pool ----

/** Rate of `run` with `inFlight` calls kept going, and the event loop's utilisation meanwhile. */
async function perSecondBusy(label: string, seconds: number, inFlight: number, run: () => Promise<unknown>): Promise<{ rate: number; loopBusy: number }> {
  // Warmed for a second first: a fresh thread's JIT has not seen pdfkit yet.
  for (const warmStart = performance.now(); performance.now() - warmStart < 1000; ) await run();
  let count = 0;
  const start = performance.now();
  const before = perf.eventLoopUtilization();
  const lane = async () => {
    while (performance.now() - start < seconds * 1000) {
      await run();
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  const loopBusy = perf.eventLoopUtilization(before).utilization;
  const rate = count / ((performance.now() - start) / 1000);
  console.log(`${label.padEnd(44)} ${rate.toFixed(1).padStart(8)} /s   event loop busy ${(loopBusy * 100).toFixed(0)}%`);
  return { rate, loopBusy };
}

console.log("");
const pool = new CertificatePdfPool();
const warmStart = performance.now();
await pool.warmUp();
console.log(`worker thread start (tsx, pdfkit, CJK font)     ${(performance.now() - warmStart).toFixed(0)} ms`);
const inProcess = await perSecondBusy("in-process, one at a time", 5, 1, () => renderCertificatePdf(input));
const pooled = await perSecondBusy("worker pool (1 thread), one at a time", 5, 1, () => pool.render(input));
const pooledBusy = await perSecondBusy("worker pool (1 thread), 4 in flight", 5, 4, () => pool.render(input));
console.log(`ratio worker / in-process (one at a time)        ${(pooled.rate / inProcess.rate).toFixed(2)}`);
console.log(`ratio worker, 4 in flight / in-process           ${(pooledBusy.rate / inProcess.rate).toFixed(2)}`);

console.log("");
const named = (length: number): CertificatePdfInput => ({ ...input, facts: { ...input.facts, evidenceName: "a".repeat(length - 4) + ".pdf" } });
async function medianMs(render: () => Promise<unknown>, runs = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await render();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}
for (const [where, render] of [
  ["in-process", (facts: CertificatePdfInput) => renderCertificatePdf(facts)],
  ["worker pool", (facts: CertificatePdfInput) => pool.render(facts)],
] as const) {
  const short = await medianMs(() => render(named(100)));
  const long = await medianMs(() => render(named(60_000)));
  console.log(`${where.padEnd(12)} name of 100 chars ${short.toFixed(0).padStart(5)} ms, of 60,000 chars ${long.toFixed(0).padStart(5)} ms   ratio ${(long / short).toFixed(2)}`);
}
await pool.close();
