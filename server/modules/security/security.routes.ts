import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ResultCode } from "../../../src/schema/envelope.js";
import { BusinessError, ok } from "../../http/envelope.js";
import { signedQuery, successResponse } from "../../http/route-schema.js";
import { CAPTCHA_COOKIE, CAPTCHA_TTL_MS, type CaptchaService } from "./captcha.service.js";
import type { EncryptedFields } from "./encrypted-fields.js";

export async function securityRoutes(
  app: FastifyInstance,
  options: { fields: EncryptedFields; captchas: CaptchaService; developmentProviders: boolean },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { fields, captchas } = options;

  routes.get(
    "/webapi/user/v2/getEncryptPubKey",
    {
      schema: {
        tags: ["账号"],
        summary: "登录加密公钥：3072 位 RSA，SPKI DER 的 base64；RSA-OAEP + SHA-256",
        querystring: signedQuery(),
        response: successResponse(z.object({ encryptPubKey: z.string() })),
      },
      config: { session: "tokenless" },
    },
    async () => ok({ encryptPubKey: fields.publicKeyBase64 }),
  );

  // getCodeV2 is the login captcha; the spec also lists getCode under /user and /extractEvidence
  // (help centre forms) without their payloads: they answer the same kind of image captcha.
  for (const path of ["/webapi/user/v2/getCodeV2", "/webapi/user/v2/getCode", "/webapi/extractEvidence/v2/getCode"]) {
    routes.get(
      path,
      {
        schema: {
          tags: ["账号"],
          summary: "图形验证码（data: URL），与浏览器的 HttpOnly Cookie 绑定，一次有效，5 分钟过期",
          querystring: signedQuery({ time: z.string().optional() }),
          response: successResponse(z.object({ codeBase64: z.string() })),
        },
        config: { session: "tokenless" },
      },
      async (request, reply) => {
        const captcha = await captchas.create();
        reply.setCookie(CAPTCHA_COOKIE, captcha.id, {
          path: "/webapi",
          httpOnly: true,
          sameSite: "lax",
          secure: request.isServedOverTls,
          maxAge: CAPTCHA_TTL_MS / 1000,
        });
        return ok({ codeBase64: captcha.imageDataUrl });
      },
    );
  }

  if (!options.developmentProviders) return;

  // Development only (refused in production): the answer of this browser's captcha, so that
  // automated end-to-end tests can log in with a password as a person would.
  routes.get(
    "/webapi/dev/captcha",
    {
      schema: { tags: ["开发"], summary: "开发环境：读取当前图形验证码答案", querystring: signedQuery(), response: successResponse(z.object({ answer: z.string() })) },
      config: { session: "tokenless" },
    },
    async (request) => {
      const answer = captchas.peekAnswer(request.cookies[CAPTCHA_COOKIE] ?? "");
      if (!answer) throw new BusinessError(ResultCode.notFound, "没有找到当前浏览器的图形验证码");
      return ok({ answer });
    },
  );
}
