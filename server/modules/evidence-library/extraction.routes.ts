import type { FastifyInstance, FastifyRequest } from "fastify";
import { EXTRACTION_ENDPOINTS as ENDPOINTS, EXTRACTION_MESSAGE, ExtractionCode } from "../../../src/schema/evidence-library.js";
import { WEBAPI_PREFIX } from "../../../src/schema/contract.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { BusinessError, ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import { CAPTCHA_COOKIE, type CaptchaService } from "../security/captcha.service.js";
import { packageFileName } from "./download-reply.js";
import type { EvidenceLibraryPorts } from "./evidence-library.ports.js";
import type { ExtractionService, OpenExtraction } from "./extraction.service.js";
import { sendEvidencePart } from "./item-download.js";
import { toExtractedEvidence } from "./library.service.js";
import type { PackageJobs } from "./package-jobs.js";

/** The extraction session: HttpOnly, sent only to the extraction calls, never to another site. */
export const EXTRACT_COOKIE = "hz_extract";
const COOKIE_PATH = `${WEBAPI_PREFIX}/extractEvidence`;

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
  const { extractions, packages, ports, captchas } = options;
  const opened = (request: FastifyRequest) => extractions.open(request.cookies[EXTRACT_COOKIE]);
  const ownerKey = (extraction: OpenExtraction) => `extract:${extraction.id}`;

  registerEndpoint(
    app,
    ENDPOINTS.login,
    async ({ extractNo, extractCode, vCode }, request, reply) => {
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
    { config: { rateLimit: { max: options.loginPerMinute, timeWindow: "1 minute" } } },
  );

  registerEndpoint(app, ENDPOINTS.logout, async (_params, request, reply) => {
    await extractions.logout(request.cookies[EXTRACT_COOKIE]);
    reply.clearCookie(EXTRACT_COOKIE, { path: COOKIE_PATH });
    return ok(null);
  });

  registerEndpoint(app, ENDPOINTS.list, async (_params, request) => {
    const extraction = await opened(request);
    const [session, items] = await Promise.all([extractions.sessionOf(extraction), extractions.items(extraction)]);
    return ok({ session, list: items.map(toExtractedEvidence) });
  });

  registerEndpoint(app, ENDPOINTS.download, async (query, request, reply) => {
    const record = await extractions.item(await opened(request), query.id);
    return sendEvidencePart(reply, ports, query, record);
  });

  registerEndpoint(
    app,
    ENDPOINTS.createPackage,
    async ({ evidenceIds }, request) => {
      const extraction = await opened(request);
      const records = await extractions.itemsAmong(extraction, evidenceIds);
      return ok(await packages.start(ownerKey(extraction), records, packageFileName(`证据提取-${extraction.extractNo}`, options.now())));
    },
    { config: { rateLimit: { max: 20, timeWindow: "1 minute" } } },
  );

  registerEndpoint(app, ENDPOINTS.packageStatus, async ({ jobId }, request) => ok(await packages.status(ownerKey(await opened(request)), jobId)));

  registerEndpoint(app, ENDPOINTS.downloadPackage, async ({ jobId }, request, reply) => {
    const zip = await packages.open(ownerKey(await opened(request)), jobId);
    return sendDownload(reply, zip.stream, { name: zip.fileName, contentType: "application/zip", size: zip.size });
  });
}
