/**
 * A part of the app fetched once, on its first need, and readable synchronously afterwards: the
 * registry part (registry-loader.ts) and the logged-in app around refine (workspace-loader.ts).
 * Whoever rendered without it hears when it arrives.
 */
export interface ModuleLoader<Module> {
  load(): Promise<Module>;
  /** The module if it has arrived; undefined before. */
  loaded(): Module | undefined;
  /** For useSyncExternalStore: `listener` runs once the module has arrived. */
  subscribe(listener: () => void): () => void;
}

export function createModuleLoader<Module>(importModule: () => Promise<Module>): ModuleLoader<Module> {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= importModule().then((module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      });
      // A failed load (the network dropped) is tried again on the next need.
      loading.catch(() => {
        loading = undefined;
      });
      return loading;
    },
    loaded: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
