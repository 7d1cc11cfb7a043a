import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { EvidenceKind } from "../../../src/schema/evidence-entry.js";
import {
  AffairChildQuerySchema,
  AffairChildrenFieldsSchema,
  AffairFieldsSchema,
  EVIDENCE_ENDPOINTS,
  EVIDENCE_KIND_LABELS,
  EVIDENCE_MAX_FILES_PER_REQUEST,
  EvidenceIdQuerySchema,
  EvidenceListQuerySchema,
  EvidencePageSchema,
  EvidenceRecordSchema,
  evidenceEndpoints,
  FILE_EVIDENCE_MAX_BYTES,
  FileEvidenceFieldsSchema,
  HASH_ORIGINAL_MAX_BYTES,
  HashEvidenceFormSchema,
  RightsFileFieldsSchema,
  RightsHashFormSchema,
  RightsWebFieldsSchema,
  TextEvidenceFormSchema,
  VoucherFieldsSchema,
  WEB_PAGE_UPLOAD_RULE,
} from "../../../src/schema/evidence.js";
import { EVIDENCE_KINDS } from "../../../src/schema/evidence-entry.js";
import { ok } from "../../http/envelope.js";
import { signedBody, signedPostQuery, signedQuery, successResponse } from "../../http/route-schema.js";
import type { StreamedFile } from "../../http/streamed-upload.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { EvidenceService } from "./evidence.service.js";

const TAGS = ["存证"];
const webapi = (path: string) => `/webapi${path}`;

/**
 * Streaming multipart (server/plugins/multipart.ts): fields first, then up to `files` files of at
 * most `maxBytes` each; the parser cuts a file one byte over so the service answers with the
 * upload rule's own message. Nothing is held in memory, so these routes take files far beyond the
 * JSON body limit.
 */
function streamingUpload(maxBytes: number, files = EVIDENCE_MAX_FILES_PER_REQUEST) {
  return {
    session: "user" as const,
    multipartStream: true,
    multipartOptions: { limits: { files: files + 1, parts: files + 1 + 20, fileSize: maxBytes + 1 } },
  };
}

const NO_FILES: AsyncIterable<StreamedFile> = { async *[Symbol.asyncIterator]() {} };
const filesOf = (request: FastifyRequest) => request.upload?.files() ?? NO_FILES;
const user = { session: "user" as const };

