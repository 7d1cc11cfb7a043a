import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ChainLiveSchema } from "../../../src/schema/chain-live.js";
import { CHAIN_STATS_ENDPOINT } from "../../../src/schema/chain-stats.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import {
  ConsistencyProofQuerySchema,
  ConsistencyProofSchema,
  InclusionProofQuerySchema,
  InclusionProofSchema,
  LEDGER_ENDPOINTS,
  LedgerCheckpointSchema,
} from "../../../src/schema/ledger.js";
import { BusinessError, ok } from "../../http/envelope.js";
import { signedQuery, successResponse } from "../../http/route-schema.js";
import { LedgerQueryError } from "./ledger-errors.js";
import type { LedgerChainView } from "./ledger.types.js";
import type { LedgerService } from "./ledger.service.js";

const TAGS = ["账本"];
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
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { ledger } = options;
  const tokenless = { session: "tokenless" as const };

  routes.get(
    `/webapi${LEDGER_ENDPOINTS.getCheckpoint}`,
    {
      schema: { tags: TAGS, summary: "最新签名检查点及账本公钥", querystring: signedQuery(), response: successResponse(LedgerCheckpointSchema) },
      config: tokenless,
    },
    async () =>
      answer(async () => {
        const checkpoint = await ledger.latestCheckpoint();
        if (!checkpoint) throw new BusinessError(ResultCode.notFound, "账本尚无检查点");
        return ok({ origin: ledger.origin, verifierKey: ledger.verifierKey, ...checkpoint });
      }),
  );

  routes.get(
    `/webapi${LEDGER_ENDPOINTS.getInclusionProof}`,
    {
      schema: {
        tags: TAGS,
        summary: "条目的包含证明（RFC 9162），附所对检查点；treeSize 缺省为最新检查点",
        querystring: signedQuery(InclusionProofQuerySchema.shape),
        response: successResponse(InclusionProofSchema),
      },
      config: tokenless,
    },
    async (request) =>
      answer(async () => {
        const proof = await ledger.inclusionProof(request.query.index, request.query.treeSize);
        return ok({ ...proof, proof: [...proof.proof] });
      }),
  );

  routes.get(
    `/webapi${LEDGER_ENDPOINTS.getConsistencyProof}`,
    {
      schema: {
        tags: TAGS,
        summary: "两个树大小之间的一致性证明（RFC 9162）",
        querystring: signedQuery(ConsistencyProofQuerySchema.shape),
        response: successResponse(ConsistencyProofSchema),
      },
      config: tokenless,
    },
    async (request) =>
      answer(async () => {
        const proof = await ledger.consistencyProof(request.query.oldSize, request.query.newSize);
        return ok({ ...proof, proof: [...proof.proof] });
      }),
  );

  routes.get(
    `/webapi${CHAIN_STATS_ENDPOINT}`,
    {
      schema: {
        tags: TAGS,
        summary: "区块高度（已签发检查点数）、条目数、节点列表（账本及见证者，status 1 = 在线）与最新条目",
        querystring: signedQuery(),
        response: successResponse(ChainLiveSchema),
      },
      config: tokenless,
    },
    async () =>
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
