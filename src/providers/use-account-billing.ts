import type { HttpError } from "@refinedev/core";
import { ACCOUNT_STATUS_COUNT } from "../schema/constants";
import { BILLING_ENDPOINTS, isMonitorCreationBlocked } from "../schema/billing";
import { useUserSession } from "./session-context";
import { useEndpointQuery } from "./use-endpoint";

/**
 * The signed-in account's money and limits (spec §4, §7 getBalance and accountStatus), read through
 * refine's data provider so that signing, the token and the session codes are handled in one place.
 */

export interface BalanceView {
  /** Integer fen; null while loading or when the server did not answer. */
  balanceFen: number | null;
  isLoading: boolean;
  /** The server's message when getBalance failed. */
  errorMessage: string | null;
  /** Reads the balance again (after a purchase). */
  refresh: () => void;
}

export function useBalance(): BalanceView {
  const uid = useUserSession()?.id;
  const { datas, query } = useEndpointQuery(BILLING_ENDPOINTS.getBalance, { uid }, { enabled: uid !== undefined, retry: false });
  return {
    balanceFen: datas?.list?.balanceFen ?? null,
    isLoading: uid !== undefined && query.isLoading,
    errorMessage: query.error?.message ?? null,
    refresh: () => void query.refetch(),
  };
}

export interface ProductAccess {
  /** The limits code and its message when the account may not start the product (301/304/305/309). */
  blocked: { code: number; message: string } | null;
}

/**
 * Whether the account may start a product. accountStatus answers only a code: 200, or a limits
 * code that the data provider hands back as an HttpError with that statusCode. Only the codes of
 * spec §4 block; anything else (a network failure) leaves the button active, since the server
 * checks again when the monitor is created.
 */
export function useProductAccess(productCode: number): ProductAccess {
  const uid = useUserSession()?.id;
  const { query } = useEndpointQuery(
    BILLING_ENDPOINTS.accountStatus,
    { uid, productCode, count: ACCOUNT_STATUS_COUNT },
    {
      enabled: uid !== undefined,
      // A limits code is an answer, not a failure worth asking again about.
      retry: (failures: number, error: HttpError) => !isMonitorCreationBlocked(Number(error.statusCode)) && failures < 1,
    },
  );
  const error = query.error;
  const blocked = error && isMonitorCreationBlocked(Number(error.statusCode)) ? { code: Number(error.statusCode), message: error.message } : null;
  return { blocked };
}
