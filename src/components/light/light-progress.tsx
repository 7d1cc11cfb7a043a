import "./light-progress.css";

/** A thin progress bar with its percentage, in antd's small "active" Progress look. */
export function LightProgress({ percent, label }: { percent: number; label?: string }) {
  const shown = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="hz-l-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={shown} aria-label={label}>
      <div className="hz-l-progress__track">
        <div className="hz-l-progress__bar" style={{ width: `${shown}%` }} />
      </div>
      <span className="hz-l-progress__text">{shown}%</span>
    </div>
  );
}
