import { Refine, type ResourceProps } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp } from "antd";
import { useState, useSyncExternalStore, type ReactNode } from "react";
import { EventStreamClientProvider } from "../providers/event-stream-context";
import { NotaryServicesProvider } from "../providers/notary-context";
import { OperatorServicesProvider } from "../providers/operator-context";
import { PersonalServicesProvider } from "../providers/personal-context";
import type { AccessControlOptions } from "../providers/access-control-provider";
import { AntdScope } from "./antd-scope";
import * as appClients from "./app-clients";
import type { AppServices } from "./app-services";
import { createWorkspaceServices } from "./workspace-services";

const NO_RESOURCES: never[] = [];

/**
 * What the logged-in app reads from the registry part (registry-loader.ts), handed in by App.tsx
 * rather than imported, as the registry part's routes load this module in turn.
 */
export interface RegistryAccess {
  /** refine's resources once the registry part has arrived, undefined before. */
  loadedResources(): ResourceProps[] | undefined;
  /** For useSyncExternalStore: `listener` runs once the registry part has arrived. */
  subscribe(listener: () => void): () => void;
  loadConsolePermissions: NonNullable<AccessControlOptions["loadConsolePermissions"]>;
}

/**
 * The logged-in app around the routes: refine (on the page's shared data and auth providers and
 * query client) and the services of the consoles and the personal centre. Loaded on the first page
 * that needs it (workspace-loader.ts); the visitor's light pages render without it.
 */
export function Workspace({ services, registry, children }: { services: AppServices; registry: RegistryAccess; children: ReactNode }) {
  // The logged-in app calls /webapi from its first render: it brings the clients' code with it.
  const [clients] = useState(() => services.clients.from(appClients));
  const [workspace] = useState(() => createWorkspaceServices(services, clients, registry.loadConsolePermissions));
  // Refine hears of the registries' resources when they arrive; until then no page needs them.
  const resources = useSyncExternalStore(registry.subscribe, () => registry.loadedResources() ?? NO_RESOURCES);
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={clients.dataProvider}
      authProvider={clients.authProvider}
      accessControlProvider={workspace.accessControlProvider}
      resources={resources}
      options={{
        disableTelemetry: true,
        // The navigation guard owns the route rules of spec §2; refine's own per-route
        // auth check would only repeat it.
        disableRouteChangeHandler: true,
        // The page's one cache, which the visitor's pages filled before refine arrived.
        reactQuery: { clientConfig: services.queryClient },
      }}
    >
      <NotaryServicesProvider services={workspace.notary}>
        <OperatorServicesProvider services={workspace.operator}>
          <PersonalServicesProvider services={workspace.personal}>
            <EventStreamClientProvider client={workspace.eventStream}>
              {/* antd's settings, and its message, notification and modal hooks (App.useApp), are the logged-in pages'. */}
              <AntdScope>
                <AntdApp>{children}</AntdApp>
              </AntdScope>
            </EventStreamClientProvider>
          </PersonalServicesProvider>
        </OperatorServicesProvider>
      </NotaryServicesProvider>
    </Refine>
  );
}
