import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import yazl from "yazl";
import { CAPTURE_QA_FINDINGS, PROVENANCE_FORMAT, type CaptureProvenance, type CaptureQa, type CaptureStage } from "../../../src/schema/capture.js";
import { CaptureFailedError, type CaptureEngine, type CapturedPage, type CaptureJob, type CapturePackage } from "../../../server/capture/capture-engine.types.js";
import { CAPTURE_ARTEFACT_URIS, type CapturePorts } from "../../../server/modules/capture/capture-ports.js";
import { readZip } from "./zip-reader.js";

/**
 * A test double of the capture engine and packager that fetches nothing: each "capture" writes a
 * real WARC (one resource record per artefact, a gzip member each) and the packager a real ZIP
 * holding it and the artefacts, so sealing, digests and downloads act on real files. What a URL's
 * path says decides the outcome: /review fails QA, /fail fails, /hold waits for release().
 */
export function captureDouble() {
  const held = new Map<string, () => void>();
  const heldStarted = new Map<string, () => void>();
  const started = new Map<string, Promise<void>>();
  let isAvailable = true;
  const stagesSeen: CaptureStage[] = [];

  const engine: CaptureEngine = {
    options: { viewport: { width: 1280, height: 800 }, userAgent: "test", timeoutMs: 60_000, maxBytes: 1 << 20, maxRequests: 100, maxPageHeight: 20_000, networkIdleMs: 500, maxScrollSteps: 10 },
    async availability() {
      return isAvailable ? { available: true, chromium: "Chromium 140.0.0.0 (test double)" } : { available: false, reason: "未安装 chromium：请运行 apt-get install chromium fonts-noto-cjk" };
    },
    async close() {},
    async capture(job: CaptureJob): Promise<CapturedPage> {
      const url = new URL(job.url);
      for (const stage of ["opening", "scrolling", "recording", "checking"] as const) {
        job.onStage(stage);
        stagesSeen.push(stage);
      }
      if (url.pathname.startsWith("/hold")) {
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
      const artefacts = {
        screenshot: Buffer.from(`PNG of ${job.url}`),
        html: Buffer.from(`<html><title>${title}</title></html>`),
        pdf: Buffer.from(`%PDF-1.4 ${job.url}`),
        provenance: Buffer.from(JSON.stringify(provenance)),
      };
      const warcPath = path.join(os.tmpdir(), `capture-double-${job.captureId}-${process.pid}-${Date.now()}.warc.gz`);
      const records = (Object.keys(artefacts) as (keyof typeof artefacts)[]).map((kind) => gzipSync(warcRecord(CAPTURE_ARTEFACT_URIS[kind], artefacts[kind])));
      await fsp.writeFile(warcPath, Buffer.concat(records));
      return { title, finalUrl: job.url, ...artefacts, warcPath, provenance, qa };
    },
  };

  const ports: CapturePorts = {
    engine,
    packager: {
      async build(page, { workDir }): Promise<CapturePackage> {
        const entries: [string, Buffer][] = [
          ["archive/data.warc.gz", await fsp.readFile(page.warcPath)],
          ...(Object.entries(CAPTURE_ARTEFACT_URIS) as [keyof typeof CAPTURE_ARTEFACT_URIS, string][]).map(([kind, uri]) => [uri.replace("file:///", "artefacts/"), kind === "provenance" ? Buffer.from(JSON.stringify(page.provenance)) : page[kind]] as [string, Buffer]),
        ];
        const files = entries.map(([entryPath, body]) => ({ path: entryPath, bytes: body.length, sha256: digest("sha256", body), sm3: digest("sm3", body) }));
        const manifest = Buffer.from(JSON.stringify({ resources: files }));
        entries.push(["datapackage.json", manifest]);
        const zip = new yazl.ZipFile();
        for (const [entryPath, body] of entries) zip.addBuffer(body, entryPath, { compress: false, mtime: new Date(0) });
        zip.end();
        const waczPath = path.join(workDir, "package.wacz");
        await new Promise<void>((resolve, reject) => zip.outputStream.pipe(fs.createWriteStream(waczPath)).on("close", resolve).on("error", reject));
        const wacz = await fsp.readFile(waczPath);
        return { waczPath, bytes: wacz.length, sha256: digest("sha256", wacz), sm3: digest("sm3", wacz), manifestSha256: digest("sha256", manifest), files };
      },
      async readArtefact(waczPath, uri) {
        return readZip(await fsp.readFile(waczPath)).get(uri.replace("file:///", "artefacts/")) ?? null;
      },
    },
    async screenUrl(url) {
      const host = new URL(url).hostname;
      if (host === "10.0.0.1" || host === "169.254.169.254" || host === "localhost") return { ok: false, code: "addressRefused", detail: host };
      return { ok: true };
    },
  };

  return {
    ports,
    stagesSeen,
    setAvailable: (value: boolean) => void (isAvailable = value),
    /** Resolves once a /hold capture of `url` is under way. */
    whenHeld(url: string): Promise<void> {
      const promise = new Promise<void>((resolve) => heldStarted.set(url, resolve));
      started.set(url, promise);
      return promise;
    },
    release(url: string) {
      held.get(url)?.();
    },
  };
}

function warcRecord(uri: string, body: Buffer): Buffer {
  const header = [`WARC/1.1`, `WARC-Type: resource`, `WARC-Target-URI: ${uri}`, `WARC-Date: ${new Date().toISOString()}`, `Content-Type: application/octet-stream`, `Content-Length: ${body.length}`, "", ""].join("\r\n");
  return Buffer.concat([Buffer.from(header), body, Buffer.from("\r\n\r\n")]);
}

function digest(algorithm: "sha256" | "sm3", body: Buffer): string {
  return createHash(algorithm).update(body).digest("hex");
}
