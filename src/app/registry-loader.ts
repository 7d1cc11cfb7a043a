/**
 * Loads the registry part of the app (registry-app.tsx) once, on the first need: a route the public
 * routes do not know, a registry link, a console permission. Whoever rendered without it hears
 * when it arrives (refine's resources in App.tsx).
 */
export type RegistryApp = typeof import("./registry-app");

let loaded: RegistryApp | undefined;
let loading: Promise<RegistryApp> | undefined;
const listeners = new Set<() => void>();

export function loadRegistryApp(): Promise<RegistryApp> {
  loading ??= import("./registry-app").then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  // A failed load (the network dropped) is tried again on the next need.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The registry part if it has arrived; undefined before. */
export function loadedRegistryApp(): RegistryApp | undefined {
  return loaded;
}

/** For useSyncExternalStore: `listener` runs once the registry part has arrived. */
export function subscribeRegistryApp(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
