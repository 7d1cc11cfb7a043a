import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { deriveRoutes } from "../../src/resources/derive.js";
import { REGISTRY } from "../../src/resources/registry.js";
import {
  SPEC_INFO_ROUTES,
  SPEC_NOTARY_CONSOLE_ROUTES,
  SPEC_PAGES,
  SPEC_TOP_LEVEL_ROUTES,
  SPEC_USER_ROUTES,
} from "../fixtures/spec-routes.js";
import { registerUser, signInPage, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";

/**
 * A smoke walk of spec §2 in real Chromium, as a visitor and as a logged-in user: every public page
 * (a rendered title, no console error, a screenshot under SCREENSHOT_DIR/routes), and of the main
 * sections one page of each kind and every custom screen, plus the guard's rules. That every spec
 * route exists in the registry is tests/unit/resources/spec-routes.test.ts; that each page kind
 * renders its definition is the component tests': walking all 209 pages here took two minutes.
 */
const live = sharedServerAndBrowser();
const ROUTE_SHOTS = path.join(SCREENSHOT_DIR, "routes");
let user: LoginResult;

beforeAll(async () => {
  user = await registerUser(live.server.url, uniqueMobile(), "abc12345");
  console.log(`route screenshots: ${ROUTE_SHOTS}`);
});

const PAGE_TITLES = new Map(deriveRoutes(REGISTRY).map((route) => [route.path, route.page.title]));
/** Pages outside the public prefixes of spec §2 that are not main sections. */
const OTHER_PROTECTED = ["/legalAI", "/notary/index", "/judicialStatus"];
const PUBLIC_ROUTES = [...SPEC_TOP_LEVEL_ROUTES, ...SPEC_INFO_ROUTES, ...SPEC_USER_ROUTES].filter(
  (route) => !OTHER_PROTECTED.includes(route) && route !== "/obtainEvidence",
);
/** The section a page belongs to: /main/section. */
const sectionOf = (route: string) => route.split("/").slice(0, 3).join("/");

/**
 * The main-section pages worth opening in a browser: the first page of each generic kind, each
 * custom screen once, and the first page of every main section (what its navigation opens).
 */
function smokePages(): string[] {
  const kindsSeen = new Set<unknown>();
  const mainsSeen = new Set<string>();
  const chosen = deriveRoutes(REGISTRY).filter((route) => {
    const kind = route.page.kind === "custom" ? route.page.load : route.page.kind;
    const isNew = !kindsSeen.has(kind) || !mainsSeen.has(route.main.key);
    kindsSeen.add(kind);
    mainsSeen.add(route.main.key);
    return isNew;
  });
  return chosen.map((route) => route.path).filter((path) => SPEC_PAGES.includes(path));
}
const SMOKE_PAGES = smokePages();
/** One protected page per main section is enough to show the guard's rule. */
const GUARD_PAGES = [...new Set(SPEC_PAGES.map((route) => route.split("/").slice(0, 2).join("/")))].map((main) => SPEC_PAGES.find((route) => route.startsWith(`${main}/`))!);

const SITE_TITLE = /^\S.* - 衡证电子证据平台$/;
const HOME = "/index";

/** A walk over a few hundred routes takes minutes on a loaded two-core machine. */
const WALK_TIMEOUT = 400_000;

const fileName = (route: string) => route.replace(/^\//, "").replaceAll("/", "_") || "root";

async function newPage(signedIn: boolean): Promise<{ page: Page; problems: string[] }> {
  const context = await live.browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  if (signedIn) await signInPage(page, live.server.url, user);
  await page.goto(`${live.server.url}/index`);
  return { page, problems };
}

/** A route change inside the single-page app, as a click on a link makes it (no reload). */
async function navigateInApp(page: Page, route: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, "", target);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, route);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Waits for the page's title as a heading with text in the main content: the footer's headings and
 * a loading skeleton's empty <h3> would answer before a lazy page has loaded. Answers what is
 * wrong, or null.
 */
async function missingHeading(page: Page, route: string, title?: string): Promise<string | null> {
  const heading = title ? page.getByRole("heading", { name: title, exact: true }) : page.getByRole("main").getByRole("heading", { name: /\S/ });
  return heading
    .first()
    .waitFor({ timeout: 10_000 })
    .then(() => null)
    .catch(() => `${route}: no heading${title ? ` “${title}”` : ""} rendered`);
}

async function expectHeading(page: Page, route: string) {
  expect(await missingHeading(page, route)).toBeNull();
}

describe("every route of spec §2 as a visitor", () => {
  it("public pages render a title without console errors", async () => {
    // One load, then route changes as links make them: a full load of each page cost a second of
    // the browser's time apiece, and that the server answers every path with the app is
    // tests/server/client-serving.test.ts's to show.
    const { page, problems } = await newPage(false);
    const untitled: string[] = [];
    for (const route of PUBLIC_ROUTES) {
      await navigateInApp(page, route);
      expect(pathOf(page), route).toBe(route);
      await expectHeading(page, route);
      // Each page names itself in the window title (the site's name after its own); home is the site.
      // The title follows the page's first render (an effect), not its heading.
      const titled = route === HOME ? /^衡证电子证据平台$/ : SITE_TITLE;
      const documentTitle = await expect
        .poll(() => page.title(), { timeout: 5000 })
        .toMatch(titled)
        .then(() => null)
        .catch(async () => page.title());
      if (documentTitle !== null) untitled.push(`${route}: ${documentTitle}`);
      await page.screenshot({ path: path.join(ROUTE_SHOTS, `visitor_${fileName(route)}.png`), fullPage: true });
      expect(problems, route).toEqual([]);
    }
    expect(untitled.join("\n")).toBe("");
    await page.context().close();
  }, WALK_TIMEOUT);

  it("the server sends /obtainEvidence to the extraction login", async () => {
    const { page } = await newPage(false);
    await page.goto(`${live.server.url}/obtainEvidence`);
    await page.waitForURL("**/info/extractLogin");
    await page.context().close();
  });

  it("a page of every main section and the other protected pages lead to /index", async () => {
    const { page, problems } = await newPage(false);
    for (const route of [...GUARD_PAGES, ...OTHER_PROTECTED]) {
      await navigateInApp(page, route);
      await expect.poll(() => pathOf(page), { message: route, timeout: 10_000 }).toBe("/index");
    }
    expect(problems).toEqual([]);
    await page.context().close();
  }, WALK_TIMEOUT);

  it("every notary-console page leads to the notary login", async () => {
    const { page } = await newPage(false);
    for (const route of SPEC_NOTARY_CONSOLE_ROUTES) {
      await navigateInApp(page, route);
      await expect.poll(() => pathOf(page), { message: route, timeout: 10_000 }).toBe("/info/notaryOfficeLogin");
    }
    await page.context().close();
  });
});

describe("every route of spec §2 as a logged-in user", () => {
  it("a page of each kind and every custom screen render their registry titles without console errors", async () => {
    expect(SMOKE_PAGES.length).toBeGreaterThan(20);
    const { page, problems } = await newPage(true);
    const photographed = new Set<string>();
    const missing: string[] = [];
    for (const route of SMOKE_PAGES) {
      await navigateInApp(page, route);
      const problem = await missingHeading(page, route, PAGE_TITLES.get(route));
      if (problem) missing.push(problem);
      expect(pathOf(page), route).toBe(route);
      // The first page of each section in the spec's order is the one its navigation opens.
      if (!photographed.has(sectionOf(route))) {
        photographed.add(sectionOf(route));
        await page.screenshot({ path: path.join(ROUTE_SHOTS, `user_${fileName(route)}.png`), fullPage: true });
      }
      expect(problems, route).toEqual([]);
    }
    expect(missing).toEqual([]);
    await page.context().close();
  }, WALK_TIMEOUT);

  it("the public pages and the other pages open for a logged-in user too", async () => {
    const { page, problems } = await newPage(true);
    for (const route of [...PUBLIC_ROUTES, ...OTHER_PROTECTED]) {
      await navigateInApp(page, route);
      await expectHeading(page, route);
      expect(pathOf(page), route).toBe(route);
      if (OTHER_PROTECTED.includes(route)) await page.screenshot({ path: path.join(ROUTE_SHOTS, `user_${fileName(route)}.png`), fullPage: true });
      expect(problems, route).toEqual([]);
    }
    await page.context().close();
  }, WALK_TIMEOUT);
});
