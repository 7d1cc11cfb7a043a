import type { Worker } from "node:worker_threads";
import { ResultCode } from "../../../src/schema/envelope.js";
import { BusinessError } from "../../http/envelope.js";
import type { QueueDepth } from "../../jobs/job-queues.js";
import { startModuleThread, threadEntry } from "../../module-thread.js";
import type { DigitalReportPdfInput } from "../digital-report/digital-report-pdf.js";
import type { MonitorReportPdfInput } from "../monitor/reports/monitor-report-pdf.js";
import type { NotarialCertificatePdfInput } from "../notarization/notarial-certificate-pdf.js";
import type { CertificatePdfInput } from "./certificate-pdf.js";

/**
 * Certificate PDFs are drawn on worker threads, never on the event loop (issue 11): drawing one
 * takes tens to hundreds of milliseconds of CPU (font subsetting, layout, compression), during
 * which a server drawing in-process answered nothing else. Here the event loop only hands the
 * facts over and receives the bytes back.
 *
 * A small fixed pool (one thread by default: on a two-core machine one core keeps serving
 * requests) with a bounded queue: interactive requests beyond `maxQueued` waiting are refused at
 * once with a Chinese "busy" message rather than piling up. Background callers (package jobs,
 * already limited to a few at a time) wait their turn instead. A drawing that exceeds `timeoutMs`
 * is abandoned and its thread replaced, so a pathological input costs one thread for a bounded
 * time, never the server. The same threads draw digital reports (modules/digital-report), the
 * platform's other PDF whose size grows with its input, notarial certificates before their
 * seal (modules/notarization) and monitoring reports (modules/monitor/reports).
 *
 * Where each kind is drawn with several processes (issue 20): PDFs that are made once and stored
 * (digital and monitoring reports, notarial certificates) are requested jobs, drawn on these
 * threads in a worker process and kept as blobs (server/jobs/requested-jobs.ts). A certificate PDF
 * is drawn on demand for each download, here in the web process that serves it: it is cheap
 * (77 per second on one thread, 46 KB), never stored (it carries the latest proof and the download
 * time), and a round trip through the queue would cost the asker more than the drawing does.
 */
export const CERTIFICATE_PDF_MESSAGES = {
  busy: "证书生成繁忙，请稍后再试",
  timeout: "证书生成超时，请稍后重试",
} as const;

type WorkerCall =
  | { type: "ping" }
  | { type: "render"; input: CertificatePdfInput }
  | { type: "renderReport"; input: DigitalReportPdfInput }
  | { type: "renderNotarial"; input: NotarialCertificatePdfInput }
  | { type: "renderMonitorReport"; input: MonitorReportPdfInput };
export type WorkerRequest = WorkerCall & { id: number };
export type WorkerReply =
  | { id: number; type: "ready"; error: string | null }
  | { id: number; type: "rendered"; pdf: Uint8Array }
  | { id: number; type: "failed"; error: string };

export interface CertificatePdfRenderer {
  /** `background`: wait for a thread however long the queue (callers that are limited elsewhere). */
  render(input: CertificatePdfInput, options?: { background?: boolean }): Promise<Buffer>;
}

export interface DigitalReportPdfRenderer {
  renderDigitalReport(input: DigitalReportPdfInput): Promise<Buffer>;
}

export interface NotarialCertificatePdfRenderer {
  renderNotarialCertificate(input: NotarialCertificatePdfInput): Promise<Buffer>;
}

export interface MonitorReportPdfRenderer {
  renderMonitorReport(input: MonitorReportPdfInput): Promise<Buffer>;
}

export interface CertificatePdfPoolOptions {
  workers?: number;
  maxQueued?: number;
  timeoutMs?: number;
}

export const CERTIFICATE_PDF_POOL_DEFAULTS = { workers: 1, maxQueued: 16, timeoutMs: 30_000 } as const;
/** Heap per thread: a certificate needs a few tens of MB; a runaway drawing is stopped here. */
const WORKER_HEAP_MB = 512;
const WORKER_ENTRY = threadEntry("certificate-pdf.worker", import.meta.url);

