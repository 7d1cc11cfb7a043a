import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { WARCRecord, WARCSerializer } from "warcio";
import { CAPTURE_QA_FINDINGS, PROVENANCE_FORMAT, type CaptureProvenance, type CaptureQa, type CaptureStage } from "../../../src/schema/capture.js";
import { CAPTURE_RESOURCE_URIS, CaptureFailedError, type CaptureEngine, type CapturedPage, type CaptureJob } from "../../../server/capture/capture-engine.types.js";

/**
 * A test double of the capture engine that fetches nothing: each "capture" writes a real WARC with
 * warcio (a response record for the page and a resource record per artefact, one gzip member each),
 * so the platform's own packager, sealing, digests and downloads act on real files. What a URL's
 * path says decides the outcome: /review fails QA, /fail fails, /hold waits for release().
 */
export function captureDouble() {
  const held = new Map<string, () => void>();
  const heldStarted = new Map<string, () => void>();
  const heldSince = new Set<string>();
  let isAvailable = true;
  const stagesSeen: CaptureStage[] = [];

  const engine: CaptureEngine = {
    options: { viewport: { width: 1280, height: 800 }, userAgent: "test", timeoutMs: 60_000, maxBytes: 1 << 20, maxRequests: 100, maxPageHeight: 20_000, networkIdleMs: 500, maxScrollSteps: 10 },
    async availability() {
      return isAvailable ? { available: true, chromium: "140.0.0.0" } : { available: false, reason: "未安装 chromium：请运行 apt-get install chromium fonts-noto-cjk" };
    },
    async close() {},
    async capture(job: CaptureJob): Promise<CapturedPage> {
      const url = new URL(job.url);
      for (const stage of ["opening", "scrolling", "recording", "checking"] as const) {
        job.onStage(stage);
        stagesSeen.push(stage);
      }
      if (url.pathname.startsWith("/hold")) {
        heldSince.add(job.url);
        heldStarted.get(job.url)?.();
        await new Promise<void>((resolve, reject) => {
          held.set(job.url, resolve);
          job.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
        });
      }
      if (url.pathname.startsWith("/fail")) throw new CaptureFailedError("connectionFailed", "ECONNREFUSED");
      const startedAt = new Date().toISOString();
      const title = `页面 ${url.pathname}`;
      const qa: CaptureQa = url.pathname.startsWith("/review")
        ? { passed: false, findings: [{ code: "errorStatus", message: CAPTURE_QA_FINDINGS.errorStatus, detail: "状态码 503" }], metrics: { mainStatus: 503, inkRatio: 0.2, textLength: 40, requests: 3, failedRequests: 0, pageHeight: 900 } }
        : { passed: true, findings: [], metrics: { mainStatus: 200, inkRatio: 0.3, textLength: 400, requests: 3, failedRequests: 0, pageHeight: 900 } };
      const provenance: CaptureProvenance = {
        format: PROVENANCE_FORMAT,
        requestedUrl: job.url,
        finalUrl: job.url,
        title,
        startedAt,
        endedAt: new Date().toISOString(),
        software: { platform: "衡证", version: "0.1.0", chromium: "140.0.0.0", automation: "playwright-core", node: process.version },
        node: { localAddresses: ["127.0.0.1"], publicAddress: null, hostname: os.hostname() },
        options: engine.options,
        origins: [{ origin: url.origin, addresses: ["127.0.0.1"], dns: [], tls: null }],
        redirects: [],
        blocked: [{ url: "http://10.0.0.1/x.png", reason: "addressRefused", detail: "10.0.0.1" }],
        resources: { requests: 3, failed: 0, bytes: 1234 },
      };
      const html = Buffer.from(`<html><head><title>${title}</title></head><body>正文</body></html>`);
      const artefacts = {
        screenshot: { contentType: "image/png", body: Buffer.from(`PNG of ${job.url}`) },
        html: { contentType: "text/html; charset=utf-8", body: html },
        pdf: { contentType: "application/pdf", body: Buffer.from(`%PDF-1.4 ${job.url}`) },
        provenance: { contentType: "application/json", body: Buffer.from(JSON.stringify(provenance)) },
        qa: { contentType: "application/json", body: Buffer.from(JSON.stringify(qa)) },
      };
      const date = startedAt.replace(/\.\d+Z$/, "Z");
      const records = [
        WARCRecord.createWARCInfo({ filename: `capture-${job.captureId}.warc.gz`, warcVersion: "WARC/1.1" }, { software: "capture-double" }),
        WARCRecord.create({ url: job.url, date, type: "response", warcVersion: "WARC/1.1", statusline: "HTTP/1.1 200 OK", httpHeaders: { "Content-Type": "text/html; charset=utf-8" } }, [html]),
        ...(Object.keys(artefacts) as (keyof typeof artefacts)[]).map((kind) =>
          WARCRecord.create({ url: CAPTURE_RESOURCE_URIS[kind], date, type: "resource", warcVersion: "WARC/1.1", warcHeaders: { "Content-Type": artefacts[kind].contentType } }, [artefacts[kind].body]),
        ),
      ];
      const members = await Promise.all(records.map((record) => WARCSerializer.serialize(record, { gzip: true })));
      const warcPath = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), "capture-double-")), `capture-${job.captureId}.warc.gz`);
      await fsp.writeFile(warcPath, Buffer.concat(members));
      return { title, finalUrl: job.url, screenshot: artefacts.screenshot.body, html, pdf: artefacts.pdf.body, warcPath, provenance, qa };
    },
  };

  return {
    engine,
    stagesSeen,
    setAvailable: (value: boolean) => void (isAvailable = value),
    /** Resolves once a /hold capture of `url` is under way. */
    /** Resolves once a capture of `url` is held, also when it was held before the call (a restart's queue may start it first). */
    whenHeld(url: string): Promise<void> {
      return new Promise<void>((resolve) => (heldSince.has(url) ? resolve() : heldStarted.set(url, resolve)));
    },
    release(url: string) {
      heldSince.delete(url);
      held.get(url)?.();
    },
  };
}
