import type { FastifyInstance } from "fastify";
import { LICENCE_IMAGE_MISSING_MESSAGE, PERSONAL_ENDPOINTS } from "../../../src/schema/personal.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { uploadedFileField } from "../../http/uploaded-file.js";
import type { IdentityService } from "./identity.service.js";
import { requireOwnUid, sessionUserId } from "./route-helpers.js";

const SUBMIT_LIMITS = { config: { rateLimit: { max: 10, timeWindow: "1 minute" } } };

export async function identityRoutes(app: FastifyInstance, options: { identity: IdentityService }) {
  const { identity } = options;

  // Returned, not sent: a 200 refreshes the session like any successful call.
  registerEndpoint(app, PERSONAL_ENDPOINTS.isRealName, async ({ uid }, request) => ({
    ...(await identity.isRealName(requireOwnUid(request, uid))),
    datas: null,
  }));

  registerEndpoint(app, PERSONAL_ENDPOINTS.getRealNameInfo, async (_params, request) => ok(await identity.getRealNameInfo(sessionUserId(request))));

  registerEndpoint(app, PERSONAL_ENDPOINTS.submitRealName, async (form, request) => ok(await identity.submitPerson(sessionUserId(request), form)), SUBMIT_LIMITS);

  registerEndpoint(app, PERSONAL_ENDPOINTS.getEnterpriseInfo, async (_params, request) => ok(await identity.getEnterpriseInfo(sessionUserId(request))));

  registerEndpoint(
    app,
    PERSONAL_ENDPOINTS.submitEnterprise,
    async ({ licenceImage, ...fields }, request) => ok(await identity.submitOrganisation(sessionUserId(request), fields, licenceImage)),
    { ...SUBMIT_LIMITS, files: { licenceImage: uploadedFileField(LICENCE_IMAGE_MISSING_MESSAGE).optional() } },
  );

  registerEndpoint(app, PERSONAL_ENDPOINTS.getLicenceImage, async ({ applicationId }, request) =>
    ok({ imageBase64: await identity.getLicenceImage(sessionUserId(request), applicationId) }),
  );
}
