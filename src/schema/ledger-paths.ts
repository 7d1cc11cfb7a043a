/**
 * Static paths of the ledger's C2SP tlog-tiles view, relative to the site root, apart from the
 * ledger's contracts (ledger.ts) so that the verification page reads the key without zod (issue 20).
 */
export const LEDGER_TILES_PREFIX = "/ledger";
/** The verifier key as plain text: served by the tiles view, read by the verification pages. */
export const LEDGER_VKEY_PATH = `${LEDGER_TILES_PREFIX}/vkey`;
