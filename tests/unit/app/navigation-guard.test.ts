import { describe, expect, it } from "vitest";
import {
  decideNavigation,
  isKnownPath,
  resolvePostLoginPath,
  type GuardDecision,
  type GuardEffect,
  type GuardInput,
} from "../../../src/app/navigation-guard";
import { consoleReturnPath } from "../../../src/app/path-rules";
import type { NotarySession, StoredOperatorSession, UserSession } from "../../../src/providers/session-store";
import { registryPath } from "../../../src/resources/registry-paths";
import { NOTARY_SESSION_IDLE_MS, OPERATOR_SESSION_ABSOLUTE_MS, OPERATOR_SESSION_IDLE_MS, USER_SESSION_IDLE_MS } from "../../../src/schema/session";

const OPERATION_PANEL = registryPath("personal/operationPanel");
const EVIDENCE_LIBRARY = registryPath("evidences/dataList");

const NOW = 1_700_000_000_000;

/** Every route of the spec that the rules talk about; the guard only needs their patterns. */
const ROUTE_PATTERNS = [
  "/",
  "/index",
  "/login",
  "/wxCallBack",
  "/wxCallBackHome",
  "/legalXGPT",
  "/legalXGPTagreement",
  "/legalXGPTShare",
  "/legalAI",
  "/niceToSingLogin",
  "/inviteRegister",
  "/user/*",
  "/info/*",
  "/info/notaryRequests/*",
  "/Activity",
  "/evidenceShare",
  "/QRCodeShare",
  "/helpcenter",
  "/faceVerify",
  "/faceVerifyResult",
  "/judicialStatus",
  "/personal/*",
  "/evidences/*",
  "/console",
  "/console/login",
  "/console/*",
];

const freshUser: UserSession = { token: "user-token", timestamp: NOW - 1_000, id: 7 };
const justAliveUser: UserSession = { ...freshUser, timestamp: NOW - USER_SESSION_IDLE_MS + 1 };
const idleUser: UserSession = { ...freshUser, timestamp: NOW - USER_SESSION_IDLE_MS };
const tokenlessUser = { timestamp: NOW } as unknown as UserSession;
const timestamplessUser = { token: "user-token" } as unknown as UserSession;
const freshNotary: NotarySession = { token: "notary-token", timestamp: NOW - NOTARY_SESSION_IDLE_MS + 1 };
const expiredNotary: NotarySession = { token: "notary-token", timestamp: NOW - NOTARY_SESSION_IDLE_MS };

function decide(path: string, overrides: Partial<GuardInput> = {}): GuardDecision {
  const url = new URL(path, "http://localhost");
  return decideNavigation({
    pathname: url.pathname,
    search: url.search,
    routePatterns: ROUTE_PATTERNS,
    isInitialEntry: false,
    user: null,
    notary: null,
    operator: null,
    now: NOW,
    ...overrides,
  });
}

const render = (effects: GuardEffect[] = []): GuardDecision => ({ kind: "render", effects });
const toHome = (remembered: string): GuardDecision => ({
  kind: "redirect",
  to: "/index",
  effects: [{ type: "clearUserSession" }, { type: "rememberPath", path: remembered }],
});

describe("navigation guard: unmatched paths", () => {
  it.each([
    ["/no-such-page", { kind: "errorPage" }],
    ["/personalx", { kind: "errorPage" }],
    ["/obtainEvidence", { kind: "serverPage", href: "/obtainEvidence" }],
    ["/obtainEvidence/step?id=3", { kind: "serverPage", href: "/obtainEvidence/step?id=3" }],
    ["/precord2/evidenceTaken/v2/toIndex", { kind: "serverPage", href: "/precord2/evidenceTaken/v2/toIndex" }],
    ["/opendocs", { kind: "serverPage", href: "/opendocs" }],
    ["/assets/images/brand/logo.svg", { kind: "serverPage", href: "/assets/images/brand/logo.svg" }],
    ["/x/_blank", { kind: "serverPage", href: "/x/_blank" }],
  ])("%s → %o", (path, expected) => {
    expect(decide(path)).toEqual(expected);
  });

  it("shows the error page for a server path on first load, since the server already sent the app", () => {
    expect(decide("/opendocs", { isInitialEntry: true })).toEqual({ kind: "errorPage" });
  });

  it("shows the error page for unmatched paths even when signed in or with u/t", () => {
    expect(decide("/nowhere?u=1&t=x", { user: freshUser, isInitialEntry: true })).toEqual({ kind: "errorPage" });
  });
});

