import { CERTIFICATE } from "./certificate";
import { EXTRACT_LIST } from "./extract-list";
import { EXTRACT_LOGIN } from "./extract-login";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";
import { NOTARY_CERTIFICATE } from "./notary-certificate";
import { VALIDATE_QUERY } from "./validate-query";
import { XCONTRACT_CERTIFICATE } from "./xcontract-certificate";

/** The public pages that belong to the evidence ledger (spec §2 /info), each rendered by LedgerQueryPage. */
export const LEDGER_QUERY_PAGES: readonly LedgerQueryPageDefinition[] = [
  EXTRACT_LOGIN,
  EXTRACT_LIST,
  CERTIFICATE,
  NOTARY_CERTIFICATE,
  XCONTRACT_CERTIFICATE,
  VALIDATE_QUERY,
];
