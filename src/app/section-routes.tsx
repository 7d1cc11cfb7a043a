import { SectionRedirectElement, SectionRouteElement } from "../pages/kinds/section-route-element";
import { deriveRedirects, deriveRoutes } from "../resources/derive";
import { REGISTRY } from "../resources/registry";

/**
 * The routes of the eight main sections, derived from the registry: every page, and every section
 * or main-section root leading on to its landing. App.tsx mounts them inside the logged-in shell.
 * Their pages load on demand, so a visitor's first load of /index carries none of them.
 */
export const sectionRoutes: readonly { path: string; element: React.ReactNode }[] = [
  ...deriveRoutes(REGISTRY).map((route) => ({ path: route.path, element: <SectionRouteElement route={route} /> })),
  ...deriveRedirects(REGISTRY).map((redirect) => ({ path: redirect.path, element: <SectionRedirectElement redirect={redirect} /> })),
];
