import { Grid } from "antd";
import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { activeNavKey, PUBLIC_NAV_ITEMS } from "./public-nav-items";
import { NavLink } from "./public-nav-link";
import { PUBLIC_SHELL_TEXT } from "./public-shell-text";

// Only narrow screens open the items in a drawer; wide ones never load it (issue 20).
const NavDrawer = lazy(() => import("./public-nav-drawer").then((module) => ({ default: module.NavDrawer })));

/**
 * The thirteen items of the public header. From 1200 px wide they sit in one row; narrower
 * screens get a menu button that opens them in a drawer, since thirteen labels do not fit.
 */
export function PublicTopNav() {
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const activeKey = activeNavKey(pathname);
  // Until antd has measured the window (the first render) xl is undefined: the full row is the default.
  const isNarrow = screens.xl === false;

  if (isNarrow) {
    return (
      <Suspense fallback={<span style={{ flex: 1 }} />}>
        <NavDrawer activeKey={activeKey} />
      </Suspense>
    );
  }
  return (
    <nav aria-label={PUBLIC_SHELL_TEXT.navLabel} className="hz-top-nav">
      <ul className="hz-top-nav__list">
        {PUBLIC_NAV_ITEMS.map((item) => (
          <li key={item.key}>
            <NavLink item={item} isActive={item.key === activeKey} className="hz-top-nav__link" />
          </li>
        ))}
      </ul>
    </nav>
  );
}