interface Job {
  request: WorkerRequest;
  isBackground: boolean;
  resolve(reply: WorkerReply): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker | null;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export class CertificatePdfPool implements CertificatePdfRenderer, DigitalReportPdfRenderer, NotarialCertificatePdfRenderer, MonitorReportPdfRenderer {
  readonly #options: Required<CertificatePdfPoolOptions>;
  readonly #slots: Slot[];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #isClosed = false;
  /** Drawings that failed, hung or lost their thread (refusals when busy are not counted: they never queued). */
  #failed = 0;

  constructor(options: CertificatePdfPoolOptions = {}) {
    this.#options = { ...CERTIFICATE_PDF_POOL_DEFAULTS, ...options };
    this.#slots = Array.from({ length: this.#options.workers }, () => ({ worker: null, job: null, timer: null }));
  }

  async render(input: CertificatePdfInput, { background = false } = {}): Promise<Buffer> {
    return pdfOf(await this.#submit({ type: "render", input }, background));
  }

  async renderDigitalReport(input: DigitalReportPdfInput): Promise<Buffer> {
    return pdfOf(await this.#submit({ type: "renderReport", input }, false));
  }

  async renderNotarialCertificate(input: NotarialCertificatePdfInput): Promise<Buffer> {
    return pdfOf(await this.#submit({ type: "renderNotarial", input }, false));
  }

  async renderMonitorReport(input: MonitorReportPdfInput): Promise<Buffer> {
    return pdfOf(await this.#submit({ type: "renderMonitorReport", input }, false));
  }

  depth(): QueueDepth {
    return { waiting: this.#queue.length, running: this.#slots.filter((slot) => slot.job).length, failed: this.#failed };
  }

  /** Starts every thread and waits until each has its font loaded (threads otherwise start on first use). */
  async warmUp(): Promise<void> {
    const replies = await Promise.all(this.#slots.map(() => this.#submit({ type: "ping" }, true)));
    const problem = replies.find((reply) => reply.type === "ready" && reply.error);
    if (problem?.type === "ready") throw new Error(`certificate PDF worker: ${problem.error}`);
  }

  /** Fails what still waits and ends the threads. */
  async close(): Promise<void> {
    this.#isClosed = true;
    const closed = new Error("certificate PDF pool closed");
    for (const job of this.#queue.splice(0)) job.reject(closed);
    await Promise.all(this.#slots.map((slot) => this.#retire(slot, closed)));
  }

  #submit(call: WorkerCall, isBackground: boolean): Promise<WorkerReply> {
    if (this.#isClosed) return Promise.reject(new Error("certificate PDF pool closed"));
    const waiting = this.#queue.filter((job) => !job.isBackground).length;
    if (!isBackground && waiting >= this.#options.maxQueued) {
      return Promise.reject(new BusinessError(ResultCode.rateLimited, CERTIFICATE_PDF_MESSAGES.busy, { httpStatus: 503 }));
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ request: { ...call, id: this.#nextId++ }, isBackground, resolve, reject });
      this.#dispatch();
    });
  }

  #dispatch() {
    for (const slot of this.#slots) {
      if (slot.job || this.#queue.length === 0) continue;
      const job = this.#queue.shift()!;
      const worker = slot.worker ?? this.#start(slot);
      slot.job = job;
      slot.timer = setTimeout(() => void this.#retire(slot, new BusinessError(ResultCode.timeout, CERTIFICATE_PDF_MESSAGES.timeout, { httpStatus: 503 })), this.#options.timeoutMs);
      // An idle thread does not keep the process alive; one with work does.
      worker.ref();
      worker.postMessage(job.request);
    }
  }

  #start(slot: Slot): Worker {
    const worker = spawnWorker();
    slot.worker = worker;
    // Events of a thread that was already replaced are ignored.
    worker.on("message", (reply: WorkerReply) => {
      if (slot.worker !== worker || slot.job?.request.id !== reply.id) return;
      if (reply.type === "failed") this.#failed += 1;
      this.#settle(slot, (job) => job.resolve(reply));
    });
    worker.on("error", (error) => {
      if (slot.worker === worker) void this.#retire(slot, error);
    });
    worker.on("exit", (code) => {
      if (slot.worker === worker) void this.#retire(slot, new Error(`certificate PDF worker exited with code ${code}`));
    });
    return worker;
  }

  #settle(slot: Slot, finish: (job: Job) => void) {
    const { job } = slot;
    if (!job) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    finish(job);
    if (this.#queue.length === 0) slot.worker?.unref();
    this.#dispatch();
  }

  /** Ends a slot's thread (it failed, hung, or the pool closes) and fails its job; the next job starts a fresh thread. */
  async #retire(slot: Slot, error: Error) {
    const { worker } = slot;
    slot.worker = null;
    if (slot.job && !this.#isClosed) this.#failed += 1;
    this.#settle(slot, (job) => job.reject(error));
    if (worker) await worker.terminate();
  }
}

function pdfOf(reply: WorkerReply): Buffer {
  if (reply.type !== "rendered") throw new Error(`certificate PDF worker: ${reply.type === "failed" ? reply.error : "unexpected reply"}`);
  return Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength);
}

function spawnWorker(): Worker {
  return startModuleThread(WORKER_ENTRY, { name: "certificate-pdf", resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
}
