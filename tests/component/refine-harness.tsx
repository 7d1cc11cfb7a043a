import { type AuthProvider, type DataProvider } from "@refinedev/core";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { createDataProvider } from "../../src/providers/data-provider";
import type { HttpClient, RequestParams } from "../../src/providers/http-client";
import { SessionStoreProvider } from "../../src/providers/session-context";
import type { SessionStore } from "../../src/providers/session-store";
import type { Envelope } from "../../src/schema/envelope";
import { AntdTestProvider } from "./antd-test-provider";
import { TestRefine } from "./test-refine";

/** A fake HTTP client answering each path with a fixed envelope; records the calls. */
export function fakeHttpClient(answers: Record<string, Envelope<unknown>>) {
  const calls: { method: string; path: string; params: RequestParams }[] = [];
  const answer = <T, E>(method: string, path: string, params: RequestParams = {}) => {
    calls.push({ method, path, params });
    const envelope = answers[path] ?? { code: 404, message: "请求的接口不存在", datas: null };
    return Promise.resolve(envelope as Envelope<T, E>);
  };
  const http: HttpClient = {
    baseURL: "/webapi",
    get: (path, params) => answer("GET", path, params),
    post: (path, body) => answer("POST", path, body),
  };
  return { http, calls };
}

export function CurrentLocation() {
  const location = useLocation();
  return (
    <>
      <output aria-label="当前地址">{location.pathname}</output>
      <output aria-label="当前查询">{location.search}</output>
    </>
  );
}

/**
 * The page under test inside refine, the router and the app's antd settings.
 *
 * refine runs here without its react-router binding: in the jsdom project Node loads
 * @refinedev/react-router natively, which imports react-router's ESM build, while test files get
 * its CommonJS build, so the binding would look for a router in a different React context.
 * (Inlining @refinedev/react-router in the component project's vitest config would fix it.)
 */
export function RefineHarness(props: {
  path: string;
  element: ReactNode;
  sessionStore: SessionStore;
  http: HttpClient;
  authProvider?: AuthProvider;
  dataProvider?: DataProvider;
  /** History state of the first entry (what a previous page passed with navigate(path, { state })). */
  state?: unknown;
}) {
  const [pathname, search = ""] = props.path.split("?");
  const entry = props.state === undefined ? props.path : { pathname, search: search && `?${search}`, state: props.state };
  return (
    <MemoryRouter initialEntries={[entry]}>
      <AntdTestProvider>
        <TestRefine
          dataProvider={props.dataProvider ?? createDataProvider(props.http)}
          authProvider={props.authProvider}
          options={{ disableTelemetry: true, disableRouteChangeHandler: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
        >
          <SessionStoreProvider store={props.sessionStore}>
            <Routes>
              <Route path={pathname} element={props.element} />
              <Route path="*" element={null} />
            </Routes>
            <CurrentLocation />
          </SessionStoreProvider>
        </TestRefine>
      </AntdTestProvider>
    </MemoryRouter>
  );
}
