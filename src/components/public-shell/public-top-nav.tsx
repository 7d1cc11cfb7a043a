import { MenuOutlined } from "@ant-design/icons";
import { Button, Drawer, Grid } from "antd";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { activeNavKey, PUBLIC_NAV_ITEMS, type PublicNavItem } from "./public-nav-items";
import { PUBLIC_SHELL_TEXT } from "./public-shell-text";

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

  if (isNarrow) return <NavDrawer activeKey={activeKey} />;
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

function NavDrawer({ activeKey }: { activeKey: string | undefined }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <span style={{ flex: 1 }} />
      <Button type="text" icon={<MenuOutlined />} aria-label="打开导航菜单" onClick={() => setIsOpen(true)} />
      <Drawer open={isOpen} onClose={() => setIsOpen(false)} placement="right" width={260} title="导航">
        <nav aria-label={PUBLIC_SHELL_TEXT.navLabel}>
          <ul className="hz-drawer-nav">
            {PUBLIC_NAV_ITEMS.map((item) => (
              <li key={item.key} onClick={() => setIsOpen(false)}>
                <NavLink item={item} isActive={item.key === activeKey} className="hz-drawer-nav__link" />
              </li>
            ))}
          </ul>
        </nav>
      </Drawer>
    </>
  );
}

function NavLink({ item, isActive, className }: { item: PublicNavItem; isActive: boolean; className: string }) {
  const content = (
    <>
      {item.label}
      {item.badge && (
<span className="hz-nav-badge">{item.badge}</span>
      )}
    </>
  );
  if (item.opensInNewTab) {
    return (
      <a href={item.path} target="_blank" rel="noopener noreferrer" className={className}>
        {content}
      </a>
    );
  }
  return (
    <Link to={item.path} className={className} aria-current={isActive ? "page" : undefined}>
      {content}
    </Link>
  );
}
