import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PublicCertificateSchema, VerifyByCertificateNoQuerySchema, VerifyByDigestQuerySchema } from "../../../src/schema/certificate.js";
import { ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import { signedBody, signedPostQuery, signedQuery, successResponse } from "../../http/route-schema.js";
import type { SessionService } from "../session/session.service.js";
import type { CertificateService } from "./certificate.service.js";

/** Public lookups answer anyone, so they are limited per address (one query a second on average). */
export const PUBLIC_VERIFY_PER_MINUTE = 60;

const TAG = "存证证书";

export async function certificateRoutes(app: FastifyInstance, options: { certificates: CertificateService; sessions: SessionService; perMinute?: number }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { certificates } = options;
  // One budget per kind of lookup, shared by its GET and POST twins: a per-route limit would let an
  // address try twice as many certificate numbers by alternating the two.
  const limit = { max: options.perMinute ?? PUBLIC_VERIFY_PER_MINUTE, timeWindow: "1 minute" };
  const byNumberLimit = app.rateLimit(limit);
  const byDigestLimit = app.rateLimit(limit);

  routes.get(
    "/webapi/certificate/v2/getCertificatePdf",
    {
      schema: {
        tags: [TAG],
        summary: "下载存证证书 PDF（仅证据持有人）：内嵌账本记录原文与 C2SP tlog-proof，可离线核验",
        description: "成功时应答 application/pdf 文件；404 证书不存在（包括不属于当前用户的记录）。",
        querystring: signedQuery({ id: z.string().min(1, "缺少存证记录编号").max(64).describe("存证记录编号") }),
      },
      config: { session: "user" },
    },
    async (request, reply) => {
      const { certificateNo, pdf } = await certificates.pdfForHolder(Number(request.session!.subjectId), Number(request.query.id));
      // A file answer skips the envelope, whose serialisation is where sessions are refreshed.
      await options.sessions.refresh(request.session!);
      return sendDownload(reply, pdf, { name: `存证证书-${certificateNo}.pdf`, contentType: "application/pdf" });
    },
  );

  const publicAnswer = {
    tags: [TAG],
    response: successResponse(PublicCertificateSchema),
  };

  routes.get(
    "/webapi/certificate/v2/verifyByCertificateNo",
    {
      schema: {
        ...publicAnswer,
        summary: "公开核验：按证书编号取得账本记录、证明包（含签名检查点）与脱敏的展示信息，由浏览器自行核验",
        querystring: signedQuery(VerifyByCertificateNoQuerySchema.shape),
      },
      config: { session: "tokenless" },
      onRequest: byNumberLimit,
    },
    async (request) => ok(await certificates.verifyByCertificateNo(request.query.certificateNo)),
  );
  routes.post(
    "/webapi/certificate/v2/verifyByCertificateNo",
    {
      schema: { ...publicAnswer, summary: "同 GET：按证书编号公开核验", querystring: signedPostQuery(), body: signedBody(VerifyByCertificateNoQuerySchema.shape) },
      config: { session: "tokenless" },
      onRequest: byNumberLimit,
    },
    async (request) => ok(await certificates.verifyByCertificateNo(request.body.certificateNo)),
  );

  const digestAnswer = { tags: [TAG], response: successResponse(z.array(PublicCertificateSchema)) };
  routes.get(
    "/webapi/certificate/v2/verifyByDigest",
    {
      schema: {
        ...digestAnswer,
        summary: "公开核验：按文件 SHA-256 查找存证（文件在浏览器本地计算摘要，不上传），应答全部一致的存证",
        querystring: signedQuery(VerifyByDigestQuerySchema.shape),
      },
      config: { session: "tokenless" },
      onRequest: byDigestLimit,
    },
    async (request) => ok(await certificates.verifyByDigest(request.query.sha256)),
  );
  routes.post(
    "/webapi/certificate/v2/verifyByDigest",
    {
      schema: { ...digestAnswer, summary: "同 GET：按文件 SHA-256 公开核验", querystring: signedPostQuery(), body: signedBody(VerifyByDigestQuerySchema.shape) },
      config: { session: "tokenless" },
      onRequest: byDigestLimit,
    },
    async (request) => ok(await certificates.verifyByDigest(request.body.sha256)),
  );
}
