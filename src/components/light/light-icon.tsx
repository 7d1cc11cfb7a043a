import type { AbstractNode, IconDefinition } from "@ant-design/icons-svg/es/types";
import { createElement, type CSSProperties, type ReactNode } from "react";
import "./light.css";

/**
 * One of antd's icons, drawn from its SVG definition alone (`@ant-design/icons-svg/es/asn/…`)
 * without antd's icon runtime: the same pictures, a fraction of the weight (issue 20). Decorative
 * unless given a label.
 */
export function LightIcon({ icon, label, style, className }: { icon: IconDefinition; label?: string; style?: CSSProperties; className?: string }) {
  const node = typeof icon.icon === "function" ? icon.icon("currentColor", "#e6f4ff") : icon.icon;
  return (
    <span role={label ? "img" : undefined} aria-label={label} aria-hidden={label ? undefined : true} className={className ? `hz-l-icon ${className}` : "hz-l-icon"} style={style}>
      {render(node, "svg")}
    </span>
  );
}

// Some definitions carry SVG's own attribute names (fill-rule); React wants them camel-cased (fillRule).
const reactAttributes = (attrs: AbstractNode["attrs"]) => Object.fromEntries(Object.entries(attrs).map(([name, value]) => [name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()), value]));

function render(node: AbstractNode, key: string): ReactNode {
  return createElement(node.tag, { ...reactAttributes(node.attrs), key }, node.children?.map((child, index) => render(child, `${key}-${index}`)));
}
