import { useRef, type KeyboardEvent } from "react";
import { classNames } from "./class-names";
import "./light-segmented.css";

export interface LightSegmentedOption<V extends string> {
  value: V;
  label: string;
}

/**
 * A choice of one among a few, side by side, in antd's Segmented look: a radio group (arrow keys
 * move the choice, as in a native one; only the chosen option is in the tab order).
 */
export function LightSegmented<V extends string>({ options, value, onChange, "aria-label": ariaLabel }: { options: readonly LightSegmentedOption<V>[]; value: V; onChange: (value: V) => void; "aria-label"?: string }) {
  const group = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    onChange(options[next].value);
    group.current?.querySelectorAll<HTMLButtonElement>("[role=radio]")[next]?.focus();
  };
  return (
    <div ref={group} role="radiogroup" aria-label={ariaLabel} className="hz-l-segmented">
      {options.map((option, index) => {
        const isChosen = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={isChosen}
            tabIndex={isChosen ? 0 : -1}
            className={classNames("hz-l-segmented__item", isChosen && "hz-l-segmented__item--chosen")}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => move(event, index)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
