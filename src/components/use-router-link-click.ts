import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * The click handler of a button that is a real link (`<a href>`: open in a new tab, copy address):
 * a plain click navigates inside the app, a click with a modifier or another mouse button is left
 * to the browser.
 */
export function useRouterLinkClick(to: string, state?: unknown) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const opensElsewhere = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (opensElsewhere) return;
    event.preventDefault();
    navigate(to, state === undefined ? undefined : { state });
  };
}
