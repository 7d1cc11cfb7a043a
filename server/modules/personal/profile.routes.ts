import type { FastifyInstance } from "fastify";
import { AVATAR_MAX_BYTES } from "../../../src/schema/constants.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { AVATAR_BASE64_MAX_CHARS, AVATAR_SAVED_MESSAGE, PERSONAL_ENDPOINTS } from "../../../src/schema/personal.js";
import { PROFILE_ENDPOINTS } from "../../../src/schema/profile-form.js";
import { AVATAR_UPLOAD_RULE } from "../../../src/schema/upload.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { registerPublicImageRoute } from "../../http/public-image-route.js";
import { AVATAR_URL_PREFIX, type ProfileService } from "./profile.service.js";
import { requireOwnUid, sessionUserId } from "./route-helpers.js";

/** Room for the longest allowed data: URL; a longer field is cut here and then refused as too large. */
const AVATAR_FIELD_MAX_CHARS = AVATAR_BASE64_MAX_CHARS + 64;

export async function profileRoutes(app: FastifyInstance, options: { profiles: ProfileService }) {
  const { profiles } = options;

  registerEndpoint(app, PERSONAL_ENDPOINTS.getProfile, async (_params, request) => ok(await profiles.getProfile(sessionUserId(request))));

  registerEndpoint(app, PROFILE_ENDPOINTS.updateProfile, async (update, request) => ok(await profiles.updateProfile(sessionUserId(request), update)));

  registerEndpoint(
    app,
    PERSONAL_ENDPOINTS.uploadHeadPortrait,
    async ({ uid, base64Data }, request) => {
      const userId = requireOwnUid(request, uid);
      const saved = await profiles.saveAvatar(userId, base64Data);
      return { ...ok(saved), message: AVATAR_SAVED_MESSAGE };
    },
    {
      config: {
        multipartOptions: { limits: { fieldSize: AVATAR_FIELD_MAX_CHARS } },
        fieldTooLargeMessage: AVATAR_UPLOAD_RULE.messages!.tooLarge!(AVATAR_MAX_BYTES),
      },
    },
  );

  // Avatars are public pictures served by their content hash; no other blob is reachable here.
  registerPublicImageRoute(app, AVATAR_URL_PREFIX, (sha256) => profiles.openAvatar(sha256));
}
