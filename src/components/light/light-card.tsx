import type { CSSProperties, ReactNode } from "react";
import "./light.css";

/** A white panel with an optional title row, in antd's Card look. */
export function LightCard({ title, extra, children, style, bodyStyle, "aria-label": ariaLabel }: { title?: ReactNode; extra?: ReactNode; children: ReactNode; style?: CSSProperties; bodyStyle?: CSSProperties; "aria-label"?: string }) {
  return (
    <section className="hz-l-card" style={style} aria-label={ariaLabel}>
      {(title !== undefined || extra !== undefined) && (
        <div className="hz-l-card__head">
          <span>{title}</span>
          {extra}
        </div>
      )}
      <div className="hz-l-card__body" style={bodyStyle}>
        {children}
      </div>
    </section>
  );
}
