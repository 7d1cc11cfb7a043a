import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { LoginUserSchema } from "../../../src/schema/account.js";
import { EmailSchema, MobileSchema } from "../../../src/schema/contact.js";
import { VerificationCodeSchema } from "../../../src/schema/credentials.js";
import { CancellationFormSchema, ChangePasswordResultSchema, PERSONAL_ENDPOINTS, TwoStepSchema } from "../../../src/schema/personal.js";
import { ok } from "../../http/envelope.js";
import { signedBody, signedPostQuery, successResponse } from "../../http/route-schema.js";
import type { AccountSecurityService } from "./account-security.service.js";
import { sessionUserId } from "./route-helpers.js";

const TAGS = ["个人中心"];
const encrypted = (required: string) => z.string({ error: required }).min(1, required).max(2048).describe("MD5 后 RSA-OAEP 加密（base64）");

export async function accountSecurityRoutes(app: FastifyInstance, options: { security: AccountSecurityService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { security } = options;

  for (const [path, channel, field, schema] of [
    [PERSONAL_ENDPOINTS.bindMobile, "mobile", "mobile", MobileSchema],
    [PERSONAL_ENDPOINTS.bindEmail, "email", "mail", EmailSchema],
  ] as const) {
    routes.post(
      `/webapi${path}`,
      {
        schema: {
          tags: TAGS,
          summary: `绑定${channel === "mobile" ? "手机号" : "邮箱"}：先用 type 4 向新${channel === "mobile" ? "手机号" : "邮箱"}发送验证码（带登录令牌）`,
          querystring: signedPostQuery(),
          body: signedBody({ [field]: schema, vCode: VerificationCodeSchema }),
          response: successResponse(z.object({ userInfo: LoginUserSchema })),
        },
        config: { session: "user", rateLimit: { max: 10, timeWindow: "1 minute" } },
      },
      async (request) => {
        const body = request.body as Record<string, string>;
        return ok({ userInfo: await security.bindContact(sessionUserId(request), channel, body[field], body.vCode) });
      },
    );
  }

  routes.post(
    `/webapi${PERSONAL_ENDPOINTS.changePassword}`,
    {
      schema: {
        tags: TAGS,
        summary: "修改密码：原密码与新密码均 MD5 后 RSA-OAEP 加密；成功后本账号所有旧令牌失效，返回新令牌",
        querystring: signedPostQuery(),
        body: signedBody({ encryptOldPassword: encrypted("请输入原密码"), encryptPassword: encrypted("请输入新密码") }),
        response: successResponse(ChangePasswordResultSchema),
      },
      config: { session: "user", rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (request) => {
      const result = await security.changePassword(sessionUserId(request), request.body, request.ip);
      // The caller's own session has just ended with the others; the new token stands in for it.
      request.session = null;
      return ok(result);
    },
  );

  routes.post(
    `/webapi${PERSONAL_ENDPOINTS.setTwoStep}`,
    {
      schema: {
        tags: TAGS,
        summary: "登录二次验证开关：开启后每次登录都需要绑定手机或邮箱收到的验证码（3012）",
        querystring: signedPostQuery(),
        body: signedBody({ enabled: z.boolean({ error: "请选择开启或关闭" }) }),
        response: successResponse(TwoStepSchema),
      },
      config: { session: "user" },
    },
    async (request) => ok(await security.setTwoStep(sessionUserId(request), request.body.enabled)),
  );

  routes.post(
    `/webapi${PERSONAL_ENDPOINTS.cancelAccount}`,
    {
      schema: {
        tags: TAGS,
        summary: "注销账号：type 7 验证码（发往本账号的手机或邮箱）并输入“确认注销”；注销后不能再登录，已保全的证据保留",
        querystring: signedPostQuery(),
        body: signedBody({ account: z.string({ error: "请选择接收验证码的手机号或邮箱" }).max(254), ...CancellationFormSchema.shape }),
        response: successResponse(z.null()),
      },
      config: { session: "user", rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (request) => {
      await security.cancel(sessionUserId(request), request.body);
      request.session = null;
      return ok(null);
    },
  );
}
