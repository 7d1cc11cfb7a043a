import type { FastifyInstance } from "fastify";
import type { ConsoleConcernOptions } from "../console.module.js";
import { platformHealthRoutes } from "./platform-health.routes.js";
import { PlatformHealthService } from "./platform-health.service.js";

/**
 * The console's platform health (issue 13): reads each figure through the module that owns it
 * (ledger, chain, blob store, sessions, the declared job queues); owns no table of its own.
 */
export async function platformHealthModule(app: FastifyInstance, options: ConsoleConcernOptions) {
  const { db, now, jobs, services } = options;
  const { ledger, chain, blobs, sessions } = services;
  const health = new PlatformHealthService({ db, now, jobs, ledger, chain, blobs, sessions, log: app.log });
  await app.register(platformHealthRoutes, { health });
}
