/**
 * The recorder page's path on its own, so that the app's path rules (src/app/path-rules.ts, loaded
 * with every page) do not bring the cloud browser's whole contract along.
 */

/** The recorder page, served by the server outside the app's router (spec §2: "served from a separate path"). */
export const CLOUD_BROWSER_PAGE_PATH = "/precord";
