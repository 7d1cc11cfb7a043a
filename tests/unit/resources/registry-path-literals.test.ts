import path from "node:path";
import { describe, expect, it } from "vitest";
import { demoBanners } from "../../../server/db/seed/demo-banners";
import { demoDapps } from "../../../server/db/seed/demo-dapps";
import { APP_PATHS } from "../../../src/app/path-rules";
import { PUBLIC_PAGE_PATHS } from "../../../src/app/public-page-paths";
import { deriveRedirects, deriveRoutes } from "../../../src/resources/derive";
import { CONSOLE_REGISTRY } from "../../../src/resources/console/registry";
import { REGISTRY } from "../../../src/resources/registry";
import { findLiterals } from "../../support/literal-scan";

/**
 * One fact, one place (issue 12): a page of the eight main sections or of the operator console has
 * its path written once, in the registry (src/resources). The app shell and tests name it with registryPath, pages take it
 * from their route or from useAppLinks. This test fails when a full registry path appears anywhere
 * else as a string, whole or as the start of one ("/evidences/dataList?ids=…"), after an
 * interpolated origin (`${url}/personal/operationPanel`), in a URL glob ("**​/monitor/text/ystwnew")
 * or as a query's value ("?redirect=/evidences/dataList").
 */

const SKIPPED = [
  path.join("src", "resources"),
  path.join("tests", "fixtures"),
  // Demo content seeded into the database is data an operator would type, not code, and the server
  // may not import the registry (DESIGN.md §2); its links are checked against the routes below.
  path.join("server", "db", "seed"),
];


// The operator console's registry is mounted below APP_PATHS.console; its paths are as much the registry's.
const registryPaths = [
  ...new Set(
    [...deriveRoutes(REGISTRY), ...deriveRedirects(REGISTRY), ...deriveRoutes(CONSOLE_REGISTRY, APP_PATHS.console), ...deriveRedirects(CONSOLE_REGISTRY, APP_PATHS.console)].map(
      (entry) => entry.path,
    ),
  ),
];


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
    const found = findLiterals(pattern, { skipped: SKIPPED, self: import.meta.filename });
    expect(found).toEqual([]);
  });

  it("the demo content links only to routes the app has", () => {
    const known = new Set([...registryPaths, ...Object.values(APP_PATHS), ...Object.values(PUBLIC_PAGE_PATHS)]);
    const links = [...demoDapps.map((dapp) => dapp.dapp_home_url), ...demoBanners.flatMap((banner) => banner.button.map((button) => button.jumpUrl))];
    expect(links.length).toBeGreaterThan(10);
    for (const link of links.filter((candidate) => candidate.startsWith("/"))) expect(known.has(link), link).toBe(true);
  });
});
