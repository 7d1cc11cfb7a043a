import path from "node:path";
import type { Kysely } from "kysely";
import type { AppConfig } from "../../config.js";
import type { Database } from "../../db/database.js";
import type { SharedRedis } from "../../redis/redis-connection.js";
import { loadWitnessKey } from "../../witness/witness-key.js";
import { WitnessStateStore } from "../../witness/witness-state.js";
import { Witness } from "../../witness/witness.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import { openRedisChainEvents } from "./chain-events.redis.js";
import { ChainRepository } from "./chain.repository.js";
import { ChainService } from "./chain.service.js";
import { TsaClient } from "./tsa/tsa-client.js";
import { httpTransport, WitnessClient } from "./witness-client.js";

export interface Chain {
  readonly chain: ChainService;
  /** The in-process witness, when LEDGER_LOCAL_WITNESS is on (the ledger module mounts its routes). */
  readonly localWitness: Witness | null;
  close(): Promise<void>;
}

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

/**
 * Witnesses, trusted time and the live push around the ledger (DESIGN.md §6). The local witness
 * is a separate party in miniature: its own key (DATA_DIR/keys/witness.signer) and state file
 * (DATA_DIR/witness/witness.sqlite), reached through the same protocol text as external ones.
 */
export async function createChain(options: {
  config: Pick<AppConfig, "dataDir" | "ledgerLocalWitness" | "ledgerWitnesses" | "tsa">;
  db: Kysely<Database>;
  ledger: LedgerPort;
  /** The installation's Redis when several processes serve: their live sockets hear each other's checkpoints. */
  redis?: SharedRedis | null;
  now?: () => number;
  log?: Log;
}): Promise<Chain> {
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
  const events = options.redis ? await openRedisChainEvents(options.redis, options.log) : null;
  const chain = await ChainService.create({ ledger, repo: new ChainRepository(options.db), witnesses: clients, tsa, events, now, log: options.log });

  return {
    chain,
    localWitness,
    async close() {
      // No other process's event starts a push once the chain is closing.
      await events?.close();
      await chain.close();
      store?.close();
    },
  };
}
