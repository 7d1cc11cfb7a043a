import type { FastifyInstance, FastifyRequest } from "fastify";
import { CONSULTATION_ATTACHMENT_RULE, LAWYER_SERVICE_ENDPOINTS as ENDPOINTS, LAWYER_SERVICE_LIMITS } from "../../../src/schema/lawyer-service.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import type { StreamedFile } from "../../http/streamed-upload.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { ConsultationService } from "./consultation.service.js";
import type { LawyerProfiles } from "./lawyer-profiles.service.js";

const NO_FILES: AsyncIterable<StreamedFile> = { async *[Symbol.asyncIterator]() {} };

/**
 * A message's attachments are streamed (server/plugins/multipart.ts): fields first, then up to
 * the per-message count of files; one file more than that, or a byte over the size limit, is
 * refused with the attachment rule's own message.
 */
const STREAMED_ATTACHMENTS = {
  config: {
    multipartStream: true,
    multipartOptions: {
      limits: { files: LAWYER_SERVICE_LIMITS.attachmentsPerMessage + 1, parts: LAWYER_SERVICE_LIMITS.attachmentsPerMessage + 1 + 20, fileSize: CONSULTATION_ATTACHMENT_RULE.maxBytes + 1 },
    },
  },
};

/** The lawyer service calls (src/schema/lawyer-service.ts LAWYER_SERVICE_ENDPOINTS). */
export async function lawyerRoutes(app: FastifyInstance, { lawyers, consultations }: { lawyers: LawyerProfiles; consultations: ConsultationService }) {
  const me = (request: FastifyRequest) => sessionUserId(request);
  registerEndpoint(app, ENDPOINTS.lawyers, async (_query, request) => ok(await lawyers.choosable(me(request))));
  registerEndpoint(app, ENDPOINTS.myProfile, async (_query, request) => ok({ profile: await lawyers.ofAccount(me(request)) }));
  registerEndpoint(app, ENDPOINTS.saveIntroduction, async ({ introduction }, request) => ok(await lawyers.saveIntroduction(me(request), introduction)));
  registerEndpoint(app, ENDPOINTS.create, async (form, request) => ok(await consultations.create(me(request), form)));
  registerEndpoint(app, ENDPOINTS.list, async (query, request) => ok(await consultations.list(me(request), "user", query)));
  registerEndpoint(app, ENDPOINTS.receivedList, async (query, request) => ok(await consultations.list(me(request), "lawyer", query)));
  registerEndpoint(app, ENDPOINTS.detail, async ({ id }, request) => ok(await consultations.detail(me(request), id)));
  registerEndpoint(app, ENDPOINTS.markRead, async ({ id, lastMessageId }, request) => ok(await consultations.markRead(me(request), id, lastMessageId)));
  registerEndpoint(
    app,
    ENDPOINTS.post,
    async ({ id, text, requestKey }, request) => ok(await consultations.post(me(request), id, { text, requestKey }, request.upload?.files() ?? NO_FILES)),
    STREAMED_ATTACHMENTS,
  );
  registerEndpoint(app, ENDPOINTS.close, async ({ id, summary }, request) => ok(await consultations.close(me(request), id, summary)));
  registerEndpoint(app, ENDPOINTS.downloadAttachment, async ({ id }, request, reply) => {
    const file = await consultations.attachment(me(request), id);
    return sendDownload(reply, file.body, { name: file.name, contentType: file.contentType, size: file.size });
  });
}
