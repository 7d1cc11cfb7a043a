import type { FastifyInstance } from "fastify";
import { PLATFORM_HEALTH_ENDPOINTS } from "../../../../src/schema/console/platform-health.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import type { FailedJobsService } from "./failed-jobs.service.js";
import type { PlatformHealthService } from "./platform-health.service.js";

/** The console's health overview and 重试 of a failed job; the operator's permission is checked before the handler (console core). */
export async function platformHealthRoutes(app: FastifyInstance, options: { health: PlatformHealthService; failedJobs: FailedJobsService }) {
  const { health, failedJobs } = options;
  registerEndpoint(app, PLATFORM_HEALTH_ENDPOINTS.overview, async () => ok(await health.overview()));
  registerEndpoint(app, PLATFORM_HEALTH_ENDPOINTS.retryFailedJob, async (job, request) => ok(await failedJobs.retry(request.operator!, job)));
}
