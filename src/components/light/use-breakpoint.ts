import { useSyncExternalStore } from "react";

/** antd's screen widths (Grid.useBreakpoint), so light pages switch layout where antd pages do. */
const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 } as const;
type Screens = Record<keyof typeof BREAKPOINTS, boolean>;

const queries = () => Object.entries(BREAKPOINTS).map(([name, width]) => [name, window.matchMedia(`(min-width: ${width}px)`)] as const);

let snapshot: Screens | undefined;
let snapshotKey = "";

function readScreens(): Screens {
  const entries = queries().map(([name, query]) => [name, query.matches] as const);
  const key = entries.map(([, matches]) => (matches ? 1 : 0)).join("");
  // useSyncExternalStore needs the same object while nothing changed.
  if (!snapshot || key !== snapshotKey) {
    snapshot = Object.fromEntries(entries) as Screens;
    snapshotKey = key;
  }
  return snapshot;
}

function subscribe(onChange: () => void) {
  const lists = queries().map(([, query]) => query);
  for (const list of lists) list.addEventListener("change", onChange);
  return () => {
    for (const list of lists) list.removeEventListener("change", onChange);
  };
}

/** Which of antd's screen widths the window reaches now, following resizes. */
export function useBreakpoint(): Screens {
  return useSyncExternalStore(subscribe, readScreens, readScreens);
}
