import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { demoBanners } from "../../../server/db/seed/demo-banners";
import { demoDapps } from "../../../server/db/seed/demo-dapps";
import { APP_PATHS } from "../../../src/app/path-rules";
import { PUBLIC_PAGE_PATHS } from "../../../src/app/public-page-paths";
import { deriveRedirects, deriveRoutes } from "../../../src/resources/derive";
import { REGISTRY } from "../../../src/resources/registry";

/**
 * One fact, one place (issue 12): a page of the eight main sections has its path written once, in
 * the registry (src/resources). The app shell and tests name it with registryPath, pages take it
 * from their route or from useAppLinks. This test fails when a full registry path appears anywhere
 * else as a string, whole or as the start of one ("/evidences/dataList?ids=…"), after an
 * interpolated origin (`${url}/personal/operationPanel`), in a URL glob ("**​/monitor/text/ystwnew")
 * or as a query's value ("?redirect=/evidences/dataList").
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SCANNED = ["src", "server", "tests", "bench", "scripts"];
const SKIPPED = [
  path.join("src", "resources"),
  path.join("tests", "fixtures"),
  // Demo content seeded into the database is data an operator would type, not code, and the server
  // may not import the registry (DESIGN.md §2); its links are checked against the routes below.
  path.join("server", "db", "seed"),
];

const registryPaths = [...new Set([...deriveRoutes(REGISTRY), ...deriveRedirects(REGISTRY)].map((entry) => entry.path))];

function sourceFiles(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (SKIPPED.some((skipped) => full === path.join(ROOT, skipped))) return [];
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && full !== import.meta.filename ? [full] : [];
  });
}

describe("registry paths live only in src/resources", () => {
  it("the registry has the platform's pages", () => {
    expect(registryPaths.length).toBeGreaterThan(200);
  });

  it("no other file spells a registry path", () => {
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // After a quote (optionally a URL glob's "**"), an interpolation's "}" or a query's "=", up to a
    // quote, a query, a fragment or the next interpolation; longest first, so a page is not reported
    // as its section.
    const alternatives = [...registryPaths].sort((a, b) => b.length - a.length).map(escape).join("|");
    const pattern = new RegExp(`(?:["'\`](?:\\*\\*)?|[}=])(${alternatives})(?=["'\`?#]|\\$\\{)`, "g");
    const found = SCANNED.flatMap((folder) => sourceFiles(path.join(ROOT, folder))).flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(pattern)].map((match) => `${path.relative(ROOT, file).split(path.sep).join("/")}: ${match[1]}`),
    );
    expect(found).toEqual([]);
  });

  it("the demo content links only to routes the app has", () => {
    const known = new Set([...registryPaths, ...Object.values(APP_PATHS), ...Object.values(PUBLIC_PAGE_PATHS)]);
    const links = [...demoDapps.map((dapp) => dapp.dapp_home_url), ...demoBanners.flatMap((banner) => banner.button.map((button) => button.jumpUrl))];
    expect(links.length).toBeGreaterThan(10);
    for (const link of links.filter((candidate) => candidate.startsWith("/"))) expect(known.has(link), link).toBe(true);
  });
});
