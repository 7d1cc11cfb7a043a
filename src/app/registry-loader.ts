import { createModuleLoader } from "./module-loader";

/**
 * Loads the registry part of the app (registry-app.tsx) once, on the first need: a route the public
 * routes do not know, a registry link, a console permission. Whoever rendered without it hears
 * when it arrives (refine's resources in workspace.tsx).
 */
export type RegistryApp = typeof import("./registry-app");

const registryApp = createModuleLoader<RegistryApp>(() => import("./registry-app"));

export const loadRegistryApp = registryApp.load;
export const loadedRegistryApp = registryApp.loaded;
export const subscribeRegistryApp = registryApp.subscribe;
