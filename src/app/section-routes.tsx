import { ERROR_PAGE_TEXT, ErrorPage } from "../pages/error/error-page";
import { SectionRedirectElement, SectionRouteElement } from "../pages/kinds/section-route-element";
import { CONSOLE_REGISTRY } from "../resources/console/registry";
import { NOTARY_BASE, NOTARY_REGISTRY } from "../resources/notary";
import { deriveRedirects, deriveRoutes, ROOT_BASE } from "../resources/derive";
import { REGISTRY } from "../resources/registry";
import type { Registry, RegistryBase } from "../resources/types";
import type { AppRoute } from "./app-route";
import { lazyPage } from "./lazy-page";
import { APP_PATHS } from "./path-rules";

/**
 * The routes of a registry mounted at its base: every page, and every section or main-section root
 * leading on to its landing. Their pages load on demand, so a visitor's first load of /index
 * carries none of them.
 */
function registryRoutes(registry: Registry, base: RegistryBase): { path: string; element: React.ReactNode }[] {
  return [
    ...deriveRoutes(registry, base).map((route) => ({ path: route.path, element: <SectionRouteElement route={route} /> })),
    ...deriveRedirects(registry, base).map((redirect) => ({ path: redirect.path, element: <SectionRedirectElement redirect={redirect} /> })),
  ];
}

/** The eight main sections, which App.tsx mounts inside the logged-in shell. */
export const sectionRoutes: readonly { path: string; element: React.ReactNode }[] = registryRoutes(REGISTRY, ROOT_BASE);

/**
 * The operator console inside its own shell: its home, then its registry's pages below
 * APP_PATHS.console, and a catch-all so an unknown console address is answered in the console (after
 * its sign-in) rather than by the customers' error page.
 */
export const consoleRoutes: readonly AppRoute[] = [
  { path: APP_PATHS.console, element: lazyPage(() => import("../pages/console/home/console-home-page").then((module) => module.ConsoleHomePage)) },
  ...registryRoutes(CONSOLE_REGISTRY, APP_PATHS.console),
  { path: `${APP_PATHS.console}/*`, element: <ErrorPage home={APP_PATHS.console} homeLabel={ERROR_PAGE_TEXT.consoleHome} /> },
];

/**
 * The notary console (issue 17) inside its own shell: its registry's pages below
 * /info/notaryRequests, and a catch-all answered in the console, with the way back to its list.
 */
export const notaryRoutes: readonly AppRoute[] = [
  ...registryRoutes(NOTARY_REGISTRY, NOTARY_BASE),
  { path: `${APP_PATHS.notaryConsole}/*`, element: <ErrorPage home={APP_PATHS.notaryRequestList} homeLabel={ERROR_PAGE_TEXT.notaryHome} /> },
];
