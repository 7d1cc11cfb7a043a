import { MenuOutlined } from "@ant-design/icons";
import { Button, Drawer } from "antd";
import { useState } from "react";
import { PUBLIC_NAV_ITEMS } from "./public-nav-items";
import { NavLink } from "./public-nav-link";
import { PUBLIC_SHELL_TEXT } from "./public-shell-text";

/** The public header's items in a drawer behind a menu button, for screens too narrow for the row (public-top-nav.tsx). */
export function NavDrawer({ activeKey }: { activeKey: string | undefined }) {
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
