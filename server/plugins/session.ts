import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SessionRequirement } from "../../src/schema/contract.js";
import { ResultCode, ResultMessage } from "../../src/schema/envelope.js";
import { sendFailure } from "../http/envelope.js";
import type { ActiveSession, SessionService } from "../modules/session/session.service.js";

declare module "fastify" {
  interface FastifyContextConfig {
    session?: SessionRequirement;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
  }
}

/** Spec §7: the token travels in the query for GET and in the body for POST. */
export function readToken(request: FastifyRequest): string | undefined {
  const source = request.method === "GET" || request.method === "HEAD" ? request.query : request.body;
  const token = (source as Record<string, unknown> | undefined)?.token;
  return typeof token === "string" && token !== "" ? token : undefined;
}

export const sessionPlugin = fp(async function sessionPlugin(app: FastifyInstance, options: { sessions: SessionService }) {
  const { sessions } = options;
  app.decorateRequest("session", null);

  app.addHook("preValidation", async (request, reply) => {
    if (reply.sent) return;
    const requirement = request.routeOptions.config?.session ?? "optional";
    if (requirement === "tokenless") return;
    const token = readToken(request);
    if (requirement === "optional" && !token) return;
    const lookup = await sessions.resolve(token, requirement === "notary" ? "notary" : "user");
    if (!lookup.ok) return sendFailure(reply, 200, lookup.code, ResultMessage[lookup.code]);
    request.session = lookup.session;
  });

  // Every successful call refreshes its session (spec §4); failures do not keep a session alive.
  app.addHook("preSerialization", async (request, _reply, payload) => {
    const code = (payload as { code?: unknown } | null)?.code;
    if (request.session && code === ResultCode.success) await sessions.refresh(request.session);
    return payload;
  });
});
