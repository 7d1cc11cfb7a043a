import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { BrowserRouter, Outlet, Route, Routes } from "react-router";
import { AppFeedbackProvider } from "../components/app-feedback";
import { lazyModalHost } from "../components/lazy-modal-host";
import { PublicShell } from "../components/public-shell/public-shell";
import { isPublicShellPath } from "../components/public-shell/public-shell-rules";
import "../components/light/light.css";
import { AccountServicesProvider } from "../providers/account-context";
import { AppLinksProvider } from "../providers/app-links-context";
import { ScanLoginClientProvider } from "../providers/scan-login-context";
import { SessionStoreProvider } from "../providers/session-context";
import { WebapiProvider } from "../providers/webapi-context";
import { VerificationClientProvider } from "../verification/verification-context";
import type { MessageModalOptions } from "../providers/message-modal-store";
import type { AppLinks } from "../resources/app-links";
import { withAntdScope } from "./antd-part";
import { createAppServices } from "./app-services";
import { NavigationGuard } from "./navigation-guard-view";
import { antdLightPage } from "./lazy-page";
import { loadedRegistryApp, loadRegistryApp, subscribeRegistryApp } from "./registry-loader";
import { appRoutes, CATCH_ALL_PATH, publicRoutePatterns, renderRoute } from "./routes";
import type { RegistryAccess } from "./workspace";
import { loadWorkspace } from "./workspace-loader";
import { WorkspaceHost } from "./workspace-host";

// The main sections, the consoles and "/" come with the registries, loaded on the first need
// (registry-app.tsx), and live inside the logged-in app (workspace.tsx).
const RegistryRoutes = lazy(() => Promise.all([loadRegistryApp(), loadWorkspace()]).then(([module]) => ({ default: module.RegistryRoutes })));
const MessageModalHost = lazyModalHost<MessageModalOptions>(() => withAntdScope(() => import("../components/message-modal").then((module) => module.MessageModalHost)));
const errorPage = antdLightPage(() => import("../pages/error/error-page").then((module) => module.ErrorPage));
const loadRegistryRoutePatterns = () => loadRegistryApp().then((module) => module.registryRoutePatterns);
let appLinks: Promise<AppLinks> | undefined;
// One promise for every reader: useAppLinks() suspends on it until it settles.
const loadAppLinks = () => (appLinks ??= loadRegistryApp().then((module) => module.appLinks));
const registryAccess: RegistryAccess = {
  loadedResources: () => loadedRegistryApp()?.registryRefineResources,
  subscribe: subscribeRegistryApp,
  loadConsolePermissions: () => loadRegistryApp().then((module) => module.consolePermissions),
};

/**
 * The app as a visitor first meets it: the router, the session and the shared providers, and the
 * routes. antd, refine and the logged-in app's services come in with the first page that needs
 * them (WorkspaceHost, antd-scope.tsx), and the calls to /webapi with the first call
 * (app-services.ts), so the visitor's home and verification pages load without them (issue 20).
 */
export function App() {
  const [services] = useState(createAppServices);
  const { Bridge } = services.navigation;

  return (
    <BrowserRouter>
      {/* antd's settings come with what renders antd (antd-scope.tsx); the visitor's light pages go without them. */}
      <div className="hz-l-text-root">
        <QueryClientProvider client={services.queryClient}>
          <WebapiProvider providers={services.webapi}>
            <SessionStoreProvider store={services.sessionStore}>
              <AccountServicesProvider services={services.account}>
                <Bridge />
                <NavigationGuard
                  routePatterns={publicRoutePatterns}
                  loadMoreRoutePatterns={loadRegistryRoutePatterns}
                  sessionStore={services.sessionStore}
                  lookupUserInfo={services.lookupUserInfo}
                  errorPage={errorPage}
                >
                  <ScanLoginClientProvider client={services.scanLogin}>
                    <AppFeedbackProvider feedback={services.feedback}>
                      <VerificationClientProvider client={services.verification}>
                        <AppLinksProvider links={loadAppLinks}>
                          <WorkspaceHost services={services} registry={registryAccess}>
                            <AppRoutes />
                          </WorkspaceHost>
                        </AppLinksProvider>
                      </VerificationClientProvider>
                    </AppFeedbackProvider>
                  </ScanLoginClientProvider>
                </NavigationGuard>
                <MessageModalHost store={services.messageModal} />
              </AccountServicesProvider>
            </SessionStoreProvider>
          </WebapiProvider>
        </QueryClientProvider>
      </div>
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
