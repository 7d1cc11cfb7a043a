import { Tooltip, type ButtonProps } from "antd";
import type { ReactNode } from "react";
import { useProductAccess } from "../../providers/use-account-billing";
import { RouterLinkButton } from "../router-link-button";

/**
 * A link to a new-monitor page that the account's limits can disable (spec §4, §6): with limits
 * code 301, 304, 305 or 309 it is greyed out with a not-allowed cursor, and hovering it says why.
 */
export function NewMonitorButton({ to, productCode, children, ...buttonProps }: Omit<ButtonProps, "href" | "onClick"> & { to: string; productCode: number; children: ReactNode }) {
  // Active until a limits code arrives (spec §4 "otherwise active"); the server checks again on creation.
  const { blocked } = useProductAccess(productCode);
  if (!blocked) {
    return (
      <RouterLinkButton {...buttonProps} to={to}>
        {children}
      </RouterLinkButton>
    );
  }
  return (
    <Tooltip title={blocked.message}>
      {/* antd draws a disabled link button with cursor: not-allowed and no href, so it cannot be followed. */}
      <RouterLinkButton {...buttonProps} to={to} disabled aria-description={blocked.message}>
        {children}
      </RouterLinkButton>
    </Tooltip>
  );
}
