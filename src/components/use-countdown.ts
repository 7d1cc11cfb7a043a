import { useCallback, useEffect, useState } from "react";

const TICK_MS = 1000;

/** Seconds left of a countdown that start() begins at `seconds`; 0 when idle. */
export function useCountdown(seconds: number): { secondsLeft: number; start: () => void } {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const isRunning = secondsLeft > 0;

  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), TICK_MS);
    return () => clearInterval(timer);
  }, [isRunning]);

  const start = useCallback(() => setSecondsLeft(seconds), [seconds]);
  return { secondsLeft, start };
}
