import { useSyncExternalStore, type ReactNode } from "react";
import type { AppServices } from "./app-services";
import type { RegistryAccess } from "./workspace";
import { loadedWorkspace, subscribeWorkspace } from "./workspace-loader";

/**
 * Renders the routes bare until the logged-in app (workspace.tsx) has been loaded, then inside it.
 * The routes remount once as it arrives; that happens while the page that asked for it is still
 * loading (lazy-page.tsx waits for both), so nobody sees it.
 */
export function WorkspaceHost({ services, registry, children }: { services: AppServices; registry: RegistryAccess; children: ReactNode }) {
  const workspace = useSyncExternalStore(subscribeWorkspace, loadedWorkspace);
  if (!workspace) return children;
  return (
    <workspace.Workspace services={services} registry={registry}>
      {children}
    </workspace.Workspace>
  );
}
