import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { useState } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { MessageModalHost } from "../components/message-modal";
import { ErrorPage } from "../pages/error/error-page";
import { AccountServicesProvider } from "../providers/account-context";
import { SessionStoreProvider } from "../providers/session-context";
import { ANTD_CONFIG } from "./antd-config";
import { createAppServices } from "./app-services";
import "./dayjs-setup";
import { NavigationGuard } from "./navigation-guard-view";
import { appRoutes, knownRoutePatterns } from "./routes";

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
                <Bridge />
                <NavigationGuard
                  routePatterns={knownRoutePatterns}
                  sessionStore={services.sessionStore}
                  lookupUserInfo={services.lookupUserInfo}
                  errorPage={<ErrorPage />}
                >
                  <AppRoutes />
                </NavigationGuard>
                <MessageModalHost store={services.messageModal} />
              </AccountServicesProvider>
            </SessionStoreProvider>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

function AppRoutes() {
  return (
    <Routes>
      {appRoutes.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          caseSensitive
          element={"redirectTo" in route ? <Navigate to={route.redirectTo} replace /> : route.element}
        />
      ))}
    </Routes>
  );
}
