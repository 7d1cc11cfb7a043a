import type { ReactNode } from "react";
import "./light.css";

/** A turning ring, for a button that is busy. */
export function LightSpinner() {
  return <span className="hz-l-spinner" aria-hidden />;
}

/** A part of the page that is loading: the ring, and what it is waiting for. */
export function LightSpin({ tip }: { tip?: ReactNode }) {
  return (
    <div className="hz-l-spin" role="status" aria-busy="true">
      <LightSpinner />
      {tip && <span className="hz-l-spin__tip">{tip}</span>}
    </div>
  );
}
