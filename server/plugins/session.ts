import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ConsolePermission } from "../../src/schema/console/permissions.js";
import type { SessionRequirement } from "../../src/schema/contract.js";
import { ResultCode, ResultMessage } from "../../src/schema/envelope.js";
import type { SessionKind } from "../../src/schema/session.js";
import { sendEnvelope, sendFailure, failure } from "../http/envelope.js";
import type { ActingOperator, OperatorGate } from "../modules/console/operators/acting-operator.js";
import type { ActiveSession, SessionService } from "../modules/session/session.service.js";

declare module "fastify" {
  interface FastifyContextConfig {
    session?: SessionRequirement;
    /** Console routes (session "operator"): what the operator's roles must grant. */
    permission?: ConsolePermission | "signedIn";
  }
  interface FastifyRequest {
    session: ActiveSession | null;
    /** Set on console routes by the permission check, before the handler runs. */
    operator: ActingOperator | null;
  }
}

/** Spec §7: the token travels in the query for GET and in the body for POST. */
export function readToken(request: FastifyRequest): string | undefined {
  const source = request.method === "GET" || request.method === "HEAD" ? request.query : request.body;
  const token = (source as Record<string, unknown> | undefined)?.token;
  return typeof token === "string" && token !== "" ? token : undefined;
}

/**
 * The one kind of session each requirement accepts (DESIGN.md §5): a token of any other kind is
 * unknown to the call (102), so customer, notary and operator tokens never open each other's calls.
 */
const KIND_OF: Record<Exclude<SessionRequirement, "tokenless">, SessionKind> = {
  optional: "user",
  user: "user",
  notary: "notary",
  operator: "operator",
  operatorPending: "operatorPending",
};

/**
 * `operatorGate` is read when a console call arrives: the console module, which owns operators,
 * registers after this check is installed (app.ts).
 */
export const sessionPlugin = fp(async function sessionPlugin(app: FastifyInstance, options: { sessions: SessionService; operatorGate: () => OperatorGate | undefined }) {
  const { sessions } = options;
  app.decorateRequest("session", null);
  app.decorateRequest("operator", null);

  app.addHook("preValidation", async (request, reply) => {
    if (reply.sent) return;
    const config = request.routeOptions.config;
    const requirement = config?.session ?? "optional";
    if (requirement === "tokenless") return;
    const token = readToken(request);
    if (requirement === "optional" && !token) return;
    const lookup = await sessions.resolve(token, KIND_OF[requirement]);
    if (!lookup.ok) return sendFailure(reply, 200, lookup.code, ResultMessage[lookup.code]);
    request.session = lookup.session;
    if (requirement !== "operator") return;

    // The console's one permission check: every operator route declares its permission
    // (registerEndpoint refuses one that does not), and nothing of the handler runs without it.
    const gate = options.operatorGate();
    if (!gate || !config?.permission) throw new Error(`operator route ${request.routeOptions.url} has no permission check`);
    const admission = await gate.admit(Number(lookup.session.subjectId), config.permission);
    if (!admission.ok) {
      request.session = null;
      return sendEnvelope(reply, 200, failure(admission.code, admission.message));
    }
    request.operator = admission.operator;
  });

  // Every successful call refreshes its session (spec §4); failures do not keep a session alive.
  app.addHook("preSerialization", async (request, _reply, payload) => {
    const code = (payload as { code?: unknown } | null)?.code;
    if (request.session && code === ResultCode.success) await sessions.refresh(request.session);
    return payload;
  });
});
