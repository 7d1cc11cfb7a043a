import type { AppConfig } from "../../config.js";
import type { BlockedRequestReason, CaptureFailureCode } from "../../../src/schema/capture.js";
import type { CaptureEngine } from "../../capture/capture-engine.types.js";
import { checkCaptureUrl } from "../../capture/network/target-admission.js";
import { openCapturedResource } from "../../capture/package/wacz-reader.js";
import { buildCapturePackage } from "../../capture/package/wacz-writer.js";
import type { CapturePackager, CapturePorts } from "./capture-ports.js";

/** The WACZ writer and reader of server/capture/package, as the module uses them. */
export const waczPackager: CapturePackager = {
  build: (page, { workDir }) =>
    buildCapturePackage(
      {
        warcPath: page.warcPath,
        title: page.title,
        requestedUrl: page.provenance.requestedUrl,
        finalUrl: page.finalUrl,
        startedAt: page.provenance.startedAt,
        software: `${page.provenance.software.platform} ${page.provenance.software.version}`,
      },
      workDir,
    ),
  openArtefact: async (waczPath, uri) => (await openCapturedResource(waczPath, uri))?.body ?? null,
};

/** How a refusal of the network's address policy reads as the capture's failure (the same words where both have one). */
const FAILURE_OF_REFUSAL: Partial<Record<BlockedRequestReason, CaptureFailureCode>> = {
  addressRefused: "addressRefused",
  portRefused: "portRefused",
  dnsFailed: "dnsFailed",
  timeout: "dnsFailed",
};

/** The URL screen of server/capture/network: the address policy, the allow-list and a DNS check, nothing fetched. */
export function networkUrlScreen(allowedHosts: readonly string[]): CapturePorts["screenUrl"] {
  return async (url) => {
    const verdict = await checkCaptureUrl(url, { allowedHosts });
    return verdict.ok ? { ok: true } : { ok: false, code: FAILURE_OF_REFUSAL[verdict.reason] ?? "addressRefused", detail: verdict.detail };
  };
}

/**
 * The platform's capture ports for a configuration. INTEGRATION POINT: the engine
 * (server/capture/capture-engine.ts createCaptureEngine, branch h/browser) is passed in by
 * app.ts once merged; without one, captures are refused as unavailable.
 */
export function platformCapturePorts(config: AppConfig, engine: CaptureEngine | null): CapturePorts {
  return { engine, packager: waczPackager, screenUrl: networkUrlScreen(config.capture.allowedHosts) };
}
