import { theme } from "antd";
import type { ReactNode } from "react";

/**
 * The text style antd's <App> gives everything inside it (colour, size, line height, font), for
 * the visitor's pages, which render without <App>: it brings the message, notification and modal
 * hooks, which only the logged-in app's pages use (workspace.tsx mounts it; issue 20).
 */
export function AppTextStyle({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
}
