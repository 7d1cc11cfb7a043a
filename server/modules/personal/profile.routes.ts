import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AVATAR_MAX_BYTES } from "../../../src/schema/constants.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { IndustryIdSchema } from "../../../src/schema/lists.js";
import { AVATAR_BASE64_MAX_CHARS, AVATAR_SAVED_MESSAGE, AvatarSavedSchema, PERSONAL_ENDPOINTS, ProfileSchema } from "../../../src/schema/personal.js";
import { RegionSelectionSchema } from "../../../src/schema/regions.js";
import { AVATAR_UPLOAD_RULE } from "../../../src/schema/upload.js";
import { ok, sendFailure } from "../../http/envelope.js";
import { signedBody, signedPostQuery, signedQuery, successResponse } from "../../http/route-schema.js";
import { AVATAR_URL_PREFIX, type ProfileService } from "./profile.service.js";
import { requireOwnUid, sessionUserId, uidField } from "./route-helpers.js";

/** Room for the longest allowed data: URL; a longer field is cut here and then refused as too large. */
const AVATAR_FIELD_MAX_CHARS = AVATAR_BASE64_MAX_CHARS + 64;

export async function profileRoutes(app: FastifyInstance, options: { profiles: ProfileService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { profiles } = options;

  routes.get(
    `/webapi${PERSONAL_ENDPOINTS.getProfile}`,
    {
      schema: { tags: ["个人中心"], summary: "账号管理页的资料：用户信息、行业、地区、登录二次验证开关", querystring: signedQuery(), response: successResponse(ProfileSchema) },
      config: { session: "user" },
    },
    async (request) => ok(await profiles.getProfile(sessionUserId(request))),
  );

  routes.post(
    `/webapi${PERSONAL_ENDPOINTS.updateProfile}`,
    {
      schema: {
        tags: ["个人中心"],
        summary: "修改所属行业（1-30）与所在地区（省、市、区县编码）",
        querystring: signedPostQuery(),
        body: signedBody({ industryId: z.coerce.number({ error: "请选择所属行业" }).pipe(IndustryIdSchema) }).and(RegionSelectionSchema),
        response: successResponse(ProfileSchema),
      },
      config: { session: "user" },
    },
    async (request) => {
      const { industryId, province, city, district } = request.body;
      return ok(await profiles.updateProfile(sessionUserId(request), { industryId, province, city, district }));
    },
  );

  routes.post(
    `/webapi${PERSONAL_ENDPOINTS.uploadHeadPortrait}`,
    {
      schema: {
        tags: ["个人中心"],
        summary: "上传头像（multipart/form-data）：base64Data 为裁剪成 160×160 的 jpg/png 图片的 data: URL，不超过 2097152 字节",
        consumes: ["multipart/form-data", "application/json"],
        querystring: signedPostQuery(),
        body: signedBody({
          base64Data: z.string({ error: AVATAR_UPLOAD_RULE.messages!.missing! }).optional().describe("data:image/png;base64,…"),
          uid: uidField,
        }),
        response: successResponse(AvatarSavedSchema),
      },
      config: {
        session: "user",
        multipartOptions: { limits: { fieldSize: AVATAR_FIELD_MAX_CHARS } },
        fieldTooLargeMessage: AVATAR_UPLOAD_RULE.messages!.tooLarge!(AVATAR_MAX_BYTES),
      },
    },
    async (request) => {
      const userId = requireOwnUid(request, request.body.uid);
      const saved = await profiles.saveAvatar(userId, request.body.base64Data);
      return { ...ok(saved), message: AVATAR_SAVED_MESSAGE };
    },
  );

  // Avatars are public pictures served by their content hash; no other blob is reachable here.
  app.get<{ Params: { sha256: string } }>(
    `${AVATAR_URL_PREFIX}:sha256`,
    { schema: { hide: true }, config: { session: "tokenless" } },
    async (request, reply) => {
      const avatar = await profiles.openAvatar(request.params.sha256);
      if (!avatar) return sendFailure(reply, 404, ResultCode.notFound, "图片不存在");
      return reply
        .type(avatar.mimeType)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .send(avatar.stream);
    },
  );
}
