import { useCallback, useEffect, useState } from "react";

export type TotalTip = { type: "error" | "success"; message: string };

/**
 * The form-wide message of spec §3 ("a total tip"). With `hideAfterMs` it disappears by itself,
 * as password login's does (spec §8: after 3 s); a newer tip restarts the clock.
 */
export function useTotalTip(hideAfterMs?: number) {
  const [tip, setTip] = useState<TotalTip | null>(null);

  useEffect(() => {
    if (!tip || hideAfterMs === undefined) return;
    const timer = setTimeout(() => setTip(null), hideAfterMs);
    return () => clearTimeout(timer);
  }, [tip, hideAfterMs]);

  const showError = useCallback((message: string) => setTip({ type: "error", message }), []);
  const showSuccess = useCallback((message: string) => setTip({ type: "success", message }), []);
  const clear = useCallback(() => setTip(null), []);
  return { tip, showError, showSuccess, clear };
}
