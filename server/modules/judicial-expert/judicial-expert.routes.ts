import type { FastifyInstance, FastifyReply } from "fastify";
import { APPRAISAL_ENDPOINTS, APPRAISAL_MESSAGES, APPRAISAL_OPINION_RULE, EXPERT_ENDPOINTS } from "../../../src/schema/judicial-expert.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import { uploadedFileField } from "../../http/uploaded-file.js";
import type { EvidencePort, EvidenceRecord } from "../evidence/evidence.types.js";
import type { EvidenceLibraryServices } from "../evidence-library/evidence-library.module.js";
import { packageFileName } from "../evidence-library/download-reply.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { AppraisalInstitutions } from "./appraisal-institutions.js";
import type { AppraisalOpinions } from "./appraisal-opinions.js";
import type { CommissionService } from "./commissions.service.js";
import type { ExpertDesk } from "./expert-desk.service.js";

export type JudicialExpertRouteOptions = {
  institutions: AppraisalInstitutions;
  commissions: CommissionService;
  desk: ExpertDesk;
  opinions: AppraisalOpinions;
  library: EvidenceLibraryServices;
  evidence: Pick<EvidencePort, "openContent">;
  now: () => number;
};

/** The opinion PDF as a download (the applicant's and the institution's call alike). */
async function sendOpinion(reply: FastifyReply, evidence: Pick<EvidencePort, "openContent">, record: EvidenceRecord) {
  const content = await evidence.openContent(record);
  const name = /\.pdf$/i.test(record.name) ? record.name : `${record.name}.pdf`;
  return sendDownload(reply, content!, { name, contentType: "application/pdf", size: record.size });
}

/** The applicant's calls (APPRAISAL_ENDPOINTS) and the institution's expert's (EXPERT_ENDPOINTS). */
export async function judicialExpertRoutes(app: FastifyInstance, options: JudicialExpertRouteOptions) {
  const { institutions, commissions, desk, opinions, library, evidence } = options;
  const expertPackages = (userId: number) => `appraisal-expert:${userId}`;

  registerEndpoint(app, APPRAISAL_ENDPOINTS.institutions, async () => ok(await institutions.accepting()));
  registerEndpoint(app, APPRAISAL_ENDPOINTS.create, async (form, request) => ok(await commissions.create(sessionUserId(request), form)));
  registerEndpoint(app, APPRAISAL_ENDPOINTS.list, async (query, request) => ok(await commissions.list(sessionUserId(request), query)));
  registerEndpoint(app, APPRAISAL_ENDPOINTS.detail, async ({ id }, request) => ok(await commissions.detail(sessionUserId(request), id)));
  registerEndpoint(app, APPRAISAL_ENDPOINTS.withdraw, async ({ id, note }, request) => ok(await commissions.withdraw(sessionUserId(request), id, note)));
  registerEndpoint(app, APPRAISAL_ENDPOINTS.downloadOpinion, async ({ id }, request, reply) => {
    const row = await commissions.own(sessionUserId(request), id);
    return sendOpinion(reply, evidence, await opinions.record(row));
  });

  registerEndpoint(app, EXPERT_ENDPOINTS.profile, async (_query, request) => ok(await desk.profile(sessionUserId(request))));
  registerEndpoint(app, EXPERT_ENDPOINTS.list, async (query, request) => ok(await desk.list(sessionUserId(request), query)));
  registerEndpoint(app, EXPERT_ENDPOINTS.detail, async ({ id }, request) => ok(await desk.detail(sessionUserId(request), id)));
  registerEndpoint(app, EXPERT_ENDPOINTS.quote, async ({ id, ...quote }, request) => ok(await desk.quote(sessionUserId(request), id, quote)));
  registerEndpoint(app, EXPERT_ENDPOINTS.start, async ({ id }, request) => ok(await desk.start(sessionUserId(request), id)));
  registerEndpoint(app, EXPERT_ENDPOINTS.decline, async ({ id, reason }, request) => ok(await desk.decline(sessionUserId(request), id, reason)));
  registerEndpoint(app, EXPERT_ENDPOINTS.uploadOpinion, async ({ id, file }, request) => ok(await desk.uploadOpinion(sessionUserId(request), id, file)), {
    files: { file: uploadedFileField(APPRAISAL_MESSAGES.opinionMissing).optional() },
    // One byte over the limit marks the file cut off, so the rule's own message answers.
    config: { multipartOptions: { limits: { fileSize: APPRAISAL_OPINION_RULE.maxBytes + 1 } } },
    bodyLimit: APPRAISAL_OPINION_RULE.maxBytes + 1024 * 1024,
  });
  registerEndpoint(app, EXPERT_ENDPOINTS.downloadOpinion, async ({ id }, request, reply) => sendOpinion(reply, evidence, await desk.opinion(sessionUserId(request), id)));
  registerEndpoint(app, EXPERT_ENDPOINTS.downloadEvidence, async ({ commissionId, id, part, index }, request, reply) =>
    library.sendPart(reply, { part, index }, await desk.evidenceRecord(sessionUserId(request), commissionId, id)),
  );
  registerEndpoint(
    app,
    EXPERT_ENDPOINTS.createPackage,
    async ({ commissionId, evidenceIds }, request) => {
      const userId = sessionUserId(request);
      const records = await desk.evidenceRecords(userId, commissionId, evidenceIds);
      return ok(await library.packages.start(expertPackages(userId), records, packageFileName(`鉴定委托证据-${commissionId}`, options.now())));
    },
    { config: { rateLimit: { max: 20, timeWindow: "1 minute" } } },
  );
  registerEndpoint(app, EXPERT_ENDPOINTS.packageStatus, async ({ jobId }, request) => ok(await library.packages.status(expertPackages(sessionUserId(request)), jobId)));
  registerEndpoint(app, EXPERT_ENDPOINTS.downloadPackage, async ({ jobId }, request, reply) => {
    const zip = await library.packages.open(expertPackages(sessionUserId(request)), jobId);
    return sendDownload(reply, zip.stream, { name: zip.fileName, contentType: "application/zip", size: zip.size });
  });
}
