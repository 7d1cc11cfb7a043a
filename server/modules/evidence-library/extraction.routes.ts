import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DownloadPartQuerySchema,
  EXTRACTION_ENDPOINTS,
  EXTRACTION_MESSAGE,
  ExtractedEvidenceSchema,
  ExtractionCode,
  ExtractLoginSchema,
  ExtractSessionSchema,
  PackageIdsSchema,
  PackageStatusSchema,
} from "../../../src/schema/evidence-library.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { BusinessError, ok } from "../../http/envelope.js";
import { signedBody, signedPostQuery, signedQuery, successResponse } from "../../http/route-schema.js";
import { CAPTCHA_COOKIE, type CaptchaService } from "../security/captcha.service.js";
import { sendDownload } from "../../http/file-download.js";
import { packageFileName } from "./download-reply.js";
import { sendEvidencePart } from "./item-download.js";
import type { EvidenceLibraryPorts } from "./evidence-library.ports.js";
import type { ExtractionService, OpenExtraction } from "./extraction.service.js";
import { toExtractedEvidence } from "./library.service.js";
import type { PackageJobs } from "./package-jobs.js";

const TAGS = ["证据提取"];
const webapi = (path: string) => `/webapi${path}`;
/** The extraction session: HttpOnly, sent only to the extraction calls, never to another site. */
export const EXTRACT_COOKIE = "hz_extract";
const COOKIE_PATH = "/webapi/extractEvidence";
const JobIdSchema = z.string().regex(/^[0-9a-f]{32}$/, "打包任务编号不正确");

export interface ExtractionRouteOptions {
  extractions: ExtractionService;
  packages: PackageJobs;
  ports: EvidenceLibraryPorts;
  captchas: CaptchaService;
  loginPerMinute: number;
  now: () => number;
}

/**
 * The third party's calls (/info/extractLogin, /info/extractList): log in with the extraction
 * number, code and image captcha, then list and download only the granted items. No user session
 * is involved: the extraction session is its own cookie and ends with the grant.
 */
export async function extractionRoutes(app: FastifyInstance, options: ExtractionRouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { extractions, packages, ports, captchas } = options;
  const config = { session: "tokenless" } as const;
  const opened = (request: FastifyRequest) => extractions.open(request.cookies[EXTRACT_COOKIE]);
  const ownerKey = (extraction: OpenExtraction) => `extract:${extraction.id}`;

  routes.post(
    webapi(EXTRACTION_ENDPOINTS.login),
    {
      schema: {
        tags: TAGS,
        summary: "提取登录：提取编号（8 位）、提取码（6 位数字）、图形验证码（/extractEvidence/v2/getCode）",
        description: "200 登录成功（设置 HttpOnly Cookie hz_extract）；1002 图形验证码错误；5101 编号或提取码不正确、已过期或已撤销；5102 错误次数过多暂时锁定。",
        querystring: signedPostQuery(),
        body: signedBody(ExtractLoginSchema.shape),
        response: successResponse(ExtractSessionSchema),
      },
      config: { ...config, rateLimit: { max: options.loginPerMinute, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const { extractNo, extractCode, vCode } = request.body;
      if (!(await captchas.verify(request.cookies[CAPTCHA_COOKIE], vCode))) {
        throw new BusinessError(ExtractionCode.captchaInvalid, EXTRACTION_MESSAGE.captchaInvalid, { errors: { vCode: EXTRACTION_MESSAGE.captchaInvalid } });
      }
      const { token, session } = await extractions.login(extractNo, extractCode);
      reply.setCookie(EXTRACT_COOKIE, token, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: "strict",
        secure: request.isServedOverTls,
        expires: new Date(session.expiresAt),
      });
      return ok(session);
    },
  );

  routes.post(
    webapi(EXTRACTION_ENDPOINTS.logout),
    { schema: { tags: TAGS, summary: "退出提取登录", querystring: signedPostQuery(), body: signedBody({}), response: successResponse(z.null()) }, config },
    async (request, reply) => {
      await extractions.logout(request.cookies[EXTRACT_COOKIE]);
      reply.clearCookie(EXTRACT_COOKIE, { path: COOKIE_PATH });
      return ok(null);
    },
  );

  routes.get(
    webapi(EXTRACTION_ENDPOINTS.list),
    {
      schema: {
        tags: TAGS,
        summary: "提取列表：持有人授权查看的证据（名称、类型、摘要、存证时间、证书编号）",
        querystring: signedQuery(),
        response: successResponse(z.object({ session: ExtractSessionSchema, list: z.array(ExtractedEvidenceSchema) })),
      },
      config,
    },
    async (request) => {
      const extraction = await opened(request);
      const [session, items] = await Promise.all([extractions.sessionOf(extraction), extractions.items(extraction)]);
      return ok({ session, list: items.map(toExtractedEvidence) });
    },
  );

  routes.get(
    webapi(EXTRACTION_ENDPOINTS.download),
    {
      schema: {
        tags: TAGS,
        summary: "下载一条授权证据的原始文件（file，保留原文件名与扩展名）、交易凭证的一个附件（attachment，index 为序号）、存证证书 PDF（certificate）或账本证明 .tlog-proof（proof）",
        querystring: signedQuery(DownloadPartQuerySchema.shape),
      },
      config,
    },
    async (request, reply) => {
      const record = await extractions.item(await opened(request), request.query.id);
      return sendEvidencePart(reply, ports, request.query, record);
    },
  );

  routes.post(
    webapi(EXTRACTION_ENDPOINTS.createPackage),
    {
      schema: { tags: TAGS, summary: "打包下载所选的授权证据", querystring: signedPostQuery(), body: signedBody({ evidenceIds: PackageIdsSchema }), response: successResponse(PackageStatusSchema) },
      config: { ...config, rateLimit: { max: 20, timeWindow: "1 minute" } },
    },
    async (request) => {
      const extraction = await opened(request);
      const records = await extractions.itemsAmong(extraction, request.body.evidenceIds);
      return ok(await packages.start(ownerKey(extraction), records, packageFileName(`证据提取-${extraction.extractNo}`, options.now())));
    },
  );

  routes.get(
    webapi(EXTRACTION_ENDPOINTS.packageStatus),
    { schema: { tags: TAGS, summary: "打包进度", querystring: signedQuery({ jobId: JobIdSchema }), response: successResponse(PackageStatusSchema) }, config },
    async (request) => ok(packages.status(ownerKey(await opened(request)), request.query.jobId)),
  );

  routes.get(
    webapi(EXTRACTION_ENDPOINTS.downloadPackage),
    { schema: { tags: TAGS, summary: "下载打包好的 ZIP", querystring: signedQuery({ jobId: JobIdSchema }) }, config },
    async (request, reply) => {
      const zip = packages.open(ownerKey(await opened(request)), request.query.jobId);
      return sendDownload(reply, zip.stream, { name: zip.fileName, contentType: "application/zip", size: zip.size });
    },
  );
}
