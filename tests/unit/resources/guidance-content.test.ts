import { describe, expect, it } from "vitest";
import { APP_PATHS } from "../../../src/app/path-rules";
import { APP_LINK_TARGETS, deriveAppLinks } from "../../../src/resources/app-links";
import { deriveRedirects, deriveRoutes, guidanceActionPath, guidanceKeyOf } from "../../../src/resources/derive";
import { REGISTRY } from "../../../src/resources/registry";

const routes = deriveRoutes(REGISTRY);
const known = new Set([...routes.map((route) => route.path), ...deriveRedirects(REGISTRY).map((redirect) => redirect.path)]);
const guidancePages = routes.filter((route) => route.page.kind === "guidance");

describe("guidance texts", () => {
  it.each(REGISTRY.map((main) => [main.key, main] as const))("%s: every guidance page has its text and every text a page", async (_key, main) => {
    const pages = guidancePages.filter((route) => route.main === main);
    if (pages.length === 0) return expect(main.loadGuidance).toBeUndefined();
    const texts = (await main.loadGuidance!()).default;
    expect(Object.keys(texts).sort()).toEqual(pages.map((route) => guidanceKeyOf(route.section, route.page)).sort());
    for (const route of pages) {
      const text = texts[guidanceKeyOf(route.section, route.page)];
      expect(text.intro.length, route.path).toBeGreaterThan(30);
      expect(text.steps.length, route.path).toBeGreaterThanOrEqual(3);
      expect(text.results.length, route.path).toBeGreaterThanOrEqual(2);
      // Every button leads somewhere that exists: a page of the same section or main section, or a full path.
      for (const action of text.actions ?? []) {
        // Recharge goes to online recharge; the pricing action stays on the page.
        if (!("to" in action)) continue;
        const target = guidanceActionPath(route, action.to);
        expect(known.has(target), `${route.path} → ${action.to}`).toBe(true);
        // A registry page is named by the registry's keys, never by its full path.
        expect(action.to.startsWith("/") && known.has(action.to), `${route.path} → ${action.to}`).toBe(false);
      }
    }
  });
});

describe("paths named elsewhere in the client", () => {
  it("every named app link is a route of the registry", () => {
    const links = Object.values(deriveAppLinks(REGISTRY));
    expect(links).toHaveLength(Object.keys(APP_LINK_TARGETS).length);
    expect(links.length).toBeGreaterThan(10);
    for (const path of links) expect(known.has(path), path).toBe(true);
  });

  it("APP_PATHS names only routes outside the registry", () => {
    const inSections = Object.values(APP_PATHS).filter((path) => REGISTRY.some((main) => path.startsWith(`/${main.key}/`) || path === `/${main.key}`));
    expect(inSections).toEqual([]);
  });
});
