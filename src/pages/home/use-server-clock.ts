import { useEffect, useState } from "react";
import { useServerOffset } from "../../components/server-time/use-server-now";
import { CLOCK_REFRESH_MS } from "../../schema/constants";
import { formatShanghaiClock } from "./server-clock-time";

/**
 * The home page clock (spec §1, §9): server time, measured once through getTime, shown to the
 * millisecond and redrawn every 100 ms. Until the server answers (or if it never does, since
 * spec §8 keeps such failures silent) the local clock is shown.
 */
export function useServerClock(): string {
  const offset = useServerOffset();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  return formatShanghaiClock(now + offset);
}
