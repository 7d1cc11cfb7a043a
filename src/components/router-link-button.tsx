import { Button, type ButtonProps } from "antd";
import { useRouterLinkClick } from "./use-router-link-click";

/**
 * An antd button that is a real link (`<a href>`: open in a new tab, copy address) and navigates
 * inside the app on a plain click. Wrapping a <Button> in a <Link> would nest a button in an
 * anchor, which is invalid HTML and confuses screen readers.
 */
export function RouterLinkButton({ to, state, ...buttonProps }: Omit<ButtonProps, "href" | "onClick"> & { to: string; /** History state for the page it opens. */ state?: unknown }) {
  return <Button {...buttonProps} href={to} onClick={useRouterLinkClick(to, state)} />;
}