describe("navigation guard: public pages need no session", () => {
  it.each([
    "/index",
    "/login",
    "/wxCallBack",
    "/wxCallBackHome",
    "/legalXGPT",
    "/legalXGPTagreement",
    "/legalXGPTShare",
    "/niceToSingLogin",
    "/inviteRegister",
    "/user/register",
    "/user/verificationCode",
    "/info/about",
    "/info/notaryOfficeLogin",
    "/Activity",
    "/evidenceShare",
    "/QRCodeShare",
    "/helpcenter?code=HLQUESTION",
    "/faceVerify",
    "/faceVerifyResult",
  ])("%s renders for a visitor", (path) => {
    expect(decide(path)).toEqual(render());
  });

  it("does not refresh a signed-in user's session on public pages", () => {
    expect(decide("/helpcenter", { user: freshUser })).toEqual(render());
  });
});

describe("navigation guard: judicial expert entry", () => {
  it("sends /index?source=judicialExpert with a stored token to /judicialStatus keeping the query", () => {
    expect(decide("/index?source=judicialExpert&caseId=9", { user: freshUser })).toEqual({
      kind: "redirect",
      to: "/judicialStatus?source=judicialExpert&caseId=9",
      effects: [],
    });
  });

  it.each([
    ["no stored token", "/index?source=judicialExpert", null],
    ["another source", "/index?source=partner", freshUser],
    ["no source", "/index", freshUser],
  ])("stays on /index with %s", (_case, path, user) => {
    expect(decide(path, { user })).toEqual(render());
  });
});

describe("navigation guard: notary console", () => {
  it.each([
    ["a valid notary session", freshNotary, null, render()],
    ["an expired notary session (8 h)", expiredNotary, null, { kind: "redirect", to: "/info/notaryOfficeLogin", effects: [{ type: "clearNotarySession" }] }],
    ["no notary session", null, null, { kind: "redirect", to: "/info/notaryOfficeLogin", effects: [{ type: "clearNotarySession" }] }],
    ["only a user session", null, freshUser, { kind: "redirect", to: "/info/notaryOfficeLogin", effects: [{ type: "clearNotarySession" }] }],
  ])("/info/notaryRequests with %s", (_case, notary, user, expected) => {
    expect(decide("/info/notaryRequests/requestList", { notary, user })).toEqual(expected);
    expect(decide("/info/notaryRequests", { notary, user })).toEqual(expected);
  });
});

describe("navigation guard: everything else needs a live user session", () => {
  it.each([
    ["a fresh session", freshUser, render([{ type: "touchUserSession" }])],
    ["a session 1 ms short of 30 minutes", justAliveUser, render([{ type: "touchUserSession" }])],
    ["a session idle for 30 minutes", idleUser, toHome(`${OPERATION_PANEL}?tab=2`)],
    ["no session", null, toHome(`${OPERATION_PANEL}?tab=2`)],
    ["a session without token", tokenlessUser, toHome(`${OPERATION_PANEL}?tab=2`)],
    ["a session without timestamp", timestamplessUser, toHome(`${OPERATION_PANEL}?tab=2`)],
  ])("with %s", (_case, user, expected) => {
    expect(decide(`${OPERATION_PANEL}?tab=2`, { user })).toEqual(expected);
  });

  it.each(["/", "/legalAI", "/judicialStatus", EVIDENCE_LIBRARY])("%s is not public", (path) => {
    expect(decide(path)).toEqual(toHome(path));
  });
});

describe("navigation guard: u and t at entry", () => {
  it.each(["/index?u=42&t=abc", `${OPERATION_PANEL}?u=42&t=abc`, "/index?source=judicialExpert&u=42&t=abc"])(
    "looks the user up first on %s",
    (path) => {
      expect(decide(path, { isInitialEntry: true })).toEqual({ kind: "lookupUserInfo", userId: "42", token: "abc" });
    },
  );

  it("applies the normal rules after the lookup (not the initial entry any more)", () => {
    expect(decide("/index?source=judicialExpert&u=42&t=abc", { user: freshUser })).toEqual({
      kind: "redirect",
      to: "/judicialStatus?source=judicialExpert&u=42&t=abc",
      effects: [],
    });
  });

  it.each(["/index?u=42", "/index?t=abc", "/index?u=&t=abc"])("needs both u and t: %s", (path) => {
    expect(decide(path, { isInitialEntry: true })).toEqual(render());
  });
});

