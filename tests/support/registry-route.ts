import { deriveRoutes, type SectionRoute } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { registryPath } from "../../src/resources/registry-paths";

const ROUTES = deriveRoutes(REGISTRY);

/** The registry's route of a page, as SectionRouteElement hands it to the page: for rendering a custom page on its own. */
export function registryRoute(resource: string, page?: string): SectionRoute {
  const path = registryPath(resource, page);
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`${path} leads on to a page; name the page itself`);
  return route;
}
