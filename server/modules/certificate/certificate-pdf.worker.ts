import { parentPort } from "node:worker_threads";
import { renderDigitalReportPdf } from "../digital-report/digital-report-pdf.js";
import { renderMonitorReportPdf } from "../monitor/reports/monitor-report-pdf.js";
import { renderNotarialCertificatePdf } from "../notarization/notarial-certificate-pdf.js";
import { certificateFont } from "./certificate-font.js";
import { renderCertificatePdf } from "./certificate-pdf.js";
import type { WorkerReply, WorkerRequest } from "./certificate-pdf-pool.js";

/**
 * A certificate-drawing thread (certificate-pdf-pool.ts). The CJK font is read and parsed once,
 * when the thread starts, and then serves every certificate (digital report, notarial certificate) this thread draws.
 */
const port = parentPort;
if (!port) throw new Error("certificate-pdf.worker.ts runs only as a worker thread");

let fontError: string | null = null;
try {
  certificateFont();
} catch (error) {
  // Answered to each request, so the server reports it instead of losing the thread.
  fontError = (error as Error).message;
}

port.on("message", async (request: WorkerRequest) => {
  const reply = (answer: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(answer, transfer);
  if (request.type === "ping") return reply({ id: request.id, type: "ready", error: fontError });
  if (fontError) return reply({ id: request.id, type: "failed", error: fontError });
  try {
    const pdf = await draw(request);
    // The bytes are handed over, not copied, when the buffer holds nothing else.
    const owned = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? new Uint8Array(pdf.buffer) : new Uint8Array(pdf);
    reply({ id: request.id, type: "rendered", pdf: owned }, [owned.buffer as ArrayBuffer]);
  } catch (error) {
    reply({ id: request.id, type: "failed", error: (error as Error).message });
  }
});

function draw(request: Exclude<WorkerRequest, { type: "ping" }>): Promise<Buffer> {
  switch (request.type) {
    case "render":
      return renderCertificatePdf(request.input);
    case "renderReport":
      return renderDigitalReportPdf(request.input);
    case "renderNotarial":
      return renderNotarialCertificatePdf(request.input);
    case "renderMonitorReport":
      return renderMonitorReportPdf(request.input);
  }
}
