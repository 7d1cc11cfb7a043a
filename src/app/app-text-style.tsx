import { theme } from "antd";
import type { ReactNode } from "react";

/**
 * The text style antd's <App> gives everything inside it (colour, size, line height, font, the
 * scope of antd's link reset), for the visitor's pages, which render without <App>: it brings the
 * message, notification and modal hooks, which only the logged-in app's pages use (workspace.tsx
 * mounts it; issue 20).
 */
export function AppTextStyle({ children }: { children: ReactNode }) {
  // The hash class scopes antd's shared reset (its link style among them) to everything inside, as <App>'s does.
  const { token, hashId } = theme.useToken();
  return <div className={hashId} style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
}
