import type { FastifyInstance } from "fastify";
import type { ConsoleConcernOptions } from "../console.module.js";
import { FailedJobsService } from "./failed-jobs.service.js";
import { platformHealthRoutes } from "./platform-health.routes.js";
import { PlatformHealthService } from "./platform-health.service.js";

/**
 * The console's platform health (issue 13): reads each figure through the module that owns it
 * (ledger, chain, blob store, sessions, the declared job queues); owns no table of its own. An
 * operator may retry a failed job from it (audited).
 */
export async function platformHealthModule(app: FastifyInstance, options: ConsoleConcernOptions) {
  const { db, now, jobs, services, audit } = options;
  const { ledger, chain, blobs, sessions } = services;
  const health = new PlatformHealthService({ db, now, jobs, ledger, chain, blobs, sessions, log: app.log });
  const failedJobs = new FailedJobsService({ jobs, audit });
  await app.register(platformHealthRoutes, { health, failedJobs });
}
