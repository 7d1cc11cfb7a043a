import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.js";
import { HitChart } from "./hit-chart.js";
import { HitEvidence, type HitCaptures } from "./hit-evidence.js";
import { HitRecorder } from "./hit-recorder.js";
import { HitService } from "./hit.service.js";
import { HitsRepository } from "./hits.repository.js";
import { monitorHitRoutes } from "./hits.routes.js";

export type MonitorHitServices = { recorder: HitRecorder; hits: HitService; chart: HitChart; evidence: HitEvidence; repository: HitsRepository };

/**
 * The hits part of the monitor module, for its plugin to call: builds the services, listens for
 * the end of hit captures, settles what a crash left (hits still capturing) and registers the
 * routes. The crawl executor records through `recorder`.
 */
export async function setUpMonitorHits(app: FastifyInstance, { db, now, captures }: { db: Kysely<Database>; now: () => number; captures: HitCaptures }): Promise<MonitorHitServices> {
  const repository = new HitsRepository(db);
  const evidence = new HitEvidence({ repository, captures, log: app.log });
  captures.onSettled((settlement) => evidence.apply(settlement));
  await evidence.reconcile();
  const recorder = new HitRecorder({ repository, evidence, now });
  const hits = new HitService({ repository, evidence, now });
  const chart = new HitChart({ repository, now });
  await app.register(monitorHitRoutes, { hits, chart });
  return { recorder, hits, chart, evidence, repository };
}
