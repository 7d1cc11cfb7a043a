/**
 * Certificate PDFs per second on one thread (with the CJK font loaded once per process) against a
 * baseline of empty pdfkit pages measured in the same run, each certificate with printed values of
 * its own (number, names, digests, times, root hash: what a real day of certificates varies, so
 * that what is remembered across documents is only what really repeats: the fixed texts and the
 * glyphs drawn before), and the same certificate drawn again for comparison; the certificate's size; offline verifications per
 * second (embedded-file extraction + every check, as the CLI does); the same certificates drawn
 * through the worker-thread pool the server uses (one at a time and kept busy), with how busy the
 * event loop stays meanwhile; and the drawing time of a 100- against a 60,000-character name.
 *   npx tsx bench/certificate-pdf.bench.ts
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import PDFDocument from "pdfkit";
import { certificateFont } from "../server/modules/certificate/certificate-font.js";
import { performance as perf } from "node:perf_hooks";
import { CertificatePdfPool } from "../server/modules/certificate/certificate-pdf-pool.js";
import { renderCertificatePdf, type CertificatePdfInput } from "../server/modules/certificate/certificate-pdf.js";
import { readCertificatePdf } from "../src/verification/certificate-file.js";
import { verifyCertificate } from "../src/verification/certificate-checks.js";
import { issueCertificate } from "../tests/unit/certificate/certificate-fixture.js";
import { generateCertificateNo } from "../src/schema/certificate-no.js";

/** Rate by the wall clock, and by this process's CPU time (the machine may be shared: the CPU rate is what one core does). */
async function perSecond(label: string, seconds: number, run: () => Promise<unknown>): Promise<number> {
  await run();
  let count = 0;
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  while (performance.now() - start < seconds * 1000) {
    await run();
    count += 1;
  }
  const rate = count / ((performance.now() - start) / 1000);
  const cpu = process.cpuUsage(cpuBefore);
  const cpuRate = count / ((cpu.user + cpu.system) / 1e6);
  console.log(`${label.padEnd(44)} ${rate.toFixed(1).padStart(8)} /s   (${cpuRate.toFixed(1)} /s of CPU time)`);
  return rate;
}

/** Common Chinese characters for names: a fresh name may bring glyphs no certificate drew before. */
const NAME_CHARS = [..."王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红建文辉力"];
const DOC_WORDS = ["合同", "发票", "聊天记录", "录音", "截图", "转账凭证", "邮件", "设计稿", "源代码", "会议纪要", "授权书", "检测报告"];
const pick = <T,>(items: readonly T[]) => items[randomInt(items.length)];
const nameOf = (length: number) => Array.from({ length }, () => pick(NAME_CHARS)).join("");

/** The certificate of `input` with every value a real certificate varies drawn afresh. */
function variedInput(base: CertificatePdfInput): CertificatePdfInput {
  const hex = (bytes: number) => randomBytes(bytes).toString("hex");
  const facts = {
    ...base.facts,
    certificateNo: generateCertificateNo(),
    holderName: `${nameOf(3)}科技有限公司`,
    evidenceName: `${nameOf(2)}${pick(DOC_WORDS)}-${randomInt(1, 100_000)}.pdf`,
    size: randomInt(1, 2 ** 40),
    sha256: hex(32),
    sm3: hex(32),
    createdAt: Date.now() - randomInt(1e10),
    ledgerIndex: randomInt(1e9),
    blockHeight: randomInt(1, 1e7),
    treeSize: randomInt(1e9, 2e9),
    rootHash: randomBytes(32).toString("base64"),
  };
  return { ...base, facts, issuedAt: Date.now() - randomInt(1e9) };
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
const certificates = await perSecond("certificate PDF, each its own values", 5, () => renderCertificatePdf(variedInput(input)));
const same = await perSecond("the same certificate again", 3, () => renderCertificatePdf(input));
console.log(`ratio certificate / empty page                   ${(certificates / baseline).toFixed(3)}   (same again ${(same / baseline).toFixed(3)})`);
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
const inProcess = await perSecondBusy("in-process, one at a time", 5, 1, () => renderCertificatePdf(variedInput(input)));
const pooled = await perSecondBusy("worker pool (1 thread), one at a time", 5, 1, () => pool.render(variedInput(input)));
const pooledBusy = await perSecondBusy("worker pool (1 thread), 4 in flight", 5, 4, () => pool.render(variedInput(input)));
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
