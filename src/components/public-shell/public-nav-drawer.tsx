import MenuOutlined from "@ant-design/icons-svg/es/asn/MenuOutlined";
import { Suspense, useState } from "react";
import { antdPart } from "../../app/antd-part";
import { LightButton } from "../light/light-button";
import { LightIcon } from "../light/light-icon";

// antd's Drawer (its focus trap, mask and motion) loads when the menu is first opened (issue 20).
const NavDrawerPanel = antdPart(() => import("./public-nav-drawer-panel").then((module) => module.NavDrawerPanel));

/** The public header's items in a drawer behind a menu button, for screens too narrow for the row (public-top-nav.tsx). */
export function NavDrawer({ activeKey }: { activeKey: string | undefined }) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <span style={{ flex: 1 }} />
      <LightButton
        type="text"
        icon={<LightIcon icon={MenuOutlined} />}
        aria-label="打开导航菜单"
        // antd's icon-only button: a 32 px square.
        style={{ width: 32, paddingInline: 0 }}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      />
      {/* Once opened it stays mounted, so that closing animates. */}
      {hasOpened && (
        <Suspense fallback={null}>
          <NavDrawerPanel isOpen={isOpen} onClose={() => setIsOpen(false)} activeKey={activeKey} />
        </Suspense>
      )}
    </>
  );
}
