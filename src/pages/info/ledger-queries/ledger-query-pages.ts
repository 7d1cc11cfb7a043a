import { CERTIFICATE } from "./certificate";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";
import { NOTARY_CERTIFICATE } from "./notary-certificate";
import { VALIDATE_QUERY } from "./validate-query";
import { XCONTRACT_CERTIFICATE } from "./xcontract-certificate";

/**
 * The public pages that belong to the evidence ledger (spec §2 /info), each rendered by
 * LedgerQueryPage. The extraction pages (extract-login.ts, extract-list.ts) have their own screens
 * in src/pages/info/extraction.
 */
export const LEDGER_QUERY_PAGES: readonly LedgerQueryPageDefinition[] = [
  CERTIFICATE,
  NOTARY_CERTIFICATE,
  XCONTRACT_CERTIFICATE,
  VALIDATE_QUERY,
];
