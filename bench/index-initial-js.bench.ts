/**
 * Benchmark: how much JavaScript a visitor's first load of /index carries, gzip-compressed as a
 * server would send it, against the whole client's JavaScript measured in the same run. Real
 * Chromium loads /index from a real server and every script it fetches until the network is idle is
 * counted, so lazily loaded chunks the home page needs count too. Needs the built client (dist/)
 * and server (dist-server/).
 *
 *   npm run build && npx tsx bench/index-initial-js.bench.ts
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launchBrowser } from "../tests/e2e/support/chromium.js";
import { startServer } from "../tests/e2e/support/server-process.js";

const DIST = path.resolve(import.meta.dirname, "../dist");
const gzipBytes = (file: string) => gzipSync(fs.readFileSync(file), { level: 6 }).length;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (!fs.existsSync(path.join(DIST, "index.html"))) throw new Error("dist/ is missing: run `npx vite build` first");

const allScripts = fs
  .readdirSync(path.join(DIST, "assets"))
  .filter((name) => name.endsWith(".js"))
  .map((name) => path.join(DIST, "assets", name));
const wholeClient = allScripts.reduce((sum, file) => sum + gzipBytes(file), 0);

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  const fetched = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") fetched.add(new URL(request.url()).pathname);
  });
  await page.goto(`${server.url}/index`);
  await page.waitForLoadState("networkidle");
  const initial = [...fetched].map((pathname) => ({ pathname, gzip: gzipBytes(path.join(DIST, pathname)) }));
  const initialTotal = initial.reduce((sum, script) => sum + script.gzip, 0);

  console.log("Initial JavaScript of /index for a visitor (gzip level 6):");
  for (const script of initial.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kib(script.gzip).padStart(10)}  ${script.pathname}`);
  console.log(`  ${kib(initialTotal).padStart(10)}  in ${initial.length} files`);
  console.log(`Whole client: ${kib(wholeClient)} in ${allScripts.length} files`);
  console.log(`Ratio initial / whole client: ${(initialTotal / wholeClient).toFixed(2)}`);
} finally {
  await browser.close();
  await server.stop();
}
