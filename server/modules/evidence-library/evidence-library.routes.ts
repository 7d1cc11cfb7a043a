import type { FastifyInstance, FastifyRequest } from "fastify";
import { EVIDENCE_LIBRARY_ENDPOINTS as ENDPOINTS } from "../../../src/schema/evidence-library.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { checkTimeRange } from "../../../src/schema/time-range.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { BusinessError, ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import { packageFileName } from "./download-reply.js";
import type { EvidenceLibraryPorts } from "./evidence-library.ports.js";
import type { ExtractionService } from "./extraction.service.js";
import { sendEvidencePart } from "./item-download.js";
import type { LibraryService } from "./library.service.js";
import type { PackageJobs } from "./package-jobs.js";

const holderOf = (request: FastifyRequest) => Number(request.session!.subjectId);
const ownerKey = (request: FastifyRequest) => `user:${holderOf(request)}`;

/** The holder's calls of /evidences (spec §2): the list, extraction codes, and packaged downloads. */
export async function evidenceLibraryRoutes(
  app: FastifyInstance,
  options: { library: LibraryService; extractions: ExtractionService; packages: PackageJobs; ports: EvidenceLibraryPorts; now: () => number },
) {
  const { library, extractions, packages } = options;

  registerEndpoint(app, ENDPOINTS.list, async (query, request) => {
    const problem = checkTimeRange(query.startTime, query.endTime);
    if (problem) throw new BusinessError(ResultCode.validationFailed, problem.message, { errors: { [problem.field === "start" ? "startTime" : "endTime"]: problem.message } });
    return ok(await library.list(holderOf(request), query));
  });

  registerEndpoint(app, ENDPOINTS.detail, async ({ id }, request) => ok(await library.detail(holderOf(request), id)));

  registerEndpoint(
    app,
    ENDPOINTS.createExtraction,
    async ({ evidenceIds, validDays, remark }, request) => ok(await extractions.create(holderOf(request), { evidenceIds, validDays, remark })),
    { config: { rateLimit: { max: 30, timeWindow: "1 minute" } } },
  );

  registerEndpoint(app, ENDPOINTS.extractionList, async ({ pageNumber, pageSize }, request) => ok(await extractions.list(holderOf(request), pageNumber, pageSize)));

  registerEndpoint(app, ENDPOINTS.revokeExtraction, async ({ id }, request) => ok(await extractions.revoke(holderOf(request), id)));

  registerEndpoint(
    app,
    ENDPOINTS.createPackage,
    async ({ evidenceIds }, request) => {
      const records = await library.ownRecords(holderOf(request), evidenceIds);
      return ok(await packages.start(ownerKey(request), records, packageFileName("证据打包", options.now())));
    },
    { config: { rateLimit: { max: 20, timeWindow: "1 minute" } } },
  );

  registerEndpoint(app, ENDPOINTS.downloadItem, async (query, request, reply) => sendEvidencePart(reply, options.ports, query, await library.ownRecord(holderOf(request), query.id)));

  registerEndpoint(app, ENDPOINTS.packageStatus, async ({ jobId }, request) => ok(await packages.status(ownerKey(request), jobId)));

  registerEndpoint(app, ENDPOINTS.downloadPackage, async ({ jobId }, request, reply) => {
    const zip = await packages.open(ownerKey(request), jobId);
    return sendDownload(reply, zip.stream, { name: zip.fileName, contentType: "application/zip", size: zip.size });
  });
}
