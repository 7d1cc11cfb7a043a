import { createContext, use, type ReactNode } from "react";
import type { AppLinks } from "../resources/app-links";

/**
 * The registry's named links (src/resources/app-links.ts), handed down by the app rather than
 * imported: the registry loads the pages, so a page that imported it would close the circle. The
 * app hands a loader (the registries load on demand, src/app/registry-loader.ts); tests may hand
 * the links themselves.
 */
type AppLinksSource = AppLinks | (() => Promise<AppLinks>);

const AppLinksContext = createContext<AppLinksSource | null>(null);

export function AppLinksProvider({ links, children }: { links: AppLinksSource; children: ReactNode }) {
  return <AppLinksContext.Provider value={links}>{children}</AppLinksContext.Provider>;
}

/** The links; suspends (to the nearest <Suspense>) until they have loaded. */
export function useAppLinks(): AppLinks {
  const source = useAppLinksSource();
  return typeof source === "function" ? use(source()) : source;
}

/** The links when they are needed rather than at render (a menu's click): no waiting, no loading before. */
export function useAppLinksLater(): () => Promise<AppLinks> {
  const source = useAppLinksSource();
  return typeof source === "function" ? source : () => Promise.resolve(source);
}

function useAppLinksSource(): AppLinksSource {
  const source = use(AppLinksContext);
  if (!source) throw new Error("useAppLinks must be used inside <AppLinksProvider>");
  return source;
}
