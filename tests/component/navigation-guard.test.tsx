import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { NavigationGuard, type NavigationGuardProps } from "../../src/app/navigation-guard-view";
import { knownRoutePatterns, registryRoutePatterns } from "../../src/app/registry-app";
import { publicRoutePatterns } from "../../src/app/routes";
import { isKnownPath } from "../../src/app/navigation-guard";
import { createMemoryStorage, createSessionStore, type SessionStore } from "../../src/providers/session-store";
import { registryPath } from "../../src/resources/registry-paths";
import { SPEC_INFO_ROUTES, SPEC_NOTARY_CONSOLE_ROUTES, SPEC_PAGES, SPEC_TOP_LEVEL_ROUTES, SPEC_USER_ROUTES } from "../fixtures/spec-routes";

const OPERATION_PANEL = registryPath("personal/operationPanel");

const NOW = 1_700_000_000_000;

function CurrentLocation() {
  const location = useLocation();
  return <output aria-label="当前地址">{location.pathname + location.search}</output>;
}

type RoutePatternProps = Pick<NavigationGuardProps, "routePatterns" | "loadMoreRoutePatterns">;

function renderAt(path: string, sessionStore: SessionStore, lookupUserInfo = vi.fn(async () => true), patterns: RoutePatternProps = { routePatterns: knownRoutePatterns }) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <NavigationGuard
        {...patterns}
        sessionStore={sessionStore}
        lookupUserInfo={lookupUserInfo}
        now={() => NOW}
        errorPage={<p>错误页</p>}
      >
        <Routes>
          <Route path="/index" element={<p>首页</p>} />
          <Route path={OPERATION_PANEL} element={<p>操作面板</p>} />
          <Route path="/judicialStatus" element={<p>司法鉴定</p>} />
          <Route path="/info/notaryOfficeLogin" element={<p>公证处登录</p>} />
          <Route path="/info/notaryRequests/*" element={<p>公证申请</p>} />
        </Routes>
      </NavigationGuard>
      <CurrentLocation />
    </MemoryRouter>,
  );
  return lookupUserInfo;
}

const location = () => screen.getByLabelText("当前地址").textContent;

describe("the router knows every route of spec §2", () => {
  // /obtainEvidence is the server's (a redirect to the extraction login), not the router's.
  const clientRoutes = [...SPEC_TOP_LEVEL_ROUTES.filter((path) => path !== "/obtainEvidence"), ...SPEC_INFO_ROUTES, ...SPEC_NOTARY_CONSOLE_ROUTES, ...SPEC_USER_ROUTES, ...SPEC_PAGES];
  it.each(clientRoutes)("%s", (path) => {
    expect(isKnownPath(path, knownRoutePatterns)).toBe(true);
  });
});

describe("<NavigationGuard> with the registries' routes loaded on demand (as the app runs it)", () => {
  const onDemand = () => {
    const loadMoreRoutePatterns = vi.fn(async () => registryRoutePatterns);
    return { patterns: { routePatterns: publicRoutePatterns, loadMoreRoutePatterns }, loadMoreRoutePatterns };
  };

  it("decides a public page without loading them", async () => {
    const { patterns, loadMoreRoutePatterns } = onDemand();
    renderAt("/index", createSessionStore(createMemoryStorage()), undefined, patterns);
    expect(await screen.findByText("首页")).toBeInTheDocument();
    expect(loadMoreRoutePatterns).not.toHaveBeenCalled();
  });

  it("decides a registry page once they have arrived", async () => {
    const { patterns, loadMoreRoutePatterns } = onDemand();
    const store = createSessionStore(createMemoryStorage());
    store.setUser({ token: "tk", timestamp: NOW - 60_000 });
    renderAt(OPERATION_PANEL, store, undefined, patterns);
    expect(await screen.findByText("操作面板")).toBeInTheDocument();
    expect(loadMoreRoutePatterns).toHaveBeenCalledTimes(1);
  });

  it("shows the error page for a path they do not know either", async () => {
    const { patterns } = onDemand();
    renderAt("/no/such/page", createSessionStore(createMemoryStorage()), undefined, patterns);
    expect(await screen.findByText("错误页")).toBeInTheDocument();
    expect(location()).toBe("/no/such/page");
  });
});

