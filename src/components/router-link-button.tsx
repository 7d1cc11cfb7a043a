import { Button, type ButtonProps } from "antd";
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * An antd button that is a real link (`<a href>`: open in a new tab, copy address) and navigates
 * inside the app on a plain click. Wrapping a <Button> in a <Link> would nest a button in an
 * anchor, which is invalid HTML and confuses screen readers.
 */
export function RouterLinkButton({ to, state, ...buttonProps }: Omit<ButtonProps, "href" | "onClick"> & { to: string; /** History state for the page it opens. */ state?: unknown }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const opensElsewhere = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (opensElsewhere) return;
    event.preventDefault();
    navigate(to, state === undefined ? undefined : { state });
  };
  return <Button {...buttonProps} href={to} onClick={onClick} />;
}
