import { render, screen } from "@testing-library/react";
import { App as AntdApp } from "antd";
import { MemoryRouter, Outlet, Route, Routes } from "react-router";
import { vi } from "vitest";
import { NavigationGuard } from "../../src/app/navigation-guard-view";
import { APP_PATHS } from "../../src/app/path-rules";
import { AppFeedbackProvider, createAppFeedback } from "../../src/components/app-feedback";
import { ConsoleShell } from "../../src/components/console-shell/console-shell";
import { MessageModalHost } from "../../src/components/message-modal";
import { ConsoleHomePage } from "../../src/pages/console/home/console-home-page";
import { ConsoleLoginPage } from "../../src/pages/console/login/console-login-page";
import { SectionRedirectElement, SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { createAccessControlProvider } from "../../src/providers/access-control-provider";
import { createAccountClient } from "../../src/providers/account-client";
import { AccountServicesProvider } from "../../src/providers/account-context";
import { createDataProvider } from "../../src/providers/data-provider";
import type { HttpClient } from "../../src/providers/http-client";
import type { LoginCrypto } from "../../src/providers/login-crypto";
import { createMessageModalStore } from "../../src/providers/message-modal-store";
import { createOperatorAuth } from "../../src/providers/operator-auth";
import { createOperatorClient } from "../../src/providers/operator-client";
import { OperatorServicesProvider } from "../../src/providers/operator-context";
import { createSecondStepStorage } from "../../src/providers/second-step-storage";
import { SessionStoreProvider } from "../../src/providers/session-context";
import { createMemoryStorage, createSessionStore, type SessionStore } from "../../src/providers/session-store";
import { customPage } from "../../src/resources/define";
import { deriveRedirects, deriveRoutes, sectionPermissions } from "../../src/resources/derive";
import type { MainSectionDefinition, Registry } from "../../src/resources/types";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account";
import { OPERATOR_ROLES, permissionsOf, type OperatorRole } from "../../src/schema/console/permissions";
import { fakeLoginCrypto } from "../unit/providers/fake-login-crypto";
import { CAPTCHA_IMAGE, ok, scriptedHttpClient, type ScriptedAnswer } from "./account-harness";
import { AntdTestProvider } from "./antd-test-provider";
import { CurrentLocation } from "./refine-harness";
import { TestRefine } from "./test-refine";

/** A console page of the test registry: it says which one it is. */
const page = (text: string) => async () => ({ default: () => <p>{text}</p> });

/**
 * A console registry as other issues fill it in: one section per main section needing its own
 * permission, and an empty main section (内容), which must simply not show.
 */
export const TEST_CONSOLE_REGISTRY: Registry = [
  {
    key: "review",
    title: "审核",
    sideNav: "links",
    sections: [{ key: "exampleReview", title: "实名认证审核", permission: "identity.review", description: "审核用户提交的实名与企业认证", landing: "", pages: [customPage("", "实名认证审核", page("审核页面内容"))] }],
  },
  {
    key: "customers",
    title: "客户",
    sideNav: "links",
    sections: [{ key: "exampleLookup", title: "客户查询", permission: "customers.read", landing: "", pages: [customPage("", "客户查询", page("客户查询内容"))] }],
  },
  { key: "content", title: "内容", sideNav: "links", sections: [] },
  {
    key: "platform",
    title: "平台",
    sideNav: "links",
    sections: [{ key: "exampleOperators", title: "操作员管理", permission: "operators.manage", landing: "", pages: [customPage("", "操作员管理", page("操作员管理内容"))] }],
  },
] satisfies MainSectionDefinition[];

export const NOW = Date.now();

export function operatorSession(roles: OperatorRole[], overrides: Record<string, unknown> = {}) {
  return {
    token: "operator-token",
    timestamp: NOW,
    loginTime: NOW,
    operator: { id: 5, account: "wang.wu", name: "王五", roles, permissions: permissionsOf(roles) },
    ...overrides,
  };
}

/**
 * The console as App.tsx mounts it (the navigation guard, the console's login outside the shell,
 * its home and registry pages inside), with the real operator client and auth over the given
 * HTTP client: scripted answers, or the app's own client against a listening server.
 */
export function renderConsole(options: {
  path: string;
  registry?: Registry;
  roles?: OperatorRole[];
  script?: Record<string, ScriptedAnswer>;
  http?: HttpClient;
  crypto?: LoginCrypto;
  now?: () => number;
  sessionStore?: SessionStore;
}) {
  const now = options.now ?? Date.now;
  const crypto = options.crypto ?? fakeLoginCrypto;
  const registry = options.registry ?? TEST_CONSOLE_REGISTRY;
  const sessionStore = options.sessionStore ?? createSessionStore(createMemoryStorage());
  if (options.roles) sessionStore.setOperator(operatorSession(options.roles));
  const scripted = scriptedHttpClient({ [ACCOUNT_ENDPOINTS.getCodeV2.path]: ok({ codeBase64: CAPTCHA_IMAGE }), ...options.script });
  const http = options.http ?? scripted.http;
  const messages = createMessageModalStore();
  const client = createOperatorClient({ http, crypto });
  const operator = { client, auth: createOperatorAuth({ client, sessionStore, now, showMessage: messages.show }) };
  const account = { client: createAccountClient({ http, crypto }), secondStep: createSecondStepStorage(createMemoryStorage()) };
  const routes = deriveRoutes(registry, APP_PATHS.console);
  const redirects = deriveRedirects(registry, APP_PATHS.console);
  const patterns = [APP_PATHS.console, APP_PATHS.consoleLogin, APP_PATHS.home, APP_PATHS.login, ...routes.map((route) => route.path), ...redirects.map((redirect) => redirect.path)];
  const { unmount } = render(
    <MemoryRouter initialEntries={[options.path]}>
      <AntdTestProvider>
        <AntdApp>
          <TestRefine
            dataProvider={createDataProvider(http)}
            accessControlProvider={createAccessControlProvider({ sessionStore, now, consolePermissions: sectionPermissions(registry, APP_PATHS.console) })}
            options={{ disableTelemetry: true, disableRouteChangeHandler: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
          >
            <SessionStoreProvider store={sessionStore}>
              <AccountServicesProvider services={account}>
                <OperatorServicesProvider services={operator}>
                  <AppFeedbackProvider feedback={createAppFeedback()}>
                    <NavigationGuard routePatterns={patterns} sessionStore={sessionStore} lookupUserInfo={vi.fn(async () => true)} now={now} errorPage={<p>错误页</p>}>
                      <Routes>
                        <Route path={APP_PATHS.consoleLogin} element={<ConsoleLoginPage />} />
                        <Route path={APP_PATHS.home} element={<p>客户首页</p>} />
                        <Route path={APP_PATHS.login} element={<p>客户登录</p>} />
                        <Route
                          element={
                            <ConsoleShell registry={registry}>
                              <Outlet />
                            </ConsoleShell>
                          }
                        >
                          <Route path={APP_PATHS.console} element={<ConsoleHomePage registry={registry} />} />
                          {routes.map((route) => (
                            <Route key={route.path} path={route.path} element={<SectionRouteElement route={route} />} />
                          ))}
                          {redirects.map((redirect) => (
                            <Route key={redirect.path} path={redirect.path} element={<SectionRedirectElement redirect={redirect} />} />
                          ))}
                        </Route>
                      </Routes>
                    </NavigationGuard>
                    <CurrentLocation />
                    <MessageModalHost store={messages} />
                  </AppFeedbackProvider>
                </OperatorServicesProvider>
              </AccountServicesProvider>
            </SessionStoreProvider>
          </TestRefine>
        </AntdApp>
      </AntdTestProvider>
    </MemoryRouter>,
  );
  const location = () => screen.getByLabelText("当前地址").textContent;
  const search = () => screen.getByLabelText("当前查询").textContent;
  return { sessionStore, location, search, unmount, ...scripted };
}

export const roleTitle = (role: OperatorRole) => OPERATOR_ROLES[role].title;
