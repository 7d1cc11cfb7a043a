import { useDataProvider } from "@refinedev/core";
import { useEffect } from "react";
import { COMMON_ENDPOINTS } from "./common-endpoints";
import { useUserSession } from "./session-context";

/**
 * The session check of spec §4 ("a session check on header load does the same"): one call that
 * carries the stored token when a signed-in page loads. The http client reacts to 102/103/3013 by
 * where the user is; a live session is simply refreshed. getTime is the cheapest call that the
 * server checks the token on.
 */
export function useSessionCheck(): void {
  const getDataProvider = useDataProvider();
  const user = useUserSession();
  const token = user?.token;

  useEffect(() => {
    if (!token) return;
    getDataProvider()
      .custom?.({ url: COMMON_ENDPOINTS.getTime, method: "get" })
      .catch(() => undefined);
  }, [getDataProvider, token]);
}
