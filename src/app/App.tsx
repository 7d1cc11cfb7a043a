import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { BrowserRouter, Outlet, Route, Routes } from "react-router";
import { AppFeedbackProvider } from "../components/app-feedback";
import { MessageModalHost } from "../components/message-modal";
import { PublicShell } from "../components/public-shell/public-shell";
import { isPublicShellPath } from "../components/public-shell/public-shell-rules";
import { AccountServicesProvider } from "../providers/account-context";
import { AppLinksProvider } from "../providers/app-links-context";
import { EventStreamClientProvider } from "../providers/event-stream-context";
import { NotaryServicesProvider } from "../providers/notary-context";
import { OperatorServicesProvider } from "../providers/operator-context";
import { PersonalServicesProvider } from "../providers/personal-context";
import { ScanLoginClientProvider } from "../providers/scan-login-context";
import { SessionStoreProvider } from "../providers/session-context";
import { VerificationClientProvider } from "../verification/verification-context";
import type { AppLinks } from "../resources/app-links";
import { ANTD_CONFIG } from "./antd-config";
import { createAppServices } from "./app-services";
import "./dayjs-setup";
import { NavigationGuard } from "./navigation-guard-view";
import { lazyPage } from "./lazy-page";
import { loadedRegistryApp, loadRegistryApp, subscribeRegistryApp } from "./registry-loader";
import { appRoutes, CATCH_ALL_PATH, publicRoutePatterns, renderRoute } from "./routes";

// The main sections, the consoles and "/" come with the registries, loaded on the first need (registry-app.tsx).
const RegistryRoutes = lazy(() => loadRegistryApp().then((module) => ({ default: module.RegistryRoutes })));
const errorPage = lazyPage(() => import("../pages/error/error-page").then((module) => module.ErrorPage));
const loadRegistryRoutePatterns = () => loadRegistryApp().then((module) => module.registryRoutePatterns);
let appLinks: Promise<AppLinks> | undefined;
// One promise for every reader: useAppLinks() suspends on it until it settles.
const loadAppLinks = () => (appLinks ??= loadRegistryApp().then((module) => module.appLinks));
const NO_RESOURCES: never[] = [];

export function App() {
  const [services] = useState(createAppServices);
  const { Bridge } = services.navigation;
  // Refine hears of the registries' resources when they arrive; until then no page needs them.
  const resources = useSyncExternalStore(subscribeRegistryApp, () => loadedRegistryApp()?.registryRefineResources ?? NO_RESOURCES);

  return (
    <BrowserRouter>
      <ConfigProvider {...ANTD_CONFIG}>
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            dataProvider={services.dataProvider}
            authProvider={services.authProvider}
            accessControlProvider={services.accessControlProvider}
            resources={resources}
            options={{
              disableTelemetry: true,
              // The navigation guard owns the route rules of spec §2; refine's own per-route
              // auth check would only repeat it.
              disableRouteChangeHandler: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { refetchOnWindowFocus: false } } } },
            }}
          >
            <SessionStoreProvider store={services.sessionStore}>
              <AccountServicesProvider services={services.account}>
                <NotaryServicesProvider services={services.notary}>
                  <OperatorServicesProvider services={services.operator}>
                    <Bridge />
                    <NavigationGuard
                      routePatterns={publicRoutePatterns}
                      loadMoreRoutePatterns={loadRegistryRoutePatterns}
                      sessionStore={services.sessionStore}
                      lookupUserInfo={services.lookupUserInfo}
                      errorPage={errorPage}
                    >
                      <ScanLoginClientProvider client={services.scanLogin}>
                        <PersonalServicesProvider services={services.personal}>
                          <AppFeedbackProvider feedback={services.feedback}>
                            <VerificationClientProvider client={services.verification}>
                              <AppLinksProvider links={loadAppLinks}>
                                <EventStreamClientProvider client={services.eventStream}>
                                  <AppRoutes />
                                </EventStreamClientProvider>
                              </AppLinksProvider>
                            </VerificationClientProvider>
                          </AppFeedbackProvider>
                        </PersonalServicesProvider>
                      </ScanLoginClientProvider>
                    </NavigationGuard>
                    <MessageModalHost store={services.messageModal} />
                  </OperatorServicesProvider>
                </NotaryServicesProvider>
              </AccountServicesProvider>
            </SessionStoreProvider>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

function AppRoutes() {
  // The public pages (home, /info …) share the public header and footer.
  const publicShellRoutes = appRoutes.filter((route) => isPublicShellPath(route.path));
  const otherRoutes = appRoutes.filter((route) => !isPublicShellPath(route.path));
  return (
    <Routes>
      <Route
        element={
          <PublicShell>
            <Outlet />
          </PublicShell>
        }
      >
        {publicShellRoutes.map(renderRoute)}
      </Route>
      {otherRoutes.map(renderRoute)}
      {/* Everything else is the registries' (their shells and sections), or unknown: their part of the app answers both. */}
      <Route
        path={CATCH_ALL_PATH}
        element={
          <Suspense fallback={null}>
            <RegistryRoutes />
          </Suspense>
        }
      />
    </Routes>
  );
}
