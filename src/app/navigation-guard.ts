import { matchPath } from "react-router";
import { isNotarySessionActive, isOperatorSessionActive, isUserSessionActive } from "../providers/session-rules";
import type { NotarySession, StoredOperatorSession, UserSession } from "../providers/session-store";
import { APP_PATHS, consoleLoginPath, isConsolePath, isNotaryConsolePath, isPublicPath, isServerPath } from "./path-rules";

/**
 * The navigation guard of spec §2 as a pure function: given where the browser is going and what
 * sessions are stored, it says what to show and which session changes to make. The
 * <NavigationGuard> component only applies the answer, so every rule is testable without React.
 */

export interface GuardInput {
  pathname: string;
  /** The query string as in `location.search`: "" or "?a=1". */
  search: string;
  /** Patterns of the routes that exist (react-router syntax), without the catch-all. */
  routePatterns: readonly string[];
  /** True for the first location the app renders (page load), false for later route changes. */
  isInitialEntry: boolean;
  user: UserSession | null;
  notary: NotarySession | null;
  operator: StoredOperatorSession | null;
  now: number;
}

export type GuardEffect =
  | { type: "touchUserSession" }
  | { type: "clearUserSession" }
  | { type: "clearNotarySession" }
  | { type: "touchOperatorSession" }
  | { type: "clearOperatorSession" }
  | { type: "rememberPath"; path: string };

export type GuardDecision =
  /** Render the matched route, after applying the effects. */
  | { kind: "render"; effects: GuardEffect[] }
  | { kind: "redirect"; to: string; effects: GuardEffect[] }
  /** Render the static error page in place, keeping the URL the user typed. */
  | { kind: "errorPage" }
  /** Let the server answer this URL: a full page load. */
  | { kind: "serverPage"; href: string }
  /** Entry with `u` and `t`: look the user up first, then run the guard again. */
  | { kind: "lookupUserInfo"; userId: string; token: string };

export function decideNavigation(input: GuardInput): GuardDecision {
  const { pathname, search } = input;
  const fullPath = pathname + search;

  if (!isKnownPath(pathname, input.routePatterns)) {
    // On the first render the server has already had its chance at this URL and sent the app
    // instead; loading it again would loop forever, so show the error page.
    return isServerPath(pathname) && !input.isInitialEntry ? { kind: "serverPage", href: fullPath } : { kind: "errorPage" };
  }

  // The operator console lies outside the customers' rules: its own session, its own login.
  if (isConsolePath(pathname)) return decideConsoleNavigation(input);

  const query = new URLSearchParams(search);
  const entryUserId = query.get("u");
  const entryToken = query.get("t");
  if (input.isInitialEntry && entryUserId && entryToken) {
    return { kind: "lookupUserInfo", userId: entryUserId, token: entryToken };
  }

  if (isPublicPath(pathname)) {
    const isJudicialExpertEntry = isHomePath(pathname) && Boolean(input.user?.token) && query.get("source") === "judicialExpert";
    return isJudicialExpertEntry ? redirect(APP_PATHS.judicialStatus + search) : { kind: "render", effects: [] };
  }

  if (isNotaryConsolePath(pathname)) {
    return isNotarySessionActive(input.notary, input.now)
      ? { kind: "render", effects: [] }
      : redirect(APP_PATHS.notaryLogin, [{ type: "clearNotarySession" }]);
  }

  return isUserSessionActive(input.user, input.now)
    ? { kind: "render", effects: [{ type: "touchUserSession" }] }
    : redirect(APP_PATHS.home, [{ type: "clearUserSession" }, { type: "rememberPath", path: fullPath }]);
}

/** /console/* needs a signed-in operator, else the console's login, which brings them back afterwards. */
function decideConsoleNavigation({ pathname, search, operator, now }: GuardInput): GuardDecision {
  if (pathname === APP_PATHS.consoleLogin) return { kind: "render", effects: [] };
  return isOperatorSessionActive(operator, now)
    ? { kind: "render", effects: [{ type: "touchOperatorSession" }] }
    : redirect(consoleLoginPath(pathname + search), [{ type: "clearOperatorSession" }]);
}

export function isKnownPath(pathname: string, routePatterns: readonly string[]): boolean {
  return routePatterns.some((pattern) => matchPath({ path: pattern, caseSensitive: true, end: true }, pathname) !== null);
}

/**
 * Where to go after a successful login (spec §2 and §4): the remembered path, then the `redirect`
 * query, then `/`. Only same-site paths are followed, so a crafted `?redirect=//evil.example`
 * link cannot send a freshly signed-in user elsewhere. The caller clears the remembered path.
 */
export function resolvePostLoginPath(rememberedPath: string | null, search: string): string {
  if (isSameSitePath(rememberedPath)) return rememberedPath;
  const redirectQuery = new URLSearchParams(search).get("redirect");
  return isSameSitePath(redirectQuery) ? redirectQuery : APP_PATHS.root;
}

function isSameSitePath(path: string | null): path is string {
  return typeof path === "string" && path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

function isHomePath(pathname: string): boolean {
  return pathname.replace(/\/+$/, "") === APP_PATHS.home;
}

function redirect(to: string, effects: GuardEffect[] = []): GuardDecision {
  return { kind: "redirect", to, effects };
}