export async function evidenceRoutes(app: FastifyInstance, options: { evidence: EvidenceService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { evidence } = options;
  const one = successResponse(EvidenceRecordSchema);
  const multipartSummary = "multipart/form-data：字段在前、文件（file）在后；文件不参与签名";

  // ---- creation, one route per kind ----
  routes.post(
    webapi(evidenceEndpoints("file").create),
    {
      schema: { tags: TAGS, summary: `文件存证：一次可传多个文件，每个文件一条存证、一张证书。${multipartSummary}`, querystring: signedPostQuery(), body: signedBody(FileEvidenceFieldsSchema.shape), response: successResponse(z.array(EvidenceRecordSchema)) },
      config: streamingUpload(FILE_EVIDENCE_MAX_BYTES),
    },
    async (request) => ok(await evidence.saveFiles(sessionUserId(request), request.body, filesOf(request))),
  );
  routes.post(
    webapi(evidenceEndpoints("text").create),
    { schema: { tags: TAGS, summary: "文本存证：每行去除首尾空白、删除空行后存证", querystring: signedPostQuery(), body: signedBody(TextEvidenceFormSchema.shape), response: one }, config: user },
    async (request) => ok(await evidence.saveText(sessionUserId(request), request.body)),
  );
  routes.post(
    webapi(evidenceEndpoints("hash").create),
    { schema: { tags: TAGS, summary: "哈希存证：只提交本地计算的 SHA-256、SM3、文件名与大小", querystring: signedPostQuery(), body: signedBody(HashEvidenceFormSchema.shape), response: one }, config: user },
    async (request) => ok(await evidence.saveHash(sessionUserId(request), request.body)),
  );
  routes.post(
    webapi(evidenceEndpoints("voucher").create),
    {
      schema: { tags: TAGS, summary: `交易凭证存证（亦供对接系统调用）：结构化字段加附件。${multipartSummary}`, querystring: signedPostQuery(), body: signedBody(VoucherFieldsSchema.shape), response: one },
      config: streamingUpload(FILE_EVIDENCE_MAX_BYTES),
    },
    async (request) => ok(await evidence.saveVoucher(sessionUserId(request), request.body, filesOf(request))),
  );
  routes.post(
    webapi(evidenceEndpoints("affair").create),
    {
      schema: { tags: TAGS, summary: `事务存证：每个文件成为一条子存证（各有证书），事务本身的账本记录对子存证的叶哈希取摘要。${multipartSummary}`, querystring: signedPostQuery(), body: signedBody(AffairFieldsSchema.shape), response: one },
      config: streamingUpload(FILE_EVIDENCE_MAX_BYTES),
    },
    async (request) => ok(await evidence.saveAffair(sessionUserId(request), request.body, filesOf(request))),
  );
  routes.post(
    webapi(EVIDENCE_ENDPOINTS.addAffairChildren),
    {
      schema: {
        tags: TAGS,
        summary: `向本人已有的事务追加子存证：每个文件一条子存证（各有账本记录与证书）；事务本身的记录保持创建时的内容。${multipartSummary}`,
        querystring: signedPostQuery(),
        body: signedBody(AffairChildrenFieldsSchema.shape),
        response: successResponse(z.array(EvidenceRecordSchema)),
      },
      config: streamingUpload(FILE_EVIDENCE_MAX_BYTES),
    },
    async (request) => ok(await evidence.addAffairChildren(sessionUserId(request), request.body.parentId, filesOf(request))),
  );
  routes.post(
    webapi(evidenceEndpoints("rightsFile").create),
    {
      schema: { tags: TAGS, summary: `文件确权：作品名称、作者、作品类型、创作完成时间与作品文件。${multipartSummary}`, querystring: signedPostQuery(), body: signedBody(RightsFileFieldsSchema.shape), response: one },
      config: streamingUpload(FILE_EVIDENCE_MAX_BYTES, 1),
    },
    async (request) => ok(await evidence.saveRightsFile(sessionUserId(request), request.body, filesOf(request))),
  );
  routes.post(
    webapi(evidenceEndpoints("rightsHash").create),
    { schema: { tags: TAGS, summary: "哈希确权：作品信息与本地计算的摘要值", querystring: signedPostQuery(), body: signedBody(RightsHashFormSchema.shape), response: one }, config: user },
    async (request) => ok(await evidence.saveRightsHash(sessionUserId(request), request.body)),
  );
  routes.post(
    webapi(evidenceEndpoints("rightsWeb").create),
    {
      schema: {
        tags: TAGS,
        summary: `网页确权：网页地址加持有人保存的网页文件（或其摘要值）；平台不代为访问该地址。${multipartSummary}`,
        querystring: signedPostQuery(),
        body: signedBody(RightsWebFieldsSchema.shape),
        response: one,
      },
      config: streamingUpload(WEB_PAGE_UPLOAD_RULE.maxBytes, 1),
    },
    async (request) => ok(await evidence.saveRightsWeb(sessionUserId(request), request.body, filesOf(request))),
  );
  routes.post(
    webapi(EVIDENCE_ENDPOINTS.applyHashCertificate),
    {
      schema: {
        tags: TAGS,
        summary: `哈希存证申请出证：上传原文件，其 SHA-256、SM3 与大小须与存证时一致。${multipartSummary}`,
        querystring: signedPostQuery(),
        body: signedBody(EvidenceIdQuerySchema.shape),
        response: one,
      },
      config: streamingUpload(HASH_ORIGINAL_MAX_BYTES, 1),
    },
    async (request) => ok(await evidence.applyHashCertificate(sessionUserId(request), request.body.id, filesOf(request))),
  );

  // ---- lists, details, deletion ----
  for (const kind of EVIDENCE_KINDS) registerReadRoutes(kind);

  function registerReadRoutes(kind: EvidenceKind) {
    const endpoints = evidenceEndpoints(kind);
    const label = EVIDENCE_KIND_LABELS[kind];
    routes.get(
      webapi(endpoints.list),
      {
        schema: { tags: TAGS, summary: `${label}列表（本人、未删除；keyName 按名称，startTime/endTime 为 YYYY-MM-DD）`, querystring: signedQuery(EvidenceListQuerySchema.shape), response: successResponse(EvidencePageSchema) },
        config: user,
      },
      async (request) => ok(await evidence.listViews(sessionUserId(request), kind, request.query)),
    );
    routes.get(
      webapi(endpoints.one),
      { schema: { tags: TAGS, summary: `${label}详情`, querystring: signedQuery(EvidenceIdQuerySchema.shape), response: one }, config: user },
      async (request) => ok(await evidence.detailView(sessionUserId(request), request.query.id, kind)),
    );
    routes.post(
      webapi(endpoints.delete),
      {
        schema: { tags: TAGS, summary: `删除${label}：从本人列表中隐藏，账本记录永久保留`, querystring: signedPostQuery(), body: signedBody(EvidenceIdQuerySchema.shape), response: successResponse(z.null()) },
        config: user,
      },
      async (request) => {
        await evidence.hide(sessionUserId(request), request.body.id);
        return ok(null);
      },
    );
  }

  routes.get(
    webapi(EVIDENCE_ENDPOINTS.affairChildList),
    { schema: { tags: TAGS, summary: "事务存证的子存证列表", querystring: signedQuery(AffairChildQuerySchema.shape), response: successResponse(EvidencePageSchema) }, config: user },
    async (request) => ok(await evidence.listChildViews(sessionUserId(request), request.query.parentId, request.query)),
  );
}
