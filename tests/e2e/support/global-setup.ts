import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ProvidedContext } from "vitest";
import type { TestProject } from "vitest/node";
import { buildServer } from "../../../scripts/build-server.js";
import { testLoginKeyPem } from "../../server/support/test-login-key.js";
import { serveArticle } from "../../capture/support/article-site.js";
import { serveProcedureSite, type ProcedureSite } from "../../capture/support/procedure-site.js";
import { startTestSites } from "../../capture/support/test-sites.js";
import { launchBrowserServer } from "./chromium.js";
import { serveMonitoredSites, type MonitoredSites } from "./monitored-sites.js";
import { startServer, useRunLoginKey } from "./server-process.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's shared server (support/platform.ts sharedServerAndBrowser). */
    sharedServer: { url: string; dataDir: string };
    /** The run's one Chromium, which each file connects to (support/browser.ts browserForFile). */
    chromiumEndpoint: string;
    /** One RSA login key for the run's fresh data folders (support/server-process.ts). */
    loginKeyPem: string;
    /** The loopback article the shared server may capture (tests/capture/support/article-site.ts). */
    captureArticle: { entryUrl: string; articleUrl: string; title: string };
    /** The loopback pages the cloud browser journey drives (tests/capture/support/procedure-site.ts). */
    procedureSite: Pick<ProcedureSite, "startUrl" | "formUrl" | "submitUrl" | "at">;
    /** The loopback sites the monitoring journey watches (support/monitored-sites.ts). */
    monitoredSites: Omit<MonitoredSites, "allowedHosts">;
  }
}

type Provided = Pick<ProvidedContext, "sharedServer" | "chromiumEndpoint" | "loginKeyPem" | "captureArticle" | "procedureSite" | "monitoredSites">;
type Run = { provided: Provided; projects: number; close(): Promise<void> };

/**
 * The global setup of both end-to-end projects (vitest.config.ts: the files run two at a time, and
 * the few that hang on timing alone). Vitest runs a project's global setup in its own module graph,
 * so the run lives on globalThis: the first project starts it, both get its context, and the last
 * one to finish closes it.
 */
const RUN = Symbol.for("evidence-platform.e2e-run");
const holder = globalThis as { [RUN]?: Promise<Run> };

export default async function setup(project: TestProject) {
  const run = await (holder[RUN] ??= startRun());
  run.projects += 1;
  const { provided } = run;
  project.provide("sharedServer", provided.sharedServer);
  project.provide("chromiumEndpoint", provided.chromiumEndpoint);
  project.provide("loginKeyPem", provided.loginKeyPem);
  project.provide("captureArticle", provided.captureArticle);
  project.provide("procedureSite", provided.procedureSite);
  project.provide("monitoredSites", provided.monitoredSites);
  return async () => {
    run.projects -= 1;
    if (run.projects > 0) return;
    delete holder[RUN];
    await run.close();
  };
}

/**
 * Once per end-to-end run: checks the built client, compiles the server (so no file tests a stale
 * dist-server/), then starts the one server most files share and the one Chromium all files use.
 * The shared server trusts X-Forwarded-For so each file can be a client of its own (platform.ts).
 */
async function startRun(): Promise<Run> {
  if (!fs.existsSync(path.resolve(import.meta.dirname, "../../../dist/index.html"))) {
    throw new Error("dist/index.html is missing: the end-to-end tests run against the built client (`npm run build`).");
  }
  await buildServer();
  const loginKey = testLoginKeyPem();
  useRunLoginKey(loginKey);
  // The web sites the shared server captures: on loopback, so only the allow-list lets them through,
  // and HTTPS under a CA of this run, which the server trusts for captures only.
  const sites = await startTestSites();
  const article = serveArticle(sites);
  const procedure = serveProcedureSite(sites);
  const monitored = await serveMonitoredSites();
  const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "capture-ca-")), "ca.pem");
  fs.writeFileSync(caFile, sites.caPem);
  const captureEnv = { CAPTURE_ALLOWED_HOSTS: [...sites.allowedHosts, ...monitored.allowedHosts].join(","), CAPTURE_EXTRA_CA_FILE: caFile };
  // Monitoring crawls the loopback sites without the production politeness delay.
  const monitorEnv = { MONITOR_CRAWL_DELAY_MS: "20" };
  const [server, browser] = await Promise.all([startServer({ env: { TRUST_PROXY: "true", ...captureEnv, ...monitorEnv } }), launchBrowserServer()]);
  return {
    provided: {
      sharedServer: { url: server.url, dataDir: server.dataDir },
      chromiumEndpoint: browser.wsEndpoint(),
      loginKeyPem: loginKey,
      captureArticle: { entryUrl: article.entryUrl, articleUrl: article.articleUrl, title: article.title },
      procedureSite: { startUrl: procedure.startUrl, formUrl: procedure.formUrl, submitUrl: procedure.submitUrl, at: procedure.at },
      monitoredSites: { copying: monitored.copying, unrelated: monitored.unrelated },
    },
    projects: 0,
    async close() {
      await browser.close();
      await sites.close();
      await monitored.close();
      fs.rmSync(path.dirname(caFile), { recursive: true, force: true });
      const exitCode = await server.stop();
      if (exitCode !== 0) throw new Error(`the shared server did not close cleanly (exit code ${exitCode}):\n${server.output()}`);
    },
  };
}
