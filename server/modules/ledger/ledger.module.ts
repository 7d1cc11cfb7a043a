import type { Kysely } from "kysely";
import type { AppConfig } from "../../config.js";
import type { Database } from "../../db/database.js";
import { loadLedgerKey } from "./ledger-signer-key.js";
import { LedgerService, type LedgerServiceOptions } from "./ledger.service.js";

/** The ledger as the app runs it: key and origin from the configuration, checked at start. */
export function createLedgerService(options: {
  config: Pick<AppConfig, "dataDir" | "ledgerOrigin" | "ledgerSignerKey">;
  db: Kysely<Database>;
  now?: () => number;
  log?: LedgerServiceOptions["log"];
}): Promise<LedgerService> {
  const { config } = options;
  const key = loadLedgerKey({ signerKey: config.ledgerSignerKey, dataDir: config.dataDir, origin: config.ledgerOrigin });
  return LedgerService.open({ db: options.db, origin: config.ledgerOrigin, key, now: options.now, log: options.log });
}
