import type { CSSProperties } from "react";
import "./light.css";

/** Grey bars where text will be, while the page's code or data arrives. */
export function LightSkeleton({ rows = 4, style }: { rows?: number; style?: CSSProperties }) {
  return (
    <div className="hz-l-skeleton" style={style} role="status" aria-busy="true" aria-label="加载中">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="hz-l-skeleton__bar" />
      ))}
    </div>
  );
}
