import type { CaptureFailureCode } from "../../../src/schema/capture.js";
import type { CaptureEngine, CapturedPage, CapturePackage } from "../../capture/capture-engine.types.js";

/**
 * What the capture module is given (server/app.ts wires the real ones; tests give doubles that
 * write real files). The module runs jobs and seals packages; it never fetches a page itself.
 */
export interface CapturePorts {
  engine: CaptureEngine;
  packager: CapturePackager;
  /**
   * The address policy and DNS check applied before a capture is accepted (server/capture/network),
   * so a refused URL costs nothing and creates nothing. The engine checks every request again.
   */
  screenUrl: (url: string) => Promise<{ ok: true } | { ok: false; code: CaptureFailureCode; detail: string }>;
}

/** The WACZ packager (server/capture/package). */
export interface CapturePackager {
  /** Builds the WACZ of a captured page into `workDir`; the caller owns the file it answers. */
  build(page: CapturedPage, context: { captureId: number; workDir: string }): Promise<CapturePackage>;
  /** One resource record of the package's WARC by its URI (CAPTURE_ARTEFACT_URIS), or null when it has none. */
  readArtefact(waczPath: string, uri: string): Promise<Buffer | null>;
}

/** The URIs of the artefacts' resource records inside the package's WARC. */
export const CAPTURE_ARTEFACT_URIS = {
  screenshot: "file:///screenshot.png",
  pdf: "file:///page.pdf",
  html: "file:///page.html",
  provenance: "file:///provenance.json",
} as const;
