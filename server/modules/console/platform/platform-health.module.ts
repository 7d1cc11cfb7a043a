import type { FastifyInstance } from "fastify";
import type { ModuleContext } from "../../module.js";
import { platformHealthRoutes } from "./platform-health.routes.js";
import { PlatformHealthService, type PlatformHealthPorts } from "./platform-health.service.js";

export type PlatformHealthModuleOptions = ModuleContext & Pick<PlatformHealthPorts, "ledger" | "chain" | "blobs" | "sessions">;

/**
 * The console's platform health (issue 13): reads each figure through the module that owns it
 * (ledger, chain, blob store, sessions, the declared job queues); owns no table of its own.
 */
export async function platformHealthModule(app: FastifyInstance, options: PlatformHealthModuleOptions) {
  const { db, now, jobs, ledger, chain, blobs, sessions } = options;
  const health = new PlatformHealthService({ db, now, jobs, ledger, chain, blobs, sessions, log: app.log });
  await app.register(platformHealthRoutes, { health });
}
