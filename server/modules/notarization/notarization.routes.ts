import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { NOTARIZATION_ENDPOINTS as ENDPOINTS, NOTARIZATION_LIMITS } from "../../../src/schema/notarization.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import { streamingUpload, uploadedFilesOf } from "../../http/streamed-upload.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { SessionService } from "../session/session.service.js";
import type { Download, NotarizationService } from "./notarization.service.js";

/** A file answer: the envelope (where sessions are refreshed) is skipped, so the session is refreshed here. */
export async function sendFile(sessions: Pick<SessionService, "refresh">, request: FastifyRequest, reply: FastifyReply, file: Download, contentType = "application/octet-stream") {
  await sessions.refresh(request.session!);
  return sendDownload(reply, file.body, { name: file.name, contentType, ...(file.size === undefined ? {} : { size: file.size }) });
}

/** The applicant's notarisation calls (src/schema/notarization.ts NOTARIZATION_ENDPOINTS). */
export async function notarizationRoutes(app: FastifyInstance, { notarizations, sessions }: { notarizations: NotarizationService; sessions: SessionService }) {
  registerEndpoint(app, ENDPOINTS.offices, async () => ok(await notarizations.offices()));
  registerEndpoint(app, ENDPOINTS.saveDraft, async (form, request) => ok(await notarizations.saveDraft(sessionUserId(request), form)));
  registerEndpoint(app, ENDPOINTS.submit, async ({ id }, request) => ok(await notarizations.submit(sessionUserId(request), id)));
  registerEndpoint(app, ENDPOINTS.withdraw, async ({ id, reason }, request) => ok(await notarizations.withdraw(sessionUserId(request), id, reason)));
  registerEndpoint(
    app,
    ENDPOINTS.supplement,
    async ({ id, note }, request) => ok(await notarizations.supplement(sessionUserId(request), id, note, uploadedFilesOf(request))),
    streamingUpload(NOTARIZATION_LIMITS.materialFileMaxBytes, NOTARIZATION_LIMITS.materialFilesMax),
  );
  registerEndpoint(app, ENDPOINTS.list, async (query, request) => ok(await notarizations.list(sessionUserId(request), query)));
  registerEndpoint(app, ENDPOINTS.detail, async ({ id }, request) => ok(await notarizations.detail(sessionUserId(request), id)));
  registerEndpoint(app, ENDPOINTS.evidenceOfKind, async ({ id, kind }, request) => ok(await notarizations.evidenceOfKind(sessionUserId(request), id, kind)));
  registerEndpoint(app, ENDPOINTS.downloadMaterial, async ({ id, materialId }, request, reply) => sendFile(sessions, request, reply, await notarizations.material(sessionUserId(request), id, materialId)));
  registerEndpoint(app, ENDPOINTS.downloadCertificate, async ({ id }, request, reply) =>
    sendFile(sessions, request, reply, await notarizations.certificatePdf(sessionUserId(request), id), "application/pdf"),
  );
}
