import type { BlockedRequestReason, CaptureFailureCode, CaptureOptions, CaptureOrigin, CaptureProvenance, CaptureQa, CaptureStage } from "../../src/schema/capture.js";

/**
 * The capture engine's seams (issue 15). The engine is a library with no HTTP routes and no SQL:
 *
 *   network/   what may be fetched (address policy, CAPTURE_ALLOWED_HOSTS) and the one place that
 *              fetches: DNS resolved and checked by us, the connection pinned to the checked
 *              address, the TLS chain and every exchange recorded into a WARC as it happens;
 *   browser/   a bounded pool of Debian Chromium and one isolated context per capture, whose every
 *              request is answered through network/ (the browser itself reaches nothing), the page
 *              behaviours (load, idle, scroll), the artefacts, QA, the provenance;
 *   package/   the WACZ 1.2 file built from the WARC and the artefacts.
 *
 * The capture module (server/modules/capture) runs captures as jobs and seals packages as evidence.
 */

// ---- network/ ----

/** A request as the browser asked for it. */
export interface OutgoingRequest {
  url: string;
  method: string;
  /** As the browser would send them (Host excluded; the fetcher sets it). */
  headers: Record<string, string>;
  body: Buffer | null;
  /** The main document of the page (a navigation), rather than a subresource. */
  isNavigation: boolean;
}

/** An exchange the fetcher completed: what the browser is answered with. */
export interface FetchedResponse {
  status: number;
  statusText: string;
  /** Header pairs in the order received, names as sent (Node's rawHeaders). */
  rawHeaders: [string, string][];
  /** The body decoded from its Content-Encoding, for the browser (the WARC keeps what was received). */
  body: Buffer;
  /** The address the connection was made to. */
  remoteAddress: string;
}

/** A request the engine did not let through, or could not complete. */
export class RequestRefusedError extends Error {
  constructor(
    readonly reason: BlockedRequestReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = "RequestRefusedError";
  }
}

/**
 * One capture's network: every fetch goes through `fetch`, which checks the policy (scheme, port,
 * every resolved address), records the origin (DNS answers, addresses, TLS chain) and appends the
 * request and response records to the capture's WARC. Bounds (bytes, requests, per-request time)
 * are enforced here and refused with RequestRefusedError; `blocked` collects every refusal.
 */
export interface CaptureNetwork {
  fetch(request: OutgoingRequest, signal: AbortSignal): Promise<FetchedResponse>;
  /** Records a refusal that happened outside `fetch` (a popup, a download, a websocket). */
  noteBlocked(url: string, reason: BlockedRequestReason, detail: string): void;
  origins(): CaptureOrigin[];
  /** Every 3xx with a Location the fetcher answered (the browser follows them; each comes back through fetch). */
  redirects(): CaptureProvenance["redirects"];
  blocked(): CaptureProvenance["blocked"];
  /** Requests made (including refused), failed, and body bytes received. */
  totals(): CaptureProvenance["resources"];
  /** Local addresses outgoing connections used. */
  localAddresses(): string[];
  /** Adds a resource record (screenshot, DOM, PDF, provenance, QA) to the WARC under `uri`. */
  addResource(uri: string, contentType: string, body: Buffer): Promise<void>;
  /** Finishes the WARC (gzip members, one per record) and answers its path; the caller owns the file. */
  finish(): Promise<{ warcPath: string }>;
  /** Removes the WARC and anything else of this capture (a failed capture leaves nothing behind). */
  discard(): Promise<void>;
}

/** What the capture network needs from configuration. */
export interface CaptureNetworkSettings {
  /** CAPTURE_ALLOWED_HOSTS: `host` or `host:port` entries the operator allows despite the address policy. */
  allowedHosts: readonly string[];
  /** PEM certificates trusted for upstream TLS besides Node's bundled roots (CAPTURE_EXTRA_CA_FILE). */
  extraCaCertificates: readonly string[];
  /** Where WARC files are written while a capture runs (below DATA_DIR). */
  workDir: string;
  maxBytes: number;
  maxRequests: number;
  /** One request's limit, within the capture's overall time. */
  requestTimeoutMs: number;
}

// ---- browser/ ----

export interface CaptureJob {
  /** The capture's id, used in file names and the WARC's warcinfo. */
  captureId: number;
  url: string;
  /** Reports progress as the capture goes (opening, scrolling, recording, checking). */
  onStage(stage: CaptureStage): void;
  /** Aborted when the server is shutting down or the capture's time is up. */
  signal: AbortSignal;
}

/**
 * Where the engine's own records sit in the WARC (resource records): the artefacts, provenance.json,
 * qa.json and the provenance summary page. The package reads them by these URIs.
 */
export const CAPTURE_RESOURCE_URIS = {
  screenshot: "file:///screenshot.png",
  html: "file:///page.html",
  pdf: "file:///page.pdf",
  provenance: "file:///provenance.json",
  qa: "file:///qa.json",
  provenanceSummary: "file:///provenance-summary.html",
} as const;

/** The artefacts of one capture, before packaging. */
export interface CapturedPage {
  title: string;
  finalUrl: string;
  /** Full-page PNG. */
  screenshot: Buffer;
  /** The rendered DOM as HTML. */
  html: Buffer;
  /** The page printed to PDF. */
  pdf: Buffer;
  /** The WARC of every exchange plus resource records of the artefacts, provenance and QA. */
  warcPath: string;
  provenance: CaptureProvenance;
  qa: CaptureQa;
}

/** A capture that could not produce a package; `code` is one of CAPTURE_FAILURES. */
export class CaptureFailedError extends Error {
  constructor(
    readonly code: CaptureFailureCode,
    readonly detail: string = "",
  ) {
    super(`${code}${detail ? `: ${detail}` : ""}`);
    this.name = "CaptureFailedError";
  }
}

export interface CaptureEngine {
  /** Captures one page; throws CaptureFailedError for every failure a holder should read about. */
  capture(job: CaptureJob): Promise<CapturedPage>;
  /** Whether the engine can run here (Chromium present) and, if not, why, in Chinese. */
  availability(): Promise<{ available: true; chromium: string } | { available: false; reason: string }>;
  close(): Promise<void>;
  readonly options: CaptureOptions;
}

// ---- package/ ----

/** One file inside the WACZ, as datapackage.json lists it (plus our SM3). */
export interface PackagedFile {
  path: string;
  bytes: number;
  sha256: string;
  sm3: string;
}

/** What the package is built from: the capture's finished WARC and the page it shows. */
export interface CapturePackageInput {
  warcPath: string;
  title: string;
  /** The URL the user asked for, and the one the page ended at (after redirects); the package opens at the latter. */
  requestedUrl: string;
  finalUrl: string;
  /** When the capture started (ISO 8601, UTC): the page's date, the package's date and every ZIP entry's time. */
  startedAt: string;
  /** The platform's name and version, as datapackage.json records the software that wrote it. */
  software: string;
}

/** The WACZ built from a captured page, in a file the caller commits to the blob store. */
export interface CapturePackage {
  waczPath: string;
  bytes: number;
  sha256: string;
  sm3: string;
  /** SHA-256 of datapackage.json, the package's manifest. */
  manifestSha256: string;
  /** Every entry of the ZIP in its order: those datapackage.json lists, then datapackage.json and datapackage-digest.json. */
  files: PackagedFile[];
}
