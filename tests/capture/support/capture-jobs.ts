import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CaptureStage } from "../../../src/schema/capture.js";
import { createCaptureEngine, type CaptureEngineSettings } from "../../../server/capture/capture-engine.js";
import { CaptureFailedError, type CaptureEngine, type CaptureJob } from "../../../server/capture/capture-engine.types.js";
import { startTestSites, type TestSites } from "./test-sites.js";

/** A capture engine on real Chromium, allowed to reach only the test's own sites on loopback. */
export interface EngineFixture {
  sites: TestSites;
  engine: CaptureEngine;
  /** A job for `url` that records the stages it went through. */
  job(url: string, captureId?: number): CaptureJob & { stages: CaptureStage[] };
  /** What a capture that must fail failed with (the test fails if it succeeded). */
  failureOf(promise: Promise<unknown>): Promise<CaptureFailedError>;
  close(): Promise<void>;
}

export async function startEngineFixture(
  options: CaptureEngineSettings["options"] = {},
  overrides: Partial<CaptureEngineSettings> = {},
  network: { requestTimeoutMs?: number } = {},
): Promise<EngineFixture> {
  const sites = await startTestSites();
  const workDir = await mkdtemp(join(tmpdir(), "capture-engine-"));
  const engine = createCaptureEngine({
    chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    concurrency: 2,
    options: { timeoutMs: 20_000, networkIdleMs: 300, ...options },
    network: { allowedHosts: sites.allowedHosts, extraCaCertificates: [sites.caPem], workDir, requestTimeoutMs: network.requestTimeoutMs ?? 5_000 },
    publicAddress: "203.0.113.7",
    platform: { name: "evidence-platform", version: "0.1.0-test" },
    ...overrides,
  });
  let nextId = 1;
  return {
    sites,
    engine,
    job(url, captureId = nextId++) {
      const stages: CaptureStage[] = [];
      return { captureId, url, signal: new AbortController().signal, onStage: (stage) => stages.push(stage), stages };
    },
    async failureOf(promise) {
      try {
        await promise;
      } catch (error) {
        if (error instanceof CaptureFailedError) return error;
        throw error;
      }
      throw new Error("the capture succeeded, a failure was expected");
    },
    async close() {
      await engine.close();
      await sites.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

/** An HTML page answer for TestSites.route. */
export function htmlPage(body: string, status = 200) {
  return (_request: unknown, response: import("node:http").ServerResponse) => {
    response.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><html lang="zh-CN"><meta charset="utf-8">${body}</html>`);
  };
}
