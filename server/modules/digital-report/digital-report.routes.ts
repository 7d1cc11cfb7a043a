import type { FastifyInstance } from "fastify";
import { DIGITAL_REPORT_ENDPOINTS } from "../../../src/schema/digital-report.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { DigitalReportService } from "./digital-report.service.js";

/** The digital report calls (src/schema/digital-report.ts DIGITAL_REPORT_ENDPOINTS). */
export async function digitalReportRoutes(app: FastifyInstance, { reports }: { reports: DigitalReportService }) {
  registerEndpoint(app, DIGITAL_REPORT_ENDPOINTS.create, async (form, request) => ok(await reports.create(sessionUserId(request), form)));
  registerEndpoint(app, DIGITAL_REPORT_ENDPOINTS.list, async (query, request) => ok(await reports.list(sessionUserId(request), query)));
  registerEndpoint(app, DIGITAL_REPORT_ENDPOINTS.one, async ({ id }, request) => ok(await reports.one(sessionUserId(request), id)));
  registerEndpoint(app, DIGITAL_REPORT_ENDPOINTS.download, async ({ id }, request, reply) => {
    const file = await reports.download(sessionUserId(request), id);
    return sendDownload(reply, file.body, { name: file.name, contentType: "application/pdf", size: file.body.length });
  });
}
