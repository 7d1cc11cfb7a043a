import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { AppConfig } from "../../config.js";
import type { Database } from "../../db/database.js";
import { loadWitnessKey } from "../../witness/witness-key.js";
import { witnessRoutes } from "../../witness/witness-routes.js";
import { WitnessStateStore } from "../../witness/witness-state.js";
import { Witness } from "../../witness/witness.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import { ChainRepository } from "./chain.repository.js";
import { chainRoutes } from "./chain.routes.js";
import { ChainService } from "./chain.service.js";
import { TsaClient } from "./tsa/tsa-client.js";
import { httpTransport, WitnessClient } from "./witness-client.js";

/** Where the in-process witness answers (C2SP tlog-witness submission prefix). */
export const LOCAL_WITNESS_PREFIX = "/witness";

export interface ChainModule {
  readonly chain: ChainService;
  /** The in-process witness, when LEDGER_LOCAL_WITNESS is on. */
  readonly localWitness: Witness | null;
  /** Mounts /ws/chain, the getTimestamp call (LEDGER_ENDPOINTS) and the local witness's routes. */
  register(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

/**
 * Witnesses, trusted time and the live push around the ledger (DESIGN.md §6). The local witness
 * is a separate party in miniature: its own key (DATA_DIR/keys/witness.signer) and state file
 * (DATA_DIR/witness/witness.sqlite), reached through the same protocol text as external ones.
 */
export async function createChainModule(options: {
  config: Pick<AppConfig, "dataDir" | "ledgerLocalWitness" | "ledgerWitnesses" | "tsa">;
  db: Kysely<Database>;
  ledger: LedgerPort;
  now?: () => number;
  log?: Log;
}): Promise<ChainModule> {
  const { config, ledger } = options;
  const now = options.now ?? Date.now;
  let localWitness: Witness | null = null;
  let store: WitnessStateStore | null = null;
  const clients: WitnessClient[] = [];

  if (config.ledgerLocalWitness) {
    const name = `${ledger.origin.split("/")[0]}/witness`;
    const cosigner = loadWitnessKey({ signerKey: undefined, dataDir: config.dataDir, name });
    store = new WitnessStateStore(path.join(config.dataDir, "witness", "witness.sqlite"));
    localWitness = new Witness({ cosigner, logs: [{ origin: ledger.origin, verifierKeys: [ledger.verifierKey] }], store, now });
    const witness = localWitness;
    clients.push(new WitnessClient(witness.verifierKey, async (body) => witness.addCheckpoint(body), "in-process"));
  }
  for (const external of config.ledgerWitnesses) {
    try {
      clients.push(new WitnessClient(external.verifierKey, httpTransport(external.url), external.url));
    } catch (error) {
      throw new Error(`LEDGER_WITNESS_KEYS 中 ${external.url} 对应的见证者公钥无法解析：${(error as Error).message}`);
    }
  }

  const tsa = config.tsa ? new TsaClient({ url: config.tsa.url, caFile: config.tsa.caFile }) : null;
  const chain = await ChainService.create({ ledger, repo: new ChainRepository(options.db), witnesses: clients, tsa, now, log: options.log });

  return {
    chain,
    localWitness,
    async register(app) {
      await app.register(chainRoutes, { chain });
      if (localWitness) await app.register(witnessRoutes, { witness: localWitness, prefix: LOCAL_WITNESS_PREFIX });
    },
    async close() {
      await chain.close();
      store?.close();
    },
  };
}
