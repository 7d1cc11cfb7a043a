import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CreatedExtractionSchema,
  CreateExtractionSchema,
  DownloadPartQuerySchema,
  EVIDENCE_LIBRARY_ENDPOINTS,
  ExtractionSchema,
  LibraryEvidenceSchema,
  LibraryListQuerySchema,
  PackageIdsSchema,
  PackageStatusSchema,
} from "../../../src/schema/evidence-library.js";
import { EvidenceIdQuerySchema, EvidenceRecordSchema } from "../../../src/schema/evidence.js";
import { pagePSchema, PageQuerySchema } from "../../../src/schema/paging.js";
import { checkTimeRange } from "../../../src/schema/time-range.js";
import { BusinessError, ok } from "../../http/envelope.js";
import { signedBody, signedPostQuery, signedQuery, successResponse } from "../../http/route-schema.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import { packageFileName } from "./download-reply.js";
import type { EvidenceLibraryPorts } from "./evidence-library.ports.js";
import type { ExtractionService } from "./extraction.service.js";
import { sendEvidencePart } from "./item-download.js";
import type { LibraryService } from "./library.service.js";
import type { PackageJobs } from "./package-jobs.js";

const TAGS = ["证据库"];
const webapi = (path: string) => `/webapi${path}`;
const holderOf = (request: FastifyRequest) => Number(request.session!.subjectId);
const ownerKey = (request: FastifyRequest) => `user:${holderOf(request)}`;
const JobIdSchema = z.string().regex(/^[0-9a-f]{32}$/, "打包任务编号不正确");

/** The holder's calls of /evidences (spec §2): the list, extraction codes, and packaged downloads. */
export async function evidenceLibraryRoutes(
  app: FastifyInstance,
  options: { library: LibraryService; extractions: ExtractionService; packages: PackageJobs; ports: EvidenceLibraryPorts; now: () => number },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { library, extractions, packages } = options;
  const config = { session: "user" } as const;

  routes.get(
    webapi(EVIDENCE_LIBRARY_ENDPOINTS.list),
    {
      schema: {
        tags: TAGS,
        summary: "证据列表：本人全部类型的存证（分页 pageP），可按类型 kind、名称 keyName 与存证日期 startTime/endTime（YYYY-MM-DD）筛选",
        querystring: signedQuery(LibraryListQuerySchema.shape),
        response: successResponse(pagePSchema(LibraryEvidenceSchema)),
      },
      config,
    },
    async (request) => {
      const { query } = request;
      const problem = checkTimeRange(query.startTime, query.endTime);
      if (problem) throw new BusinessError(ResultCode.validationFailed, problem.message, { errors: { [problem.field === "start" ? "startTime" : "endTime"]: problem.message } });
      return ok(await library.list(holderOf(request), query));
    },
  );

  routes.get(
    webapi(EVIDENCE_LIBRARY_ENDPOINTS.detail),
    {
      schema: { tags: TAGS, summary: "证据详情：本人任一类型的一条存证", querystring: signedQuery(EvidenceIdQuerySchema.shape), response: successResponse(EvidenceRecordSchema) },
      config,
    },
    async (request) => ok(await library.detail(holderOf(request), request.query.id)),
  );

  routes.post(
    webapi(EVIDENCE_LIBRARY_ENDPOINTS.createExtraction),
    {
      schema: {
        tags: TAGS,
        summary: "生成提取码：所选证据（仅限本人）、有效期 1-30 天；提取码只在此次返回，平台仅保存其 scrypt 摘要",
        querystring: signedPostQuery(),
        body: signedBody(CreateExtractionSchema.shape),
        response: successResponse(CreatedExtractionSchema),
      },
      config: { ...config, rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request) => {
      const { evidenceIds, validDays, remark } = request.body;
      return ok(await extractions.create(holderOf(request), { evidenceIds, validDays, remark }));
    },
  );

  routes.get(
    webapi(EVIDENCE_LIBRARY_ENDPOINTS.extractionList),
    {
      schema: { tags: TAGS, summary: "本人生成的提取记录（分页 pageP）", querystring: signedQuery(PageQuerySchema.shape), response: successResponse(pagePSchema(ExtractionSchema)) },
      config,
    },
    async (request) => ok(await extractions.list(holderOf(request), request.query.pageNumber, request.query.pageSize)),
  );

  routes.post(
    webapi(EVIDENCE_LIBRARY_ENDPOINTS.revokeExtraction),
    {
      schema: {
        tags: TAGS,
        summary: "撤销提取：提取码随即失效，已登录的查看方立即退出",
        querystring: signedPostQuery(),
        body: signedBody({ id: z.coerce.number().int().positive("提取记录不存在") }),
        response: successResponse(ExtractionSchema),
      },
      config,
    },
    async (request) => ok(await extractions.revoke(holderOf(request), request.body.id)),
  );

  routes.post(
    webapi(EVIDENCE_LIBRARY_ENDPOINTS.createPackage),
    {
      schema: {
        tags: TAGS,
        summary: "打包下载：所选证据的原始文件、存证证书、账本证明、manifest.json 与清单.txt 打成一个 ZIP（后台进行，轮询进度）",
        querystring: signedPostQuery(),
        body: signedBody({ evidenceIds: PackageIdsSchema }),
        response: successResponse(PackageStatusSchema),
      },
      config: { ...config, rateLimit: { max: 20, timeWindow: "1 minute" } },
    },
    async (request) => {
      const records = await library.ownRecords(holderOf(request), request.body.evidenceIds);
      return ok(await packages.start(ownerKey(request), records, packageFileName("证据打包", options.now())));
    },
  );

  routes.get(
    webapi(EVIDENCE_LIBRARY_ENDPOINTS.downloadItem),
    {
      schema: {
        tags: TAGS,
        summary: "下载本人一条存证的原始文件（file，保留原文件名与扩展名）、交易凭证的一个附件（attachment，index 为序号）、存证证书 PDF（certificate）或账本证明 .tlog-proof（proof）",
        querystring: signedQuery(DownloadPartQuerySchema.shape),
      },
      config,
    },
    async (request, reply) => sendEvidencePart(reply, options.ports, request.query, await library.ownRecord(holderOf(request), request.query.id)),
  );

  routes.get(
    webapi(EVIDENCE_LIBRARY_ENDPOINTS.packageStatus),
    {
      schema: { tags: TAGS, summary: "打包进度", querystring: signedQuery({ jobId: JobIdSchema }), response: successResponse(PackageStatusSchema) },
      config,
    },
    async (request) => ok(packages.status(ownerKey(request), request.query.jobId)),
  );

  routes.get(
    webapi(EVIDENCE_LIBRARY_ENDPOINTS.downloadPackage),
    {
      schema: { tags: TAGS, summary: "下载打包好的 ZIP（application/zip）", querystring: signedQuery({ jobId: JobIdSchema }) },
      config,
    },
    async (request, reply) => {
      const zip = packages.open(ownerKey(request), request.query.jobId);
      return sendDownload(reply, zip.stream, { name: zip.fileName, contentType: "application/zip", size: zip.size });
    },
  );
}
