import type { DataProvider } from "@refinedev/core";
import { useEffect, useState } from "react";
import { queryEndpoint } from "../../providers/use-endpoint";
import { useWebapiProviders } from "../../providers/webapi-context";
import { COMMON_ENDPOINTS } from "../../schema/common";

/**
 * Offset of the server's clock from ours. The server read its clock somewhere during the round
 * trip; the midpoint is the best guess without more samples, and halves the error of using
 * either end.
 */
export function computeClockOffset(serverTime: number, sentAt: number, receivedAt: number): number {
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}

/** One getTime per data provider (one per page load in the app), shared by every clock on the page. */
const measured = new WeakMap<DataProvider, Promise<number>>();

/**
 * The server's clock offset, measured once through getTime (spec §7). A failure is silent (spec §8)
 * and leaves the visitor's own clock in use: offset 0.
 */
export function measureServerOffset(provider: DataProvider): Promise<number> {
  let offset = measured.get(provider);
  if (!offset) {
    const sentAt = Date.now();
    offset = Promise.resolve()
      .then(() => queryEndpoint(provider, COMMON_ENDPOINTS.getTime, {}))
      .then(({ serverTime }) => (Number.isFinite(serverTime) ? computeClockOffset(serverTime, sentAt, Date.now()) : 0))
      .catch(() => 0);
    measured.set(provider, offset);
  }
  return offset;
}

/** The offset to add to Date.now() for the server's time; 0 until (and unless) the server answers. */
export function useServerOffset(): number {
  const { dataProvider } = useWebapiProviders();
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    let isMounted = true;
    void measureServerOffset(dataProvider).then((value) => isMounted && setOffset(value));
    return () => {
      isMounted = false;
    };
  }, [dataProvider]);
  return offset;
}

/** Now by the server's clock, else the visitor's; what dated offers (a promotion period) are judged by. */
export function useServerNow(): number {
  return Date.now() + useServerOffset();
}
