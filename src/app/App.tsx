import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes } from "react-router";
import { AppFeedbackProvider } from "../components/app-feedback";
import { MessageModalHost } from "../components/message-modal";
import { PublicShell } from "../components/public-shell/public-shell";
import { isPublicShellPath } from "../components/public-shell/public-shell-rules";
import { ErrorPage } from "../pages/error/error-page";
import { AccountServicesProvider } from "../providers/account-context";
import { AppLinksProvider } from "../providers/app-links-context";
import { EventStreamClientProvider } from "../providers/event-stream-context";
import { NotaryServicesProvider } from "../providers/notary-context";
import { OperatorServicesProvider } from "../providers/operator-context";
import { PersonalServicesProvider } from "../providers/personal-context";
import { ScanLoginClientProvider } from "../providers/scan-login-context";
import { SessionStoreProvider } from "../providers/session-context";
import { VerificationClientProvider } from "../verification/verification-context";
import { ANTD_CONFIG } from "./antd-config";
import { createAppServices } from "./app-services";
import "./dayjs-setup";
import { NavigationGuard } from "./navigation-guard-view";
import { CONSOLE_REGISTRY } from "../resources/console/registry";
import { NOTARY_BASE, NOTARY_REGISTRY } from "../resources/notary";
import { refineResources } from "../resources/derive";
import { REGISTRY } from "../resources/registry";
import { APP_LINKS } from "../resources/registry-paths";
import type { AppRoute } from "./app-route";
import { APP_PATHS } from "./path-rules";
import { appRoutes, knownRoutePatterns } from "./routes";
import { consoleRoutes, notaryRoutes, sectionRoutes } from "./section-routes";

// The logged-in shell (and with it the side navigation) loads with the first main-section page.
const AppShell = lazy(() => import("../components/shell/app-shell").then((module) => ({ default: module.AppShell })));
// The operator console's shell (pro-components' ProLayout) loads only with a console page.
const ConsoleShell = lazy(() => import("../components/console-shell/console-shell").then((module) => ({ default: module.ConsoleShell })));
// The notary console's shell loads only with a notary console page.
const NotaryShell = lazy(() => import("../components/notary-shell/notary-shell").then((module) => ({ default: module.NotaryShell })));
const REFINE_RESOURCES = [...refineResources(REGISTRY), ...refineResources(CONSOLE_REGISTRY, APP_PATHS.console), ...refineResources(NOTARY_REGISTRY, NOTARY_BASE)];

export function App() {
  const [services] = useState(createAppServices);
  const { Bridge } = services.navigation;

  return (
    <BrowserRouter>
      <ConfigProvider {...ANTD_CONFIG}>
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            dataProvider={services.dataProvider}
            authProvider={services.authProvider}
            accessControlProvider={services.accessControlProvider}
            resources={REFINE_RESOURCES}
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
                      routePatterns={knownRoutePatterns}
                      sessionStore={services.sessionStore}
                      lookupUserInfo={services.lookupUserInfo}
                      errorPage={<ErrorPage />}
                    >
                      <ScanLoginClientProvider client={services.scanLogin}>
                        <PersonalServicesProvider services={services.personal}>
                          <AppFeedbackProvider feedback={services.feedback}>
                            <VerificationClientProvider client={services.verification}>
                              <AppLinksProvider links={APP_LINKS}>
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
      {/* Every page of the eight main sections sits in the logged-in shell, a layout route that stays mounted between them. */}
      {shellRoute(AppShell, sectionRoutes)}
      <Route
        element={
          <PublicShell>
            <Outlet />
          </PublicShell>
        }
      >
        {publicShellRoutes.map(renderRoute)}
      </Route>
      {/* The operator console: its own shell, apart from the customers' in look and in session. */}
      {shellRoute(ConsoleShell, consoleRoutes)}
      {/* The notary console: the office staff's own shell and session. */}
      {shellRoute(NotaryShell, notaryRoutes)}
      {otherRoutes.map(renderRoute)}
    </Routes>
  );
}

/** A layout route: `routes` inside a shell loaded on demand, which stays mounted while one moves between them. */
function shellRoute(Shell: ComponentType<{ children: ReactNode }>, routes: readonly AppRoute[]) {
  return (
    <Route
      element={
        <Suspense fallback={null}>
          <Shell>
            <Outlet />
          </Shell>
        </Suspense>
      }
    >
      {routes.map(renderRoute)}
    </Route>
  );
}

function renderRoute(route: AppRoute) {
  return (
    <Route
      key={route.path}
      path={route.path}
      caseSensitive
      element={"redirectTo" in route ? <Navigate to={route.redirectTo} replace /> : route.element}
    />
  );
}
