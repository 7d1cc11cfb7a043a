import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { AppConfig } from "../../config.js";
import type { Database } from "../../db/database.js";
import { witnessRoutes } from "../../witness/witness-routes.js";
import { chainRoutes } from "../chain/chain.routes.js";
import { createChain } from "../chain/create-chain.js";
import { publish, type ModuleContext } from "../module.js";
import { ledgerApiRoutes } from "./ledger-api.routes.js";
import { loadLedgerKey } from "./ledger-signer-key.js";
import { ledgerTileRoutes } from "./ledger-tiles.routes.js";
import { LedgerService, type LedgerServiceOptions } from "./ledger.service.js";

/** Where the in-process witness answers (C2SP tlog-witness submission prefix). */
export const LOCAL_WITNESS_PREFIX = "/witness";

/** The ledger as the app runs it: key and origin from the configuration, checked at start. */
export function createLedgerService(options: {
  config: Pick<AppConfig, "dataDir" | "ledgerOrigin" | "ledgerSignerKey" | "ledgerBlockDelayMs">;
  db: Kysely<Database>;
  now?: () => number;
  log?: LedgerServiceOptions["log"];
}): Promise<LedgerService> {
  const { config } = options;
  const key = loadLedgerKey({ signerKey: config.ledgerSignerKey, dataDir: config.dataDir, origin: config.ledgerOrigin });
  return LedgerService.open({ db: options.db, origin: config.ledgerOrigin, key, now: options.now, log: options.log, blockMaxDelayMs: config.ledgerBlockDelayMs });
}

/**
 * The evidence ledger (DESIGN.md §6) with the chain of trust around it (modules/chain: witnesses,
 * TSA time-stamps, the live push). One module, because the log's public answers carry the chain's
 * cosignatures, and because on close the chain must still see the log's last block.
 */
export async function ledgerModule(app: FastifyInstance, { config, db, now, jobs, redis }: ModuleContext) {
  // Refuses to start when the stored ledger contradicts its last signed checkpoint.
  const ledger = publish(app, "ledger", await createLedgerService({ config, db, now, log: app.log }));
  const { chain, localWitness, close: closeChain } = await createChain({ config, db, ledger, redis, now, log: app.log });
  publish(app, "chain", chain);
  jobs.declare({ key: "ledger.blocks", name: "账本区块写入", depth: () => ledger.queueDepth() });
  for (const queue of chain.queues()) jobs.declare(queue);
  // The ledger integrates its waiting appends first; the chain then offers that last checkpoint
  // to the witnesses before it stops. (The database closes after every module: app.ts.)
  app.addHook("onClose", async () => {
    await ledger.close();
    await closeChain();
  });

  await app.register(ledgerTileRoutes, { ledger, chain });
  await app.register(ledgerApiRoutes, { ledger, chain });
  await app.register(chainRoutes, { chain });
  if (localWitness) await app.register(witnessRoutes, { witness: localWitness, prefix: LOCAL_WITNESS_PREFIX });
}
