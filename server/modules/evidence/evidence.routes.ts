import type { FastifyInstance } from "fastify";
import {
  EVIDENCE_ENDPOINTS,
  EVIDENCE_KIND_ENDPOINTS as KINDS,
  EVIDENCE_MAX_FILES_PER_REQUEST,
  FILE_EVIDENCE_MAX_BYTES,
  HASH_ORIGINAL_MAX_BYTES,
  WEB_PAGE_UPLOAD_RULE,
} from "../../../src/schema/evidence.js";
import { SUBMITTED_EVIDENCE_KINDS } from "../../../src/schema/evidence-entry.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { streamingUpload as streamedUploadOptions, uploadedFilesOf } from "../../http/streamed-upload.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { EvidenceService } from "./evidence.service.js";

/** Up to the evidence calls' number of files per request unless said otherwise (streamed-upload.ts). */
const streamingUpload = (maxBytes: number, files = EVIDENCE_MAX_FILES_PER_REQUEST) => streamedUploadOptions(maxBytes, files);
const filesOf = uploadedFilesOf;

export async function evidenceRoutes(app: FastifyInstance, options: { evidence: EvidenceService }) {
  const { evidence } = options;
  const anyFile = streamingUpload(FILE_EVIDENCE_MAX_BYTES);
  const oneFile = streamingUpload(FILE_EVIDENCE_MAX_BYTES, 1);

  // ---- creation, one route per kind ----
  registerEndpoint(app, KINDS.file.create, async (fields, request) => ok(await evidence.saveFiles(sessionUserId(request), fields, filesOf(request))), anyFile);
  registerEndpoint(app, KINDS.text.create, async (body, request) => ok(await evidence.saveText(sessionUserId(request), body)));
  registerEndpoint(app, KINDS.hash.create, async (body, request) => ok(await evidence.saveHash(sessionUserId(request), body)));
  registerEndpoint(app, KINDS.voucher.create, async (fields, request) => ok(await evidence.saveVoucher(sessionUserId(request), fields, filesOf(request))), anyFile);
  registerEndpoint(app, KINDS.affair.create, async (fields, request) => ok(await evidence.saveAffair(sessionUserId(request), fields, filesOf(request))), anyFile);
  registerEndpoint(
    app,
    EVIDENCE_ENDPOINTS.addAffairChildren,
    async ({ parentId }, request) => ok(await evidence.addAffairChildren(sessionUserId(request), parentId, filesOf(request))),
    anyFile,
  );
  registerEndpoint(app, KINDS.rightsFile.create, async (fields, request) => ok(await evidence.saveRightsFile(sessionUserId(request), fields, filesOf(request))), oneFile);
  registerEndpoint(app, KINDS.rightsHash.create, async (body, request) => ok(await evidence.saveRightsHash(sessionUserId(request), body)));
  registerEndpoint(
    app,
    KINDS.rightsWeb.create,
    async (fields, request) => ok(await evidence.saveRightsWeb(sessionUserId(request), fields, filesOf(request))),
    streamingUpload(WEB_PAGE_UPLOAD_RULE.maxBytes, 1),
  );
  registerEndpoint(
    app,
    EVIDENCE_ENDPOINTS.applyHashCertificate,
    async ({ id }, request) => ok(await evidence.applyHashCertificate(sessionUserId(request), id, filesOf(request))),
    streamingUpload(HASH_ORIGINAL_MAX_BYTES, 1),
  );

  // ---- lists, details, deletion ----
  for (const kind of SUBMITTED_EVIDENCE_KINDS) {
    const endpoints = KINDS[kind];
    registerEndpoint(app, endpoints.list, async (query, request) => ok(await evidence.listViews(sessionUserId(request), kind, query)));
    registerEndpoint(app, endpoints.one, async ({ id }, request) => ok(await evidence.detailView(sessionUserId(request), id, kind)));
    registerEndpoint(app, endpoints.delete, async ({ id }, request) => {
      await evidence.hide(sessionUserId(request), id);
      return ok(null);
    });
  }

  registerEndpoint(app, EVIDENCE_ENDPOINTS.affairChildList, async (query, request) => ok(await evidence.listChildViews(sessionUserId(request), query.parentId, query)));
}
