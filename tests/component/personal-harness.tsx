import { type AccessControlProvider } from "@refinedev/core";
import { render } from "@testing-library/react";
import { App as AntdApp } from "antd";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { AppFeedbackProvider, createAppFeedback } from "../../src/components/app-feedback";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { createAccessControlProvider } from "../../src/providers/access-control-provider";
import { createChildAccountClient } from "../../src/providers/child-account-client";
import { createDataProvider } from "../../src/providers/data-provider";
import { createPersonalClient } from "../../src/providers/personal-client";
import { PersonalServicesProvider } from "../../src/providers/personal-context";
import { SessionStoreProvider } from "../../src/providers/session-context";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { createSignedUrlBuilder } from "../../src/providers/signed-url";
import type { SectionRoute } from "../../src/resources/derive";
import { createVerificationClient } from "../../src/verification/verification-client";
import { VerificationClientProvider } from "../../src/verification/verification-context";
import { fakeLoginCrypto } from "../unit/providers/fake-login-crypto";
import { scriptedHttpClient, type ScriptedAnswer } from "./account-harness";
import { AntdTestProvider } from "./antd-test-provider";
import { CurrentLocation } from "./refine-harness";
import { TestRefine } from "./test-refine";

export const MAIN_ACCOUNT = { token: "tk-main", timestamp: Date.now(), id: 7, loginAccount: "13800000007", mobile: "13800000007", accountType: 1 };

/**
 * A personal-centre page or widget with the app's real providers (data, access control, the
 * personal clients with a readable fake of the RSA step, the verification client) against scripted /webapi answers, inside
 * antd's App so its message API works as in the app.
 */
export function renderPersonal(options: {
  path: string;
  element: ReactNode;
  script?: Record<string, ScriptedAnswer>;
  user?: Record<string, unknown>;
  /** Other registry pages the page under test may lead to (a journey across pages). */
  routes?: readonly SectionRoute[];
}) {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setUser(options.user ?? MAIN_ACCOUNT);
  const { http, calls, callsTo } = scriptedHttpClient(options.script ?? {});
  const accessControlProvider: AccessControlProvider = createAccessControlProvider({ sessionStore, now: Date.now });
  const services = { personal: createPersonalClient({ http, crypto: fakeLoginCrypto }), childAccounts: createChildAccountClient({ http, crypto: fakeLoginCrypto }) };
  const verification = createVerificationClient({ http, signedUrl: createSignedUrlBuilder({ sessionStore, now: Date.now }) });
  const [pathname] = options.path.split("?");
  render(
    <MemoryRouter initialEntries={[options.path]}>
      <AntdTestProvider>
        <AntdApp>
          <TestRefine
            dataProvider={createDataProvider(http)}
            accessControlProvider={accessControlProvider}
            options={{ disableTelemetry: true, disableRouteChangeHandler: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
          >
            <SessionStoreProvider store={sessionStore}>
              <PersonalServicesProvider services={services}>
                <VerificationClientProvider client={verification}>
                  <AppFeedbackProvider feedback={createAppFeedback()}>
                    <Routes>
                      <Route path={pathname} element={options.element} />
                      {(options.routes ?? []).filter((route) => route.path !== pathname).map((route) => (
                        <Route key={route.path} path={route.path} element={<SectionRouteElement route={route} />} />
                      ))}
                      <Route path="*" element={null} />
                    </Routes>
                    <CurrentLocation />
                  </AppFeedbackProvider>
                </VerificationClientProvider>
              </PersonalServicesProvider>
            </SessionStoreProvider>
          </TestRefine>
        </AntdApp>
      </AntdTestProvider>
    </MemoryRouter>,
  );
  return { sessionStore, calls, callsTo };
}
