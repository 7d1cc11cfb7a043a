import { useDataProvider } from "@refinedev/core";
import { useEffect, useState } from "react";
import { COMMON_ENDPOINTS } from "../../providers/common-endpoints";
import { CLOCK_REFRESH_MS } from "../../schema/constants";
import type { ServerTime } from "../../schema/common";
import { computeClockOffset, formatShanghaiClock } from "./server-clock-time";

/**
 * The home page clock (spec §1, §9): server time, measured once through getTime, shown to the
 * millisecond and redrawn every 100 ms. Until the server answers (or if it never does, since
 * spec §8 keeps such failures silent) the local clock is shown.
 */
export function useServerClock(): string {
  const getDataProvider = useDataProvider();
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let isMounted = true;
    const sentAt = Date.now();
    getDataProvider()
      .custom?.<ServerTime>({ url: COMMON_ENDPOINTS.getTime, method: "get" })
      .then(({ data }) => {
        if (isMounted) setOffset(computeClockOffset(data.serverTime, sentAt, Date.now()));
      })
      .catch(() => undefined);
    return () => {
      isMounted = false;
    };
  }, [getDataProvider]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  return formatShanghaiClock(now + offset);
}
