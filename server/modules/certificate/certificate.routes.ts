import type { FastifyInstance } from "fastify";
import { CERTIFICATE_ENDPOINTS as ENDPOINTS } from "../../../src/schema/certificate.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import type { SessionService } from "../session/session.service.js";
import type { CertificateService } from "./certificate.service.js";

/** Public lookups answer anyone, so they are limited per address (one query a second on average). */
export const PUBLIC_VERIFY_PER_MINUTE = 60;

export async function certificateRoutes(app: FastifyInstance, options: { certificates: CertificateService; sessions: SessionService; perMinute?: number }) {
  const { certificates } = options;
  // One budget per kind of lookup, shared by its GET and POST twins: a per-route limit would let an
  // address try twice as many certificate numbers by alternating the two. The groupId names the
  // budget where counters are shared through Redis (server/redis/rate-limit-store.ts).
  const limit = { max: options.perMinute ?? PUBLIC_VERIFY_PER_MINUTE, timeWindow: "1 minute" };
  const byNumber = { onRequest: app.rateLimit({ ...limit, groupId: "verify-by-certificate-no" }) };
  const byDigest = { onRequest: app.rateLimit({ ...limit, groupId: "verify-by-digest" }) };

  registerEndpoint(app, ENDPOINTS.getCertificatePdf, async ({ id }, request, reply) => {
    const { certificateNo, pdf } = await certificates.pdfForHolder(Number(request.session!.subjectId), Number(id));
    // A file answer skips the envelope, whose serialisation is where sessions are refreshed.
    await options.sessions.refresh(request.session!);
    return sendDownload(reply, pdf, { name: `存证证书-${certificateNo}.pdf`, contentType: "application/pdf" });
  });

  registerEndpoint(app, ENDPOINTS.verifyByCertificateNo, async ({ certificateNo }) => ok(await certificates.verifyByCertificateNo(certificateNo)), byNumber);
  registerEndpoint(app, ENDPOINTS.verifyByCertificateNoPost, async ({ certificateNo }) => ok(await certificates.verifyByCertificateNo(certificateNo)), byNumber);
  registerEndpoint(app, ENDPOINTS.verifyByDigest, async ({ sha256 }) => ok(await certificates.verifyByDigest(sha256)), byDigest);
  registerEndpoint(app, ENDPOINTS.verifyByDigestPost, async ({ sha256 }) => ok(await certificates.verifyByDigest(sha256)), byDigest);
}
