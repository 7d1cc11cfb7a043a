import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { classNames } from "./class-names";
import "./light.css";
import "./light-tabs.css";

export interface LightTab<K extends string> {
  key: K;
  label: ReactNode;
  children: ReactNode;
}

/** Which tab the arrow keys, Home and End move to (wrapping round, as antd's Tabs do). */
const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * Tabs in antd's look (centred, with the blue bar under the active one) and the ARIA tabs pattern:
 * one tab in the Tab order, the arrow keys move between them and open the one they reach. A panel
 * is first rendered when its tab is first opened, then kept (hidden), like antd's, so what was
 * typed into it stays. Controlled with `activeKey`/`onChange`, or left to itself from `defaultActiveKey`.
 */
export function LightTabs<K extends string>({
  items,
  activeKey,
  defaultActiveKey,
  onChange,
}: {
  items: readonly LightTab<K>[];
  activeKey?: K;
  defaultActiveKey?: K;
  onChange?: (key: K) => void;
}) {
  const baseId = useId();
  const [ownKey, setOwnKey] = useState<K>(defaultActiveKey ?? items[0].key);
  const current = activeKey ?? ownKey;
  const [opened, setOpened] = useState<ReadonlySet<K>>(() => new Set([current]));
  if (!opened.has(current)) setOpened(new Set([...opened, current]));
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const open = (key: K) => {
    setOwnKey(key);
    if (key !== current) onChange?.(key);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(
      items.findIndex((item) => item.key === current),
      items.length,
    );
    open(items[next].key);
    tabs.current[next]?.focus();
  };

  return (
    <div className="hz-l-tabs">
      <div role="tablist" className="hz-l-tabs__nav" onKeyDown={onKeyDown}>
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.key}`}
            aria-selected={item.key === current}
            aria-controls={`${baseId}-panel-${item.key}`}
            tabIndex={item.key === current ? 0 : -1}
            className={classNames("hz-l-tabs__tab", item.key === current && "hz-l-tabs__tab--active")}
            onClick={() => open(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map(
        (item) =>
          opened.has(item.key) && (
            <div key={item.key} role="tabpanel" id={`${baseId}-panel-${item.key}`} aria-labelledby={`${baseId}-tab-${item.key}`} hidden={item.key !== current}>
              {item.children}
            </div>
          ),
      )}
    </div>
  );
}
