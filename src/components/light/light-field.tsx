import type { ReactNode } from "react";
import { classNames } from "./class-names";
import "./light.css";

/**
 * A form field in antd's vertical Form.Item look: the label, the control, and under it the error
 * (red, announced) or else the hint. `htmlFor` is the control's id, so the label names it.
 */
export function LightField({ label, htmlFor, error, help, children }: { label?: ReactNode; htmlFor?: string; error?: string; help?: ReactNode; children: ReactNode }) {
  return (
    <div className={classNames("hz-l-field", (error || help !== undefined) && "hz-l-field--with-help")}>
      {label !== undefined && (
        <label className="hz-l-field__label" htmlFor={htmlFor}>
          {label}
        </label>
      )}
      {children}
      {(error || help !== undefined) && (
        <div className={classNames("hz-l-field__help", error && "hz-l-field__help--error")} role={error ? "alert" : undefined}>
          {error || help}
        </div>
      )}
    </div>
  );
}
