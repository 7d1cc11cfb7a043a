import type { Readable } from "node:stream";
import type { CaptureFailureCode } from "../../../src/schema/capture.js";
import type { CaptureEngine, CapturedPage, CapturePackage } from "../../capture/capture-engine.types.js";

/**
 * What the capture module is given (server/modules/capture/platform-capture-ports.ts builds the
 * platform's own; tests replace the engine with a double that writes real files). The module runs
 * jobs and seals packages; it never fetches a page itself.
 */
export interface CapturePorts {
  /** Null where no engine is wired: every capture is refused as unavailable, and the allowance says why. */
  engine: CaptureEngine | null;
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
  /** One resource record of the package's WARC by its URI (CAPTURE_RESOURCE_URIS), or null when it has none. */
  openArtefact(waczPath: string, uri: string): Promise<Readable | null>;
}
