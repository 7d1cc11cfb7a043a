import type { FastifyInstance } from "fastify";
import { HEALTH_PATH, type Health } from "../../../src/schema/health.js";

/** GET /healthz (src/schema/health.ts): the app only listens once it is ready, so answering is the answer. */
export async function healthRoutes(app: FastifyInstance) {
  app.get(HEALTH_PATH, { schema: { hide: true }, config: { session: "tokenless" } }, async (_request, reply) => {
    const health: Health = { status: "ok" };
    return reply.header("cache-control", "no-store").send(health);
  });
}
