import type { ReactNode } from "react";
import { lookClass, type LightButtonLook } from "./light-button";
import "./light.css";

/** A link to another site that looks like a button; it opens in a new tab, without access to this page. */
export function LightExternalLinkButton({ href, children, ...look }: LightButtonLook & { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={lookClass(look)}>
      {look.icon}
      {children !== undefined && <span>{children}</span>}
    </a>
  );
}
