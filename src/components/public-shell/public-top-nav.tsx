import { useLocation } from "react-router";
import { useBreakpoint } from "../light/use-breakpoint";
import { NavDrawer } from "./public-nav-drawer";
import { activeNavKey, PUBLIC_NAV_ITEMS } from "./public-nav-items";
import { NavLink } from "./public-nav-link";
import { PUBLIC_SHELL_TEXT } from "./public-shell-text";

/**
 * The thirteen items of the public header. From 1200 px wide they sit in one row; narrower
 * screens get a menu button that opens them in a drawer, since thirteen labels do not fit.
 */
export function PublicTopNav() {
  const { pathname } = useLocation();
  const screens = useBreakpoint();
  const activeKey = activeNavKey(pathname);

  if (!screens.xl) return <NavDrawer activeKey={activeKey} />;
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
