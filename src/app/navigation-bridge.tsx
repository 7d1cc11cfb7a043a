import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { BrowserLocation } from "../providers/http-client";

/**
 * Lets code outside React (the HTTP client reacting to an ended session) navigate with the
 * router of a <BrowserRouter>, which offers no router object to hold on to. Before the bridge is
 * mounted a full page load is the honest fallback.
 */
export interface NavigationBridge {
  navigate(to: string): void;
  getLocation(): BrowserLocation;
  Bridge: () => null;
}

export function createNavigationBridge(): NavigationBridge {
  let routerNavigate: ((to: string) => void) | null = null;

  function Bridge() {
    const navigate = useNavigate();
    useEffect(() => {
      routerNavigate = (to) => navigate(to);
      return () => {
        routerNavigate = null;
      };
    }, [navigate]);
    return null;
  }

  return {
    navigate: (to) => (routerNavigate ? routerNavigate(to) : window.location.assign(to)),
    // In history mode the address bar is the router's location.
    getLocation: () => ({ pathname: window.location.pathname, search: window.location.search }),
    Bridge,
  };
}
