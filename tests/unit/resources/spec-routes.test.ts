import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { deriveRedirects, deriveRoutes } from "../../../src/resources/derive";
import { REGISTRY } from "../../../src/resources/registry";
import { SPEC_PAGES, SPEC_REDIRECTS } from "../../fixtures/spec-routes";

const routes = deriveRoutes(REGISTRY);
const routePaths = new Set(routes.map((route) => route.path));
const redirects = new Map(deriveRedirects(REGISTRY).map((redirect) => [redirect.path, redirect.to]));

describe("the registry has every route of spec §2", () => {
  it.each(SPEC_PAGES)("%s", (path) => {
    expect(routePaths.has(path)).toBe(true);
  });

  it.each(SPEC_REDIRECTS)("%s redirects to %s", (from, to) => {
    expect(redirects.get(from)).toBe(to);
  });

  it("has no guidance for the overview of all evidence, and no new page for live recording (spec §2)", () => {
    expect(routePaths.has("/evidenceTaken/totalEvidenceTaken/guidance")).toBe(false);
    expect(routePaths.has("/evidenceTaken/liveRecord/new")).toBe(false);
  });

  it("lists no path twice and every redirect leads to a page", () => {
    expect(routes.length).toBe(routePaths.size);
    for (const [from, to] of redirects) {
      expect(routePaths.has(to), `${from} → ${to}`).toBe(true);
      expect(routePaths.has(from), `${from} is both a page and a redirect`).toBe(false);
    }
  });

  it("every page path is matched exactly by react-router as its own route", () => {
    for (const path of routePaths) {
      const matching = [...routePaths].filter((pattern) => matchPath({ path: pattern, caseSensitive: true, end: true }, path));
      expect(matching).toEqual([path]);
    }
  });
});