describe("<NavigationGuard> with this issue's routes", () => {
  // Other issues add routes beside these, so the list is checked for what it must contain.
  it("knows the routes of the foundation and accounts issues, without the catch-all", () => {
    expect(knownRoutePatterns).not.toContain("*");
    expect(knownRoutePatterns).toEqual(expect.arrayContaining([
      "/",
      "/index",
      OPERATION_PANEL,
      "/info/notaryOfficeLogin",
      "/info/notaryRequests/*",
      "/judicialStatus",
      "/login",
      "/user/register",
      "/user/resetPassword",
      "/user/setPassword",
      "/user/verificationCode",
      "/user/agreement",
      "/user/privacyAgreement",
      "/user/privacyShareAuthority",
      "/user/privacyShareGathering",
      "/user/privacyShareSDK",
    ]));
  });

  it("sends a visitor from a protected page to /index and remembers the path", async () => {
    const store = createSessionStore(createMemoryStorage());
    renderAt(`${OPERATION_PANEL}?tab=1`, store);
    expect(await screen.findByText("首页")).toBeInTheDocument();
    expect(location()).toBe("/index");
    expect(store.getRememberedPath()).toBe(`${OPERATION_PANEL}?tab=1`);
  });

  it("renders a protected page for a live session and refreshes its timestamp", async () => {
    const store = createSessionStore(createMemoryStorage());
    store.setUser({ token: "tk", timestamp: NOW - 60_000 });
    renderAt(OPERATION_PANEL, store);
    expect(await screen.findByText("操作面板")).toBeInTheDocument();
    await waitFor(() => expect(store.getUser()?.timestamp).toBe(NOW));
  });

  it("shows the error page in place for an unknown path", () => {
    renderAt("/no/such/page", createSessionStore(createMemoryStorage()));
    expect(screen.getByText("错误页")).toBeInTheDocument();
    expect(location()).toBe("/no/such/page");
  });

  it("answers an unknown console address in the console: its sign-in first, then the console's own error page", async () => {
    expect(isKnownPath("/console/no/such/page", knownRoutePatterns)).toBe(true);
    renderAt("/console/no/such/page", createSessionStore(createMemoryStorage()));
    await waitFor(() => expect(location()).toBe(`/console/login?${new URLSearchParams({ redirect: "/console/no/such/page" })}`));
  });

  it("sends a visitor without a notary session to the notary login", async () => {
    renderAt("/info/notaryRequests/requestList", createSessionStore(createMemoryStorage()));
    expect(await screen.findByText("公证处登录")).toBeInTheDocument();
  });

  it("looks the user up from u and t, then applies the judicial-expert redirect", async () => {
    const store = createSessionStore(createMemoryStorage());
    const lookup = vi.fn(async () => {
      store.setUser({ token: "link-token", timestamp: NOW, id: 42 });
      return true;
    });
    renderAt("/index?source=judicialExpert&u=42&t=link-token", store, lookup);
    expect(await screen.findByText("司法鉴定")).toBeInTheDocument();
    expect(lookup).toHaveBeenCalledWith("42", "link-token");
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(location()).toBe("/judicialStatus?source=judicialExpert&u=42&t=link-token");
  });

  it("after a failed lookup the normal rules apply", async () => {
    const store = createSessionStore(createMemoryStorage());
    renderAt(`${OPERATION_PANEL}?u=42&t=bad`, store, vi.fn(async () => false));
    expect(await screen.findByText("首页")).toBeInTheDocument();
    expect(store.getRememberedPath()).toBe(`${OPERATION_PANEL}?u=42&t=bad`);
  });
});
