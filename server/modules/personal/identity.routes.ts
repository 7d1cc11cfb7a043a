import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  EnterpriseFieldsSchema,
  EnterpriseInfoSchema,
  LICENCE_IMAGE_MISSING_MESSAGE,
  LicenceImageSchema,
  PERSONAL_ENDPOINTS,
  RealNameFormSchema,
  RealNameInfoSchema,
} from "../../../src/schema/personal.js";
import { ok } from "../../http/envelope.js";
import { signedBody, signedPostQuery, signedQuery, successResponse } from "../../http/route-schema.js";
import { uploadedFileField } from "../../http/uploaded-file.js";
import type { IdentityService } from "./identity.service.js";
import { requireOwnUid, sessionUserId, uidField } from "./route-helpers.js";

const TAGS = ["个人中心"];
const SUBMIT_RATE_LIMIT = { max: 10, timeWindow: "1 minute" };

export async function identityRoutes(app: FastifyInstance, options: { identity: IdentityService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { identity } = options;

  routes.get(
    `/webapi${PERSONAL_ENDPOINTS.isRealName}`,
    {
      schema: {
        tags: TAGS,
        summary: "是否已实名认证：200 已认证；3020 未认证，3021 审核中，3022 未通过（message 说明原因）",
        querystring: signedQuery({ uid: uidField }),
        response: successResponse(z.null()),
      },
      config: { session: "user" },
    },
    // Returned, not sent: a 200 refreshes the session like any successful call.
    async (request) => ({ ...(await identity.isRealName(requireOwnUid(request, request.query.uid))), datas: null }),
  );

  routes.get(
    `/webapi${PERSONAL_ENDPOINTS.getRealNameInfo}`,
    {
      schema: { tags: TAGS, summary: "个人实名认证状态与最近一次申请（身份证号脱敏）", querystring: signedQuery(), response: successResponse(RealNameInfoSchema) },
      config: { session: "user" },
    },
    async (request) => ok(await identity.getRealNameInfo(sessionUserId(request))),
  );

  routes.post(
    `/webapi${PERSONAL_ENDPOINTS.submitRealName}`,
    {
      schema: {
        tags: TAGS,
        summary: "提交个人实名认证：真实姓名与身份证号，提交后进入审核（状态 1）",
        querystring: signedPostQuery(),
        body: signedBody(RealNameFormSchema.shape),
        response: successResponse(RealNameInfoSchema),
      },
      config: { session: "user", rateLimit: SUBMIT_RATE_LIMIT },
    },
    async (request) => ok(await identity.submitPerson(sessionUserId(request), request.body)),
  );

  routes.get(
    `/webapi${PERSONAL_ENDPOINTS.getEnterpriseInfo}`,
    {
      schema: { tags: TAGS, summary: "企业认证状态与最近一次申请", querystring: signedQuery(), response: successResponse(EnterpriseInfoSchema) },
      config: { session: "user" },
    },
    async (request) => ok(await identity.getEnterpriseInfo(sessionUserId(request))),
  );

  routes.post(
    `/webapi${PERSONAL_ENDPOINTS.submitEnterprise}`,
    {
      schema: {
        tags: TAGS,
        summary: "提交企业认证（multipart/form-data）：企业名称、机构类型 1-5、证件类型与号码、证照图片 licenceImage（jpg/png，不超过 2M）",
        consumes: ["multipart/form-data"],
        querystring: signedPostQuery(),
        body: signedBody({ licenceImage: uploadedFileField(LICENCE_IMAGE_MISSING_MESSAGE).optional() }).and(EnterpriseFieldsSchema),
        response: successResponse(EnterpriseInfoSchema),
      },
      config: { session: "user", rateLimit: SUBMIT_RATE_LIMIT },
    },
    async (request) => {
      const { licenceImage, enterpriseName, institutionType, certificateKind, certificateNumber } = request.body;
      const fields = { enterpriseName, institutionType, certificateKind, certificateNumber };
      return ok(await identity.submitOrganisation(sessionUserId(request), fields, licenceImage));
    },
  );

  routes.get(
    `/webapi${PERSONAL_ENDPOINTS.getLicenceImage}`,
    {
      schema: {
        tags: TAGS,
        summary: "本人企业认证申请的证照图片（data: URL），他人的申请一律答“不存在”",
        querystring: signedQuery({ applicationId: z.coerce.number().int().positive() }),
        response: successResponse(LicenceImageSchema),
      },
      config: { session: "user" },
    },
    async (request) => ok({ imageBase64: await identity.getLicenceImage(sessionUserId(request), request.query.applicationId) }),
  );
}
