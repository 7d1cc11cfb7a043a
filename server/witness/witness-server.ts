import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { loadWitnessKey } from "./witness-key.js";
import { witnessRoutes } from "./witness-routes.js";
import { WitnessStateStore } from "./witness-state.js";
import { Witness } from "./witness.js";

export interface StandaloneWitnessOptions {
  /** The witness's key name, e.g. "witness.example/w1". */
  readonly name: string;
  /** Holds keys/witness.signer (unless `signerKey`) and witness.sqlite. */
  readonly dataDir: string;
  readonly signerKey?: string;
  /** Verifier keys of the logs to cosign; each log's origin is its key's name. */
  readonly logKeys: readonly string[];
  readonly logLevel?: string;
  readonly now?: () => number;
}

/** A witness as its own Fastify app: the protocol at the root (/add-checkpoint, /vkey). */
export async function buildWitnessServer(options: StandaloneWitnessOptions): Promise<{ app: FastifyInstance; witness: Witness }> {
  const cosigner = loadWitnessKey({ signerKey: options.signerKey, dataDir: options.dataDir, name: options.name });
  const store = new WitnessStateStore(path.join(options.dataDir, "witness.sqlite"));
  const witness = new Witness({ cosigner, logs: options.logKeys.map((key) => ({ verifierKeys: [key] })), store, now: options.now });
  const app = Fastify({ logger: { level: options.logLevel ?? "info" } });
  await app.register(witnessRoutes, { witness });
  app.addHook("onClose", async () => store.close());
  await app.ready();
  return { app, witness };
}
