import { createContext, useContext, type ReactNode } from "react";
import type { AppLinks } from "../resources/app-links";

/**
 * The registry's named links (src/resources/app-links.ts), handed down by the app rather than
 * imported: the registry loads the pages, so a page that imported it would close the circle.
 */
const AppLinksContext = createContext<AppLinks | null>(null);

export function AppLinksProvider({ links, children }: { links: AppLinks; children: ReactNode }) {
  return <AppLinksContext.Provider value={links}>{children}</AppLinksContext.Provider>;
}

export function useAppLinks(): AppLinks {
  const links = useContext(AppLinksContext);
  if (!links) throw new Error("useAppLinks must be used inside <AppLinksProvider>");
  return links;
}
