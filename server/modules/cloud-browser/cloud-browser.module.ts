import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import packageJson from "../../../package.json" with { type: "json" };
import { PLATFORM_NAME } from "../../../src/schema/constants.js";
import type { BrowserPool } from "../../capture/browser/browser-pool.js";
import { createCloudBrowserEngine, DEFAULT_FFMPEG_PATH } from "../../recording/cloud-browser/cloud-browser-engine.js";
import { publish, type ModuleContext } from "../module.js";
import type { RecordingService } from "../recording/recording.service.js";
import type { SessionService } from "../session/session.service.js";
import { cloudBrowserRoutes } from "./cloud-browser.routes.js";
import { CloudBrowserService } from "./cloud-browser.service.js";

export type CloudBrowserModuleOptions = ModuleContext & {
  /** The capture's browser pool, shared (issue 16: the same pool, bounds and SSRF rules as web capture). */
  pool: BrowserPool;
  recordings: RecordingService;
  sessions: SessionService;
};

/**
 * Procedure recording in the cloud browser (issue 16): sessions live in this process only; a
 * restart ends them, and the recording module interrupts and seals their recordings at start-up.
 * On close every live session is ended and sealed as far as it got.
 */
export async function cloudBrowserModule(app: FastifyInstance, { config, pool, recordings, sessions }: CloudBrowserModuleOptions) {
  const { capture } = config;
  const engine = createCloudBrowserEngine({
    pool,
    sink: recordings,
    ffmpegPath: DEFAULT_FFMPEG_PATH,
    network: {
      allowedHosts: capture.allowedHosts,
      extraCaCertificates: capture.extraCaFile ? [fs.readFileSync(capture.extraCaFile, "utf8")] : [],
      workDir: path.join(config.dataDir, "capture-work"),
    },
    maxMs: config.cloudBrowser.maxMs,
    platform: { name: PLATFORM_NAME, version: packageJson.version },
  });
  const service = new CloudBrowserService({ engine, recordings, allowedHosts: capture.allowedHosts });
  publish(app, "cloudBrowser", { engine, service });
  app.addHook("onClose", async () => engine.close());
  await app.register(cloudBrowserRoutes, { service, engine, sessions });
}

export type CloudBrowserServices = { engine: ReturnType<typeof createCloudBrowserEngine>; service: CloudBrowserService };
