import { Drawer } from "antd";
import { PUBLIC_NAV_ITEMS } from "./public-nav-items";
import { NavLink } from "./public-nav-link";
import { PUBLIC_SHELL_TEXT } from "./public-shell-text";

/** The drawer of the narrow header (public-nav-drawer.tsx): the thirteen items; following one closes it. */
export function NavDrawerPanel({ isOpen, onClose, activeKey }: { isOpen: boolean; onClose: () => void; activeKey: string | undefined }) {
  return (
    <Drawer open={isOpen} onClose={onClose} placement="right" width={260} title="导航">
      <nav aria-label={PUBLIC_SHELL_TEXT.navLabel}>
        <ul className="hz-drawer-nav">
          {PUBLIC_NAV_ITEMS.map((item) => (
            <li key={item.key} onClick={onClose}>
              <NavLink item={item} isActive={item.key === activeKey} className="hz-drawer-nav__link" />
            </li>
          ))}
        </ul>
      </nav>
    </Drawer>
  );
}
