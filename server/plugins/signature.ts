import { hash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { WEBAPI_PREFIX } from "../../src/schema/contract.js";
import { ResultCode } from "../../src/schema/envelope.js";
import { repeatedParameterMessage } from "../../src/schema/issue-messages.js";
import { computeSignature, SIGNATURE_MAX_SKEW_MS } from "../../src/schema/signature.js";
import { sendFailure } from "../http/envelope.js";
import { isUploadedFile } from "../http/uploaded-file.js";

/** One-shot hashing: a third of createHash's cost for a short text, which every signed call pays. */
export function sha256Hex(text: string): string {
  return hash("sha256", text, "hex");
}

/**
 * The parameters that are signed: the query, plus the fields of a JSON, form or multipart body.
 * Files of a multipart body are not signed (DESIGN.md §4).
 */
export function collectSignedParams(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body;
  const isPlainObject = typeof body === "object" && body !== null && !Array.isArray(body) && !Buffer.isBuffer(body);
  // Read, never changed, by the callers: a call without a body signs its query as it is.
  if (!isPlainObject) return query;
  const fields = Object.entries(body as Record<string, unknown>).filter(([, value]) => !isUploadedFile(value));
  return { ...query, ...Object.fromEntries(fields) };
}

const SIGNED_PREFIX = `${WEBAPI_PREFIX}/`;

/** The first query parameter given more than once (the query parser makes it a list). */
function firstRepeatedName(query: Record<string, unknown>): string | undefined {
  for (const name in query) if (Array.isArray(query[name])) return name;
  return undefined;
}

/**
 * Refuses any /webapi request whose timestamp is missing or more than five minutes from our clock,
 * or whose signature does not match (DESIGN.md §4). Runs after the body is parsed and before the
 * route's own validation, so a refused request never reaches a handler.
 */
export const signaturePlugin = fp(async function signaturePlugin(app: FastifyInstance, options: { now: () => number }) {
  app.addHook("preValidation", async (request, reply) => {
    if (!request.url.startsWith(SIGNED_PREFIX)) return;
    // No /webapi parameter is a list: a name given twice is refused as a repeated multipart field is.
    const repeated = firstRepeatedName((request.query ?? {}) as Record<string, unknown>);
    if (repeated !== undefined) return sendFailure(reply, 400, ResultCode.badRequest, repeatedParameterMessage(repeated));
    const params = collectSignedParams(request);
    const timestamp = typeof params.timestamp === "string" || typeof params.timestamp === "number" ? String(params.timestamp) : "";
    const signature = typeof params.signature === "string" ? params.signature : "";
    if (!/^\d{1,16}$/.test(timestamp) || !signature) {
      return sendFailure(reply, 400, ResultCode.signatureMissing);
    }
    if (Math.abs(options.now() - Number(timestamp)) > SIGNATURE_MAX_SKEW_MS) {
      return sendFailure(reply, 401, ResultCode.timestampStale);
    }
    const expected = Buffer.from(computeSignature(params, sha256Hex), "utf8");
    const given = Buffer.from(signature.toLowerCase(), "utf8");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return sendFailure(reply, 401, ResultCode.signatureInvalid);
    }
  });
});
