import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Outlet, Route, Routes } from "react-router";
import { ErrorPage } from "../pages/error/error-page";
import { CONSOLE_REGISTRY } from "../resources/console/registry";
import { refineResources, sectionPermissions } from "../resources/derive";
import { NOTARY_BASE, NOTARY_REGISTRY } from "../resources/notary";
import { REGISTRY } from "../resources/registry";
import { APP_LINKS } from "../resources/registry-paths";
import type { AppRoute } from "./app-route";
import { APP_PATHS } from "./path-rules";
import { CATCH_ALL_PATH, publicRoutePatterns, renderRoute } from "./routes";
import { consoleRoutes, notaryRoutes, sectionRoutes } from "./section-routes";

/**
 * Everything of the app that needs the resource registries: the eight main sections, the operator
 * console and the notary console (their routes, shells, refine resources and console permissions),
 * the registry's named links, and "/" (which leads on to the operation panel). The registries bring
 * the contracts of every section with them, so this module is loaded only when a page needs it
 * (registry-loader.ts): a visitor's public pages never do.
 */

// The logged-in shell (and with it the side navigation) loads with the first main-section page.
const AppShell = lazyShell(() => import("../components/shell/app-shell").then((module) => module.AppShell));
// The operator console's shell (pro-components' ProLayout) loads only with a console page.
const ConsoleShell = lazyShell(() => import("../components/console-shell/console-shell").then((module) => module.ConsoleShell));
// The notary console's shell loads only with a notary console page.
const NotaryShell = lazyShell(() => import("../components/notary-shell/notary-shell").then((module) => module.NotaryShell));

/** "/" and the catch-all; the public routes (routes.tsx) rank above the catch-all. */
const rootRoute: AppRoute = { path: APP_PATHS.root, redirectTo: APP_LINKS.operationPanel };
const catchAllRoute: AppRoute = { path: CATCH_ALL_PATH, element: <ErrorPage /> };

export const registryRefineResources = [
  ...refineResources(REGISTRY),
  ...refineResources(CONSOLE_REGISTRY, APP_PATHS.console),
  ...refineResources(NOTARY_REGISTRY, NOTARY_BASE),
];

/** What the navigation guard adds to the public routes' patterns: every route here but the catch-all. */
export const registryRoutePatterns: readonly string[] = [rootRoute, ...sectionRoutes, ...consoleRoutes, ...notaryRoutes].map((route) => route.path);

/** Every route the app has, the public ones included: what the navigation guard counts as "matched". */
export const knownRoutePatterns: readonly string[] = [...publicRoutePatterns, ...registryRoutePatterns];

export const appLinks = APP_LINKS;

/** The permission each console section needs, for the access control provider. */
export const consolePermissions = sectionPermissions(CONSOLE_REGISTRY, APP_PATHS.console);

/** The registry's routes, as descendant routes of the app's catch-all. */
export function RegistryRoutes() {
  return (
    <Routes>
      {renderRoute(rootRoute)}
      {/* Every page of the eight main sections sits in the logged-in shell, a layout route that stays mounted between them. */}
      {shellRoute(AppShell, sectionRoutes)}
      {/* The operator console: its own shell, apart from the customers' in look and in session. */}
      {shellRoute(ConsoleShell, consoleRoutes)}
      {/* The notary console: the office staff's own shell and session. */}
      {shellRoute(NotaryShell, notaryRoutes)}
      {renderRoute(catchAllRoute)}
    </Routes>
  );
}

/** A layout route: `routes` inside a shell loaded on demand, which stays mounted while one moves between them. */
function shellRoute(Shell: ComponentType<{ children: ReactNode }>, routes: readonly AppRoute[]) {
  return (
    <Route
      element={
        <Suspense fallback={null}>
          <Shell>
            <Outlet />
          </Shell>
        </Suspense>
      }
    >
      {routes.map(renderRoute)}
    </Route>
  );
}

function lazyShell(load: () => Promise<ComponentType<{ children: ReactNode }>>) {
  return lazy(async () => ({ default: await load() }));
}
