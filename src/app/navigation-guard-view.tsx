import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import type { SessionStore } from "../providers/session-store";
import { decideNavigation, isKnownPath, type GuardEffect } from "./navigation-guard";

export interface NavigationGuardProps {
  routePatterns: readonly string[];
  /**
   * The patterns of the routes loaded on demand (the registries'), asked for only when a path is
   * not among `routePatterns`; the guard decides once they have arrived.
   */
  loadMoreRoutePatterns?: () => Promise<readonly string[]>;
  sessionStore: SessionStore;
  /** The u/t entry lookup; the guard runs again once it settles, whatever the outcome. */
  lookupUserInfo: (userId: string, token: string) => Promise<unknown>;
  errorPage: ReactNode;
  children: ReactNode;
  now?: () => number;
  /** A full page load for URLs the server answers itself. */
  loadServerPage?: (href: string) => void;
}

/** Applies decideNavigation() on every route change; renders the route only when it is allowed. */
export function NavigationGuard(props: NavigationGuardProps) {
  const { routePatterns, sessionStore, lookupUserInfo, now = Date.now, loadServerPage = assignLocation } = props;
  const location = useLocation();
  const navigate = useNavigate();
  const entryKey = useRef(location.key);
  const [isLookupSettled, setLookupSettled] = useState(false);
  const isInitialEntry = location.key === entryKey.current && !isLookupSettled;
  const [morePatterns, setMorePatterns] = useState<readonly string[] | null>(null);
  const isWaitingForPatterns = Boolean(props.loadMoreRoutePatterns) && morePatterns === null && !isKnownPath(location.pathname, routePatterns);

  useEffect(() => {
    if (!isWaitingForPatterns || !props.loadMoreRoutePatterns) return;
    let isCurrent = true;
    props
      .loadMoreRoutePatterns()
      // Patterns that cannot be loaded leave the path unknown: the error page rather than a blank one.
      .catch(() => [])
      .then((patterns) => isCurrent && setMorePatterns(patterns));
    return () => {
      isCurrent = false;
    };
  }, [isWaitingForPatterns]);

  // Decided once per location (and again after the entry lookup), reading the sessions as they
  // are at that moment; later session changes do not re-run the guard, as in spec §2.
  // Patterns arriving later change nothing for a path already decided without them.
  const decision = useMemo(() => {
    if (isWaitingForPatterns) return null;
    return decideNavigation({
      pathname: location.pathname,
      search: location.search,
      routePatterns: morePatterns ? [...routePatterns, ...morePatterns] : routePatterns,
      isInitialEntry,
      user: sessionStore.getUser(),
      notary: sessionStore.getNotary(),
      operator: sessionStore.getOperator(),
      now: now(),
    });
  },
    // `now` is left out on purpose: a new clock function must not count as a route change.
    [location.key, location.pathname, location.search, isInitialEntry, isWaitingForPatterns, routePatterns, sessionStore],
  );

  useEffect(() => {
    if (!decision) return;
    switch (decision.kind) {
      case "render":
        applyGuardEffects(decision.effects, sessionStore, now());
        return;
      case "redirect":
        applyGuardEffects(decision.effects, sessionStore, now());
        // Replace, so that "back" does not return to the page that was refused.
        navigate(decision.to, { replace: true });
        return;
      case "serverPage":
        loadServerPage(decision.href);
        return;
      case "lookupUserInfo": {
        let isCurrent = true;
        lookupUserInfo(decision.userId, decision.token)
          .catch(() => undefined)
          .finally(() => isCurrent && setLookupSettled(true));
        return () => {
          isCurrent = false;
        };
      }
      case "errorPage":
        return;
    }
    // Only a new decision acts; the callbacks are read as they are at that moment.
  }, [decision]);

  if (decision?.kind === "render") return <>{props.children}</>;
  if (decision?.kind === "errorPage") return <>{props.errorPage}</>;
  return null;
}

export function applyGuardEffects(effects: readonly GuardEffect[], store: SessionStore, now: number) {
  for (const effect of effects) {
    if (effect.type === "touchUserSession") store.touchUser(now);
    else if (effect.type === "clearUserSession") store.clearUser();
    else if (effect.type === "clearNotarySession") store.clearNotary();
    else if (effect.type === "touchOperatorSession") store.touchOperator(now);
    else if (effect.type === "clearOperatorSession") store.clearOperator();
    else store.rememberPath(effect.path);
  }
}

function assignLocation(href: string) {
  window.location.assign(href);
}
