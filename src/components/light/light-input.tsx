import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { classNames } from "./class-names";
import "./light.css";

export type LightInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "prefix"> & {
  size?: "middle" | "large";
  /** Draws the red frame; the message itself is the field's (LightField). */
  isInvalid?: boolean;
  prefix?: ReactNode;
  suffix?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A text input in antd's look, optionally with an icon before or a control after it. */
export function LightInput({ size = "middle", isInvalid, prefix, suffix, className, ...input }: LightInputProps) {
  const frame = classNames("hz-l-input", size === "large" && "hz-l-input--large", isInvalid && "hz-l-input--error", className);
  if (prefix === undefined && suffix === undefined) return <input {...input} aria-invalid={isInvalid || undefined} className={frame} />;
  return (
    <span className={classNames(frame, "hz-l-input--affixed")}>
      {prefix !== undefined && <span className="hz-l-input__affix">{prefix}</span>}
      <input {...input} aria-invalid={isInvalid || undefined} />
      {suffix !== undefined && <span className="hz-l-input__affix">{suffix}</span>}
    </span>
  );
}
