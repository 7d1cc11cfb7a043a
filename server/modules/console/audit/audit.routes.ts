import type { FastifyInstance } from "fastify";
import { AUDIT_ENDPOINTS } from "../../../../src/schema/console/audit.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import type { AuditRecords } from "./audit-records.service.js";

export async function auditRoutes(app: FastifyInstance, { records }: { records: AuditRecords }) {
  registerEndpoint(app, AUDIT_ENDPOINTS.list, async (query) => ok(await records.list(query)));
  registerEndpoint(app, AUDIT_ENDPOINTS.one, async ({ id }) => ok(await records.one(id)));
}
