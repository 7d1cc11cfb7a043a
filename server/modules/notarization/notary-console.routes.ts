import type { FastifyInstance, FastifyRequest } from "fastify";
import { NOTARIAL_CERTIFICATE_ENDPOINTS } from "../../../src/schema/notarial-certificate.js";
import { NOTARY_CONSOLE_ENDPOINTS as ENDPOINTS } from "../../../src/schema/notary-console.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { PUBLIC_VERIFY_PER_MINUTE } from "../certificate/certificate.routes.js";
import type { EvidenceLibraryPorts } from "../evidence-library/evidence-library.ports.js";
import { sendEvidencePart } from "../evidence-library/item-download.js";
import type { NotaryService } from "../notary/notary.service.js";
import type { SessionService } from "../session/session.service.js";
import type { NotarialCertificateQuery } from "./notarial-certificate-query.js";
import type { NotaryConsoleService } from "./notary-console.service.js";
import type { NotaryOfficeSettings } from "./notary-office-settings.service.js";
import { sendFile } from "./notarization.routes.js";

export type NotaryConsoleRouteOptions = {
  console: NotaryConsoleService;
  settings: NotaryOfficeSettings;
  notary: Pick<NotaryService, "staffOf">;
  sessions: SessionService;
  library: EvidenceLibraryPorts;
};

/**
 * The notary office's console calls (src/schema/notary-console.ts). Each resolves the signed-in
 * staff member first: a session whose account was disabled meanwhile ends there (3013).
 */
export async function notaryConsoleRoutes(app: FastifyInstance, { console, settings, notary, sessions, library }: NotaryConsoleRouteOptions) {
  const staffOf = (request: FastifyRequest) => notary.staffOf(request.session!);

  registerEndpoint(app, ENDPOINTS.requestList, async (query, request) => ok(await console.list(await staffOf(request), query)));
  registerEndpoint(app, ENDPOINTS.requestContent, async ({ id }, request) => ok(await console.content(await staffOf(request), id)));
  registerEndpoint(app, ENDPOINTS.decide, async (decision, request) => ok(await console.decide(await staffOf(request), decision)));
  registerEndpoint(app, ENDPOINTS.previewCertificate, async ({ id }, request, reply) => sendFile(sessions, request, reply, await console.preview(await staffOf(request), id), "application/pdf"));
  registerEndpoint(app, ENDPOINTS.issueCertificate, async ({ id }, request) => ok(await console.issue(await staffOf(request), id)));
  registerEndpoint(app, ENDPOINTS.downloadCertificate, async ({ id }, request, reply) => sendFile(sessions, request, reply, await console.certificatePdf(await staffOf(request), id), "application/pdf"));
  registerEndpoint(app, ENDPOINTS.downloadEvidence, async ({ id, evidenceId }, request, reply) => {
    const record = await console.evidenceRecord(await staffOf(request), id, evidenceId);
    await sessions.refresh(request.session!);
    // The original, or a capture's or recording's package: what the evidence library hands its holder.
    return sendEvidencePart(reply, library, { part: "file" }, record);
  });
  registerEndpoint(app, ENDPOINTS.downloadPackage, async ({ id }, request, reply) => sendFile(sessions, request, reply, await console.package(await staffOf(request), id), "application/zip"));
  registerEndpoint(app, ENDPOINTS.downloadMaterial, async ({ id, materialId }, request, reply) => sendFile(sessions, request, reply, await console.material(await staffOf(request), id, materialId)));
  registerEndpoint(app, ENDPOINTS.issuedList, async (query, request) => ok(await console.issued(await staffOf(request), query)));

  registerEndpoint(app, ENDPOINTS.setting, async (_query, request) => ok(await settings.setting(await staffOf(request))));
  registerEndpoint(app, ENDPOINTS.saveSetting, async (form, request) => ok(await settings.save(await staffOf(request), form)));
  registerEndpoint(app, ENDPOINTS.issueSeal, async (_body, request) => ok(await settings.issueSeal(await staffOf(request))));
  registerEndpoint(app, ENDPOINTS.staffList, async (_query, request) => ok(await settings.staffList(await staffOf(request))));
  registerEndpoint(app, ENDPOINTS.addStaff, async (form, request) => ok(await settings.addStaff(await staffOf(request), form)));
  registerEndpoint(app, ENDPOINTS.setStaffStatus, async ({ id, status }, request) => ok(await settings.setStaffStatus(await staffOf(request), id, status)));
}

/** The public query of a notarial certificate: tokenless, limited per address like the evidence certificates' lookups. */
export async function notarialCertificateRoutes(app: FastifyInstance, { query, perMinute }: { query: NotarialCertificateQuery; perMinute?: number }) {
  const limit = { onRequest: app.rateLimit({ max: perMinute ?? PUBLIC_VERIFY_PER_MINUTE, timeWindow: "1 minute", groupId: "notarial-certificate-query" }) };
  registerEndpoint(app, NOTARIAL_CERTIFICATE_ENDPOINTS.query, async ({ certificateNo }) => ok(await query.query(certificateNo)), limit);
}
