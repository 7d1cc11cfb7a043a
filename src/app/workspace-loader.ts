import { createModuleLoader } from "./module-loader";

/**
 * Loads the logged-in app around refine (workspace.tsx) once: with the first page that reads data
 * through refine (every page but the visitor's light ones, lazy-page.tsx) or the registry part.
 * A visitor's home and verification pages never load it (issue 20).
 */
export type Workspace = typeof import("./workspace");

const workspace = createModuleLoader<Workspace>(() => import("./workspace"));

export const loadWorkspace = workspace.load;
export const loadedWorkspace = workspace.loaded;
export const subscribeWorkspace = workspace.subscribe;
