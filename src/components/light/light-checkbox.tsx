import type { ReactNode } from "react";
import "./light.css";
import "./light-checkbox.css";

/** A checkbox in antd's look: a real <input type="checkbox"> inside its label, so a click on the words ticks it too. */
export function LightCheckbox({
  id,
  checked,
  onChange,
  onBlur,
  isInvalid,
  children,
}: {
  id?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  isInvalid?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="hz-l-checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={isInvalid || undefined}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
      />
      <span>{children}</span>
    </label>
  );
}
