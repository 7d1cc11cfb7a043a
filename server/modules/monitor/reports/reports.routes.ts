import type { FastifyInstance } from "fastify";
import { MONITOR_ENDPOINTS } from "../../../../src/schema/monitor.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import { sendDownload } from "../../../http/file-download.js";
import { sessionUserId } from "../../personal/route-helpers.js";
import type { MonitorReportService } from "./report.service.js";

/** The owner's monitoring reports (src/schema/monitor.ts MONITOR_ENDPOINTS). */
export async function monitorReportRoutes(app: FastifyInstance, { reports }: { reports: MonitorReportService }) {
  registerEndpoint(app, MONITOR_ENDPOINTS.createReport, async (form, request) => ok(await reports.create(sessionUserId(request), form)));
  registerEndpoint(app, MONITOR_ENDPOINTS.reports, async (query, request) => ok(await reports.list(sessionUserId(request), query)));
  registerEndpoint(app, MONITOR_ENDPOINTS.downloadReport, async ({ id }, request, reply) => {
    const file = await reports.open(sessionUserId(request), id);
    return sendDownload(reply, file.body, { name: file.name, contentType: file.contentType, size: file.size });
  });
}
