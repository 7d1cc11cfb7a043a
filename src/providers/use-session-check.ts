import { useDataProvider } from "@refinedev/core";
import { useEffect } from "react";
import { COMMON_ENDPOINTS } from "../schema/common";
import { useUserSession } from "./session-context";
import { queryEndpoint } from "./use-endpoint";

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
    queryEndpoint(getDataProvider(), COMMON_ENDPOINTS.getTime, {}).catch(() => undefined);
  }, [getDataProvider, token]);
}
