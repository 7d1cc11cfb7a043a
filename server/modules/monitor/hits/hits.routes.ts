import type { FastifyInstance } from "fastify";
import { MONITOR_ENDPOINTS } from "../../../../src/schema/monitor.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import { sessionUserId } from "../../personal/route-helpers.js";
import type { HitChart } from "./hit-chart.js";
import type { HitService } from "./hit.service.js";

/** The owner's calls on hits and their chart (src/schema/monitor.ts MONITOR_ENDPOINTS). */
export async function monitorHitRoutes(app: FastifyInstance, { hits, chart }: { hits: HitService; chart: HitChart }) {
  registerEndpoint(app, MONITOR_ENDPOINTS.hits, async (query, request) => ok(await hits.list(sessionUserId(request), query)));
  registerEndpoint(app, MONITOR_ENDPOINTS.hit, async ({ id }, request) => ok(await hits.detail(sessionUserId(request), id)));
  registerEndpoint(app, MONITOR_ENDPOINTS.confirmHit, async ({ id, note }, request) => ok(await hits.confirm(sessionUserId(request), id, note)));
  registerEndpoint(app, MONITOR_ENDPOINTS.dismissHit, async ({ id, note }, request) => ok(await hits.dismiss(sessionUserId(request), id, note)));
  registerEndpoint(app, MONITOR_ENDPOINTS.retryHitEvidence, async ({ id }, request) => ok(await hits.retryEvidence(sessionUserId(request), id)));
  registerEndpoint(app, MONITOR_ENDPOINTS.chart, async (query, request) => ok(await chart.chart(sessionUserId(request), query)));
}
