import { APP_PATHS } from "../app/path-rules";
import { deriveAppLinks } from "./app-links";
import { CONSOLE_REGISTRY } from "./console/registry";
import { registryPathIn } from "./derive";
import { REGISTRY } from "./registry";

/**
 * The registry's paths for the app shell (src/app, src/components/shell) and for tests. Pages never
 * import this module (it holds the registry, whose loaders import the pages): a page takes its own
 * section's paths from its route (siblingPath) and the others from useAppLinks.
 */

/** registryPath("personal/securityCenter", "changePassword"); a section or main section root without `page`. Throws for a page the registry lacks. */
export const registryPath = (resource: string, page?: string): string => registryPathIn(REGISTRY, resource, page);

/** consolePath("review/identity", "dataList"): a page of the operator console, below APP_PATHS.console. Throws for a page the console lacks. */
export const consolePath = (resource: string, page?: string): string => registryPathIn(CONSOLE_REGISTRY, resource, page, APP_PATHS.console);

/** The named links of app-links.ts; computed when this module loads, so a missing page fails at start-up. */
export const APP_LINKS = deriveAppLinks(REGISTRY);
