import type { FastifyInstance } from "fastify";
import { ACCOUNT_ENDPOINTS, EXTRACTION_CAPTCHA_ENDPOINT } from "../../../src/schema/account.js";
import { WEBAPI_PREFIX } from "../../../src/schema/contract.js";
import { DEV_ENDPOINTS } from "../../../src/schema/dev-tools.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { BusinessError, ok } from "../../http/envelope.js";
import { CAPTCHA_COOKIE, CAPTCHA_TTL_MS, type CaptchaService } from "./captcha.service.js";
import type { EncryptedFields } from "./encrypted-fields.js";

export async function securityRoutes(
  app: FastifyInstance,
  options: { fields: EncryptedFields; captchas: CaptchaService; developmentProviders: boolean },
) {
  const { fields, captchas } = options;

  registerEndpoint(app, ACCOUNT_ENDPOINTS.getEncryptPubKey, async () => ok({ encryptPubKey: fields.publicKeyBase64 }));

  // getCodeV2 is the login captcha; the spec also lists getCode under /user and /extractEvidence
  // (help centre forms) without their payloads: they answer the same kind of image captcha.
  for (const target of [ACCOUNT_ENDPOINTS.getCodeV2, ACCOUNT_ENDPOINTS.getCode, EXTRACTION_CAPTCHA_ENDPOINT]) {
    registerEndpoint(app, target, async (_query, request, reply) => {
      const captcha = await captchas.create();
      reply.setCookie(CAPTCHA_COOKIE, captcha.id, {
        path: WEBAPI_PREFIX,
        httpOnly: true,
        sameSite: "lax",
        secure: request.isServedOverTls,
        maxAge: CAPTCHA_TTL_MS / 1000,
      });
      return ok({ codeBase64: captcha.imageDataUrl });
    });
  }

  if (!options.developmentProviders) return;

  // Development only (refused in production): the answer of this browser's captcha, so that
  // automated end-to-end tests can log in with a password as a person would.
  registerEndpoint(app, DEV_ENDPOINTS.captchaAnswer, async (_query, request) => {
    const answer = await captchas.peekAnswer(request.cookies[CAPTCHA_COOKIE] ?? "");
    if (!answer) throw new BusinessError(ResultCode.notFound, "没有找到当前浏览器的图形验证码");
    return ok({ answer });
  });
}
