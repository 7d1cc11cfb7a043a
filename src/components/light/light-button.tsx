import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useRouterLinkClick } from "../use-router-link-click";
import { classNames } from "./class-names";
import { LightSpinner } from "./light-spin";
import "./light.css";

export interface LightButtonLook {
  type?: "default" | "primary" | "link" | "text";
  size?: "small" | "middle" | "large";
  shape?: "default" | "round";
  /** The outline on a coloured band. */
  ghost?: boolean;
  block?: boolean;
  icon?: ReactNode;
  className?: string;
}

/** The class names of a button look, for other elements drawn as buttons (light-external-link-button.tsx). */
export const lookClass = ({ type = "default", size = "middle", shape = "default", ghost, block, className }: LightButtonLook, loading?: boolean) =>
  classNames(
    "hz-l-btn",
    type !== "default" && `hz-l-btn--${type}`,
    size !== "middle" && `hz-l-btn--${size}`,
    shape === "round" && "hz-l-btn--round",
    ghost && "hz-l-btn--ghost",
    block && "hz-l-btn--block",
    loading && "hz-l-btn--loading",
    className,
  );

/** A button in antd's look, without antd (light.css). `loading` shows the ring and ignores clicks. */
export function LightButton({
  type,
  size,
  shape,
  ghost,
  block,
  icon,
  className,
  loading,
  htmlType = "button",
  children,
  onClick,
  ...rest
}: LightButtonLook & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & { loading?: boolean; htmlType?: "button" | "submit" }) {
  return (
    <button
      {...rest}
      type={htmlType}
      aria-busy={loading || undefined}
      className={lookClass({ type, size, shape, ghost, block, className: classNames(className, children === undefined && "hz-l-btn--icon-only") }, loading)}
      onClick={loading ? (event) => event.preventDefault() : onClick}
    >
      {loading ? <LightSpinner /> : icon}
      {children !== undefined && <span>{children}</span>}
    </button>
  );
}

/**
 * A link that looks like a button (`<a href>`: open in a new tab, copy address) and navigates inside
 * the app on a plain click, as RouterLinkButton does for antd's button.
 */
export function LightLinkButton({ to, state, children, ...look }: LightButtonLook & { to: string; state?: unknown; children?: ReactNode }) {
  return (
    <a href={to} onClick={useRouterLinkClick(to, state)} className={lookClass(look)}>
      {look.icon}
      {children !== undefined && <span>{children}</span>}
    </a>
  );
}
