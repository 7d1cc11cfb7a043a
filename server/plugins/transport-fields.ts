import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { TRANSPORT_FIELDS } from "../http/route-schema.js";

/**
 * The transport fields of a call (http/route-schema.ts TRANSPORT_FIELDS: the session token, the
 * signature's timestamp and signature, paramStr) exist for the hooks that check them: the
 * signature and session plugins and the replay guard. Nothing after those hooks may see them: a
 * handler hands its body or query to a service, and a service that keeps what it is given would
 * store the caller's token (issue 11: a voucher's original carried it to every download).
 *
 * They are taken away by wrapping each route's handler, the one point that comes after every
 * hook, global or route-level (the replay guard is a route preHandler that reads `signature`),
 * and before any handler code: query and body alike, JSON, form and multipart. onRoute sees only
 * routes added after it, so this is registered before the first route.
 */
export const transportFieldsPlugin = fp(async function transportFieldsPlugin(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    // A websocket handler is called with (socket, request) and never has a body.
    if ((route as { websocket?: boolean }).websocket || route.wsHandler) return;
    const handler = route.handler;
    route.handler = function withoutTransportFields(this: FastifyInstance, request, reply) {
      request.query = withoutFields(request.query);
      request.body = withoutFields(request.body);
      return handler.call(this, request, reply);
    };
  });
});

function withoutFields(value: FastifyRequest["body"]): FastifyRequest["body"] {
  if (typeof value !== "object" || value === null || Array.isArray(value) || Buffer.isBuffer(value)) return value;
  const fields = value as Record<string, unknown>;
  if (!TRANSPORT_FIELDS.some((name) => Object.hasOwn(fields, name))) return value;
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !TRANSPORT_FIELDS.includes(name)));
}
