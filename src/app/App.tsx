import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { useState } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes } from "react-router";
import { MessageModalHost } from "../components/message-modal";
import { PersonalShell } from "../components/shell/personal-shell";
import { PublicShell } from "../components/public-shell/public-shell";
import { isPublicShellPath } from "../components/public-shell/public-shell-rules";
import { ErrorPage } from "../pages/error/error-page";
import { AccountServicesProvider } from "../providers/account-context";
import { NotaryServicesProvider } from "../providers/notary-context";
import { PersonalServicesProvider } from "../providers/personal-context";
import { ScanLoginClientProvider } from "../providers/scan-login-context";
import { SessionStoreProvider } from "../providers/session-context";
import { ANTD_CONFIG } from "./antd-config";
import { createAppServices } from "./app-services";
import "./dayjs-setup";
import { NavigationGuard } from "./navigation-guard-view";
import { isPersonalPath } from "./path-rules";
import { appRoutes, knownRoutePatterns, type AppRoute } from "./routes";

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
                  <Bridge />
                  <NavigationGuard
                    routePatterns={knownRoutePatterns}
                    sessionStore={services.sessionStore}
                    lookupUserInfo={services.lookupUserInfo}
                    errorPage={<ErrorPage />}
                  >
                    <ScanLoginClientProvider client={services.scanLogin}>
                      <PersonalServicesProvider services={services.personal}>
                        <AppRoutes />
                      </PersonalServicesProvider>
                    </ScanLoginClientProvider>
                  </NavigationGuard>
                  <MessageModalHost store={services.messageModal} />
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
  // Every /personal page sits in the logged-in shell, a layout route that stays mounted between them.
  const personalRoutes = appRoutes.filter((route) => isPersonalPath(route.path));
  // The public pages (home, /info …) likewise share the public header and footer.
  const publicShellRoutes = appRoutes.filter((route) => isPublicShellPath(route.path));
  const otherRoutes = appRoutes.filter((route) => !isPersonalPath(route.path) && !isPublicShellPath(route.path));
  return (
    <Routes>
      <Route
        element={
          <PersonalShell>
            <Outlet />
          </PersonalShell>
        }
      >
        {personalRoutes.map(renderRoute)}
      </Route>
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
    </Routes>
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
