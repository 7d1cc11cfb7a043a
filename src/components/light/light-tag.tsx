import type { ReactNode } from "react";
import "./light.css";

/** A small label in antd's Tag look. */
export function LightTag({ color, children }: { color?: "blue" | "green" | "orange" | "red"; children: ReactNode }) {
  return <span className={color ? `hz-l-tag hz-l-tag--${color}` : "hz-l-tag"}>{children}</span>;
}
