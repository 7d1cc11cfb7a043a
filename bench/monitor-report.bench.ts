/**
 * Monitoring report PDFs: drawing time and size against the number of hits listed (the report's
 * hit table grows with the period), in-process with the CJK font loaded once, and the same drawn
 * through the certificate PDF thread pool the server uses.
 *   npx tsx bench/monitor-report.bench.ts
 */
import { performance } from "node:perf_hooks";
import { certificateFont } from "../server/modules/certificate/certificate-font.js";
import { CertificatePdfPool } from "../server/modules/certificate/certificate-pdf-pool.js";
import { renderMonitorReportPdf, type MonitorReportPdfInput } from "../server/modules/monitor/reports/monitor-report-pdf.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A report of `hits` hits over 30 days, two sites, a third of them without evidence. */
function reportOf(hits: number): MonitorReportPdfInput {
  const start = Date.UTC(2026, 9, 1);
  return {
    reportNo: "JCBG2026110112345678",
    holder: "张**",
    channelLabel: "文字监测",
    periodStart: start,
    periodEnd: start + 30 * DAY_MS,
    issuedAt: start + 30 * DAY_MS,
    summary: { tasks: 2, hits, pending: hits, confirmed: 0, dismissed: 0, evidence: Math.ceil((hits * 2) / 3) },
    byDay: Array.from({ length: 31 }, (_, day) => ({ label: new Date(start + day * DAY_MS).toISOString().slice(0, 10), count: Math.round(hits / 31) })),
    bySite: [{ label: "文学站", count: Math.ceil(hits / 2) }, { label: "资讯站", count: Math.floor(hits / 2) }],
    byMatchType: [{ label: "文字相似", count: hits }],
    tasks: [{ taskNo: "JC202610010001", name: "散文原创监测", sites: "文学站、资讯站", state: "监测中", weeks: "4", chargedFen: 40_000 }],
    hits: Array.from({ length: hits }, (_, index) => ({
      foundAt: start + (index % 30) * DAY_MS,
      title: `转载散文第${index}篇`,
      url: `http://127.0.0.1:9/copy/essay/${index}`,
      platform: "127.0.0.1",
      score: 90,
      review: "待确认",
      certificateNo: index % 3 === 0 ? null : `HZ${String(index).padStart(22, "0")}`,
    })),
    verifyUrl: "http://localhost:8080/info/certificate",
  };
}

const fontStart = performance.now();
certificateFont();
console.log(`CJK font load (once per process)        ${(performance.now() - fontStart).toFixed(0)} ms`);
for (const hits of [10, 100, 1000]) {
  const input = reportOf(hits);
  await renderMonitorReportPdf(input);
  const runs = hits >= 1000 ? 2 : 5;
  const start = performance.now();
  let size = 0;
  for (let run = 0; run < runs; run++) size = (await renderMonitorReportPdf(input)).length;
  const ms = (performance.now() - start) / runs;
  console.log(`report with ${String(hits).padStart(4)} hits (in process)    ${ms.toFixed(0).padStart(6)} ms  ${(size / 1024).toFixed(0).padStart(5)} KB  ${(hits / (ms / 1000)).toFixed(0).padStart(6)} hits/s`);
}
const pool = new CertificatePdfPool({ workers: 1 });
await pool.warmUp();
const input = reportOf(100);
const start = performance.now();
for (let run = 0; run < 5; run++) await pool.renderMonitorReport(input);
console.log(`report with  100 hits (worker thread)   ${((performance.now() - start) / 5).toFixed(0).padStart(6)} ms`);
await pool.close();
