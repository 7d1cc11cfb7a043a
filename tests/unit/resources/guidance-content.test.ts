import { describe, expect, it } from "vitest";
import { APP_PATHS } from "../../../src/app/path-rules";
import { deriveRedirects, deriveRoutes, guidanceKeyOf, joinPath, sectionResource } from "../../../src/resources/derive";
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
      // Every button leads somewhere that exists: a page of the same section, or a full path.
      for (const action of text.actions ?? []) {
        // Recharge goes to online recharge; the pricing action stays on the page.
        if (!("to" in action)) continue;
        const target = action.to.startsWith("/") ? action.to : joinPath(sectionResource(route.main, route.section), action.to);
        expect(known.has(target), `${route.path} → ${action.to}`).toBe(true);
      }
    }
  });
});

describe("paths named elsewhere in the client", () => {
  it("every APP_PATHS entry inside a main section is a route of the registry", () => {
    const inSections = Object.values(APP_PATHS).filter((path) => REGISTRY.some((main) => path.startsWith(`/${main.key}/`) || path === `/${main.key}`));
    expect(inSections.length).toBeGreaterThan(10);
    for (const path of inSections) expect(known.has(path), path).toBe(true);
  });
});
