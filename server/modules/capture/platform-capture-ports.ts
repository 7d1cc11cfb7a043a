import fs from "node:fs";
import path from "node:path";
import packageJson from "../../../package.json" with { type: "json" };
import type { BlockedRequestReason, CaptureFailureCode } from "../../../src/schema/capture.js";
import { PLATFORM_NAME } from "../../../src/schema/constants.js";
import type { BrowserPool } from "../../capture/browser/browser-pool.js";
import { createCaptureEngine } from "../../capture/capture-engine.js";
import type { CaptureEngine } from "../../capture/capture-engine.types.js";
import { checkCaptureUrl } from "../../capture/network/target-admission.js";
import { openCapturedResource } from "../../capture/package/wacz-reader.js";
import { buildCapturePackage } from "../../capture/package/wacz-writer.js";
import type { AppConfig } from "../../config.js";
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
 * The capture engine of server/capture for a configuration: Debian Chromium at CHROMIUM_PATH, the
 * module's concurrency and time limit, the allow-list and extra roots, WARCs under DATA_DIR.
 * The browser starts on the first capture (or availability check), not here.
 */
export function platformCaptureEngine(config: AppConfig, pool?: BrowserPool): CaptureEngine {
  const { capture } = config;
  return createCaptureEngine({
    pool,
    chromiumPath: capture.chromiumPath,
    concurrency: capture.concurrency,
    options: { timeoutMs: capture.timeoutMs },
    network: {
      allowedHosts: capture.allowedHosts,
      extraCaCertificates: capture.extraCaFile ? [fs.readFileSync(capture.extraCaFile, "utf8")] : [],
      workDir: path.join(config.dataDir, "capture-work"),
    },
    publicAddress: capture.publicAddress,
    platform: { name: PLATFORM_NAME, version: packageJson.version },
  });
}

/** The platform's capture ports, any of them replaced by `overrides` (tests give an engine double). */
export function platformCapturePorts(config: AppConfig, overrides: Partial<CapturePorts> = {}, pool?: BrowserPool): CapturePorts {
  return {
    engine: overrides.engine !== undefined ? overrides.engine : platformCaptureEngine(config, pool),
    packager: overrides.packager ?? waczPackager,
    screenUrl: overrides.screenUrl ?? networkUrlScreen(config.capture.allowedHosts),
  };
}
