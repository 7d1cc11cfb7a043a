import type { FastifyInstance } from "fastify";
import { SEAL_ENDPOINTS, SEAL_IMAGE_UPLOAD_RULE, SEAL_PDF_UPLOAD_RULE } from "../../../src/schema/seal.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import { uploadedFileField } from "../../http/uploaded-file.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { SealService } from "./seal.service.js";

/** One file of at most `maxBytes` (one byte over marks it cut off, so the rule's own message answers). */
const oneFile = (maxBytes: number, missing: string) => ({
  files: { file: uploadedFileField(missing).optional() },
  config: { multipartOptions: { limits: { fileSize: maxBytes + 1 } } },
  bodyLimit: maxBytes + 1024 * 1024,
});

/** The electronic seal calls (src/schema/seal.ts SEAL_ENDPOINTS). */
export async function sealRoutes(app: FastifyInstance, { seals }: { seals: SealService }) {
  registerEndpoint(app, SEAL_ENDPOINTS.config, async (_query, request) => ok(await seals.config(sessionUserId(request))));
  registerEndpoint(app, SEAL_ENDPOINTS.saveConfig, async (form, request) => ok(await seals.saveConfig(sessionUserId(request), form)));
  registerEndpoint(app, SEAL_ENDPOINTS.uploadImage, async ({ file }, request) => ok(await seals.uploadImage(sessionUserId(request), file)), oneFile(SEAL_IMAGE_UPLOAD_RULE.maxBytes, "请选择印章图片"));
  registerEndpoint(app, SEAL_ENDPOINTS.preview, async (query, request) => ok(await seals.preview(sessionUserId(request), query)));
  registerEndpoint(app, SEAL_ENDPOINTS.issueCertificate, async (_body, request) => ok(await seals.issueCertificate(sessionUserId(request))));
  registerEndpoint(
    app,
    SEAL_ENDPOINTS.sealUpload,
    async ({ file, ...fields }, request) => ok(await seals.sealUpload(sessionUserId(request), fields, file)),
    oneFile(SEAL_PDF_UPLOAD_RULE.maxBytes, "请选择要用印的 PDF 文件"),
  );
  registerEndpoint(app, SEAL_ENDPOINTS.sealCertificate, async (body, request) => ok(await seals.sealCertificate(sessionUserId(request), body)));
  registerEndpoint(app, SEAL_ENDPOINTS.one, async ({ id }, request) => ok(await seals.one(sessionUserId(request), id)));
  registerEndpoint(app, SEAL_ENDPOINTS.list, async (query, request) => ok(await seals.list(sessionUserId(request), query)));
  registerEndpoint(app, SEAL_ENDPOINTS.download, async ({ id }, request, reply) => {
    const file = await seals.download(sessionUserId(request), id);
    return sendDownload(reply, file.body, { name: file.name, contentType: "application/pdf", size: file.body.length });
  });
}
