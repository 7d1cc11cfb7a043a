import type { FastifyInstance } from "fastify";
import { CHAIN_STATS_ENDPOINT } from "../../../src/schema/chain-live.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { LEDGER_ENDPOINTS } from "../../../src/schema/ledger.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { BusinessError, ok } from "../../http/envelope.js";
import { LedgerQueryError } from "./ledger-errors.js";
import type { LedgerChainView } from "./ledger.types.js";
import type { LedgerService } from "./ledger.service.js";

/** How many newest entries the chain widgets list. */
const TX_LIST_SIZE = 10;

/** A question the ledger cannot answer is a business outcome (HTTP 200, code in the envelope). */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LedgerQueryError) throw new BusinessError(error.kind === "not-found" ? ResultCode.notFound : ResultCode.validationFailed, error.message);
    throw error;
  }
}

/** Tokenless JSON views of the ledger under /webapi: checkpoint, proofs, chain statistics. */
export async function ledgerApiRoutes(app: FastifyInstance, options: { ledger: LedgerService; chain: LedgerChainView }) {
  const { ledger } = options;

  registerEndpoint(app, LEDGER_ENDPOINTS.getCheckpoint, async () =>
    answer(async () => {
      const checkpoint = await ledger.latestCheckpoint();
      if (!checkpoint) throw new BusinessError(ResultCode.notFound, "账本尚无检查点");
      return ok({ origin: ledger.origin, verifierKey: ledger.verifierKey, ...checkpoint });
    }),
  );

  registerEndpoint(app, LEDGER_ENDPOINTS.getInclusionProof, async ({ index, treeSize }) =>
    answer(async () => {
      const proof = await ledger.inclusionProof(index, treeSize);
      return ok({ ...proof, proof: [...proof.proof] });
    }),
  );

  registerEndpoint(app, LEDGER_ENDPOINTS.getConsistencyProof, async ({ oldSize, newSize }) =>
    answer(async () => {
      const proof = await ledger.consistencyProof(oldSize, newSize);
      return ok({ ...proof, proof: [...proof.proof] });
    }),
  );

  registerEndpoint(app, CHAIN_STATS_ENDPOINT, async () =>
    answer(async () => {
      const [checkpoint, recent] = await Promise.all([ledger.latestCheckpoint(), ledger.recentEntries(TX_LIST_SIZE)]);
      const nodeList = await options.chain.nodes();
      const blockHeight = checkpoint?.blockHeight ?? 0;
      return ok({
        blockHeight,
        blockNum: blockHeight,
        peerCount: nodeList.length,
        txCount: checkpoint?.treeSize ?? 0,
        nodeList,
        txList: recent.map((entry) => ({ txHash: entry.leafHash, blockHeight: entry.blockHeight, time: entry.time })),
      });
    }),
  );
}
