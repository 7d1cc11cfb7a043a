import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AccountCode } from "../../../src/schema/account.js";
import { SIGNATURE_MAX_SKEW_MS } from "../../../src/schema/signature.js";
import { failure, sendEnvelope } from "../../http/envelope.js";
import type { NonceStore } from "./nonce-store.js";

/**
 * Refuses a request whose signature was seen before. A signature covers every parameter and the
 * timestamp, and the timestamp is only accepted for five minutes either way, so remembering each
 * signature for ten minutes catches every replay of a captured login request. Only the
 * signature's SHA-256 is kept: a transport field never reaches a stored record (issue 11).
 */
export type ReplayGuard = ReturnType<typeof createReplayGuard>;

export function createReplayGuard(nonces: NonceStore, now: () => number) {
  return async function refuseReplayedRequest(request: FastifyRequest, reply: FastifyReply) {
    const signature = (request.query as { signature?: string }).signature ?? "";
    const digest = createHash("sha256").update(signature.toLowerCase(), "utf8").digest("hex");
    if (!(await nonces.claim(`sig:${digest}`, now() + 2 * SIGNATURE_MAX_SKEW_MS))) {
      return sendEnvelope(reply, 200, failure(AccountCode.requestReplayed, "请求已提交过，请勿重复提交"));
    }
  };
}
