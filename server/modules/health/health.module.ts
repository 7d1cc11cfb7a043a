import type { FastifyInstance } from "fastify";
import { HEALTH_PATH, type Health } from "../../../src/schema/health.js";

/**
 * GET /healthz (src/schema/health.ts) for supervisors and the end-to-end tests: the server listens
 * only once every module is built, so answering at all means ready.
 */
export async function healthModule(app: FastifyInstance) {
  app.get(HEALTH_PATH, { schema: { hide: true }, config: { session: "tokenless" } }, async (_request, reply) => {
    const health: Health = { status: "ok" };
    return reply.header("cache-control", "no-store").send(health);
  });
}