describe("isKnownPath", () => {
  it.each([
    ["/", ["/"], true],
    ["/index", ["/"], false],
    ["/info/notaryRequests", ["/info/notaryRequests/*"], true],
    ["/info/notaryRequests/requestList/list", ["/info/notaryRequests/*"], true],
    ["/index/", ["/index"], true],
    ["/INDEX", ["/index"], false],
  ])("%s against %o → %s", (path, patterns, expected) => {
    expect(isKnownPath(path, patterns)).toBe(expected);
  });
});

describe("resolvePostLoginPath: remembered path, then redirect query, then /", () => {
  it.each([
    [`${EVIDENCE_LIBRARY}?page=2`, "?redirect=/judicialStatus", `${EVIDENCE_LIBRARY}?page=2`],
    [null, "?redirect=%2Fpersonal%2FoperationPanel", OPERATION_PANEL],
    [null, "", "/"],
    [null, "?other=1", "/"],
    ["//evil.example/path", "?redirect=/helpcenter", "/helpcenter"],
    [null, "?redirect=https://evil.example", "/"],
    [null, "?redirect=//evil.example", "/"],
    ["/\\evil.example", "", "/"],
  ])("remembered %s with %s → %s", (remembered, search, expected) => {
    expect(resolvePostLoginPath(remembered, search)).toBe(expected);
  });
});

describe("navigation guard: the operator console", () => {
  const operator: StoredOperatorSession = {
    token: "operator-token",
    timestamp: NOW - 1_000,
    loginTime: NOW - 60_000,
    operator: { id: 5, account: "wang.wu", name: "王五", roles: ["administrator"], permissions: ["operators.manage"] },
  };
  const idleOperator = { ...operator, timestamp: NOW - OPERATOR_SESSION_IDLE_MS };
  // Busy all along, but signed in 8 hours ago.
  const overdueOperator = { ...operator, loginTime: NOW - OPERATOR_SESSION_ABSOLUTE_MS };
  const toConsoleLogin = (wanted: string): GuardDecision => ({
    kind: "redirect",
    to: `/console/login?redirect=${encodeURIComponent(wanted)}`,
    effects: [{ type: "clearOperatorSession" }],
  });

  it("renders a console page for a signed-in operator and counts the visit as activity", () => {
    expect(decide("/console/platform/exampleOperators", { operator })).toEqual(render([{ type: "touchOperatorSession" }]));
    expect(decide("/console", { operator })).toEqual(render([{ type: "touchOperatorSession" }]));
  });

  it.each([
    ["nobody", {}],
    ["an idle operator", { operator: idleOperator }],
    ["an operator past the 8 hours", { operator: overdueOperator }],
    ["a signed-in customer", { user: freshUser }],
    ["a notary", { notary: freshNotary }],
  ])("sends %s to the console's login, keeping the page, never to the customers' pages", (_who, overrides) => {
    expect(decide("/console/platform/exampleOperators?page=2", overrides)).toEqual(toConsoleLogin("/console/platform/exampleOperators?page=2"));
  });

  it("the console's home needs no redirect query", () => {
    expect(decide("/console")).toEqual({ kind: "redirect", to: "/console/login", effects: [{ type: "clearOperatorSession" }] });
  });

  it("the console's login is open to everyone and touches no session", () => {
    expect(decide("/console/login")).toEqual(render());
    expect(decide("/console/login?redirect=%2Fconsole", { user: freshUser })).toEqual(render());
  });

  it("ignores the u/t entry of customers' links on console pages", () => {
    expect(decide("/console?u=7&t=abc", { isInitialEntry: true, operator })).toEqual(render([{ type: "touchOperatorSession" }]));
  });

  it("an operator session opens no customer page", () => {
    expect(decide(OPERATION_PANEL, { operator })).toEqual(toHome(OPERATION_PANEL));
  });

  it("an unknown console path is the error page", () => {
    expect(decide("/consoles")).toEqual({ kind: "errorPage" });
  });
});

describe("the console's login goes on to", () => {
  it.each([
    ["", "/console"],
    ["?redirect=%2Fconsole%2Freview%2Fidentity%3Fid%3D3", "/console/review/identity?id=3"],
    ["?redirect=%2Fconsole", "/console"],
    ["?redirect=%2Fconsole%2Flogin", "/console"],
    ["?redirect=%2Fpersonal%2FoperationPanel", "/console"],
    ["?redirect=%2F%2Fevil.example%2Fconsole", "/console"],
    ["?redirect=https%3A%2F%2Fevil.example%2Fconsole", "/console"],
    ["?redirect=%2Fconsole%2F..%2Findex", "/console"],
    ["?redirect=%2Fconsoles", "/console"],
  ])("%s → %s", (search, expected) => {
    expect(consoleReturnPath(search)).toBe(expected);
  });
});
