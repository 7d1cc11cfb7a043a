import type { ReactNode } from "react";
import "./light.css";
import "./light-result.css";

/** An outcome in antd's Result look: a large picture, a title, a line under it and what to do next. */
export function LightResult({ icon, title, subTitle, extra }: { icon: ReactNode; title: ReactNode; subTitle?: ReactNode; extra?: ReactNode }) {
  return (
    <div className="hz-l-result">
      <div className="hz-l-result__icon">{icon}</div>
      <div className="hz-l-result__title">{title}</div>
      {subTitle !== undefined && <div className="hz-l-result__subtitle">{subTitle}</div>}
      {extra !== undefined && <div className="hz-l-result__extra">{extra}</div>}
    </div>
  );
}
