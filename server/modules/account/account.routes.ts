import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CodePurpose, CodePurposeSchema, LoginResultSchema, LoginUserSchema } from "../../../src/schema/account.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { failure, ok, sendEnvelope } from "../../http/envelope.js";
import { signedBody, signedPostQuery, signedQuery, successResponse } from "../../http/route-schema.js";
import type { ReplayGuard } from "../security/replay-guard.js";
import type { AccountService } from "./account.service.js";

const SEND_CODE_RATE_LIMIT = { max: 10, timeWindow: "1 minute" };
const account = z.string().trim().min(1, "请输入正确的手机号或邮箱").max(254);
const encryptedPassword = z.string().min(1, "请输入密码").max(2048).describe("MD5 后 RSA-OAEP 加密的密码（base64）");
const verificationCode = z.string().trim().min(1, "请输入验证码").max(10);

export async function accountRoutes(app: FastifyInstance, options: { accounts: AccountService; refuseReplayedRequest: ReplayGuard }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, refuseReplayedRequest } = options;

  routes.get(
    "/webapi/user/v2/checkAccount",
    {
      schema: {
        tags: ["账号"],
        summary: "账号是否已注册：3002 表示已注册，可以登录",
        querystring: signedQuery({ account }),
        response: successResponse(z.null()),
      },
      config: { session: "tokenless", rateLimit: { max: 60, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const { code, message } = await accounts.checkAccount(request.query.account);
      return sendEnvelope(reply, 200, failure(code, message));
    },
  );

  // The phone and e-mail twins share one budget per address, so alternating them gains nothing.
  const sendCodeLimit = app.rateLimit(SEND_CODE_RATE_LIMIT);
  for (const [path, channel] of [
    ["/webapi/user/v2/sendPhoneVCode", "mobile"],
    ["/webapi/user/v2/sendEmailVCode", "email"],
  ] as const) {
    routes.get(
      path,
      {
        schema: {
          tags: ["账号"],
          summary: `发送${channel === "mobile" ? "短信" : "邮件"}验证码：type 1 注册，2 重置密码，3 扫码后绑定，4 绑定手机/邮箱，5 验证码登录，7 注销`,
          querystring: signedQuery({ account, type: CodePurposeSchema.default(CodePurpose.register) }),
          response: successResponse(z.null()),
        },
        onRequest: sendCodeLimit,
      },
      async (request) => {
        const userId = request.session ? Number(request.session.subjectId) : undefined;
        await accounts.sendCode(request.query.account, request.query.type, channel, request.ip, userId);
        return ok(null);
      },
    );
  }

  routes.post(
    "/webapi/user/v2/register",
    {
      schema: {
        tags: ["账号"],
        summary: "注册：手机号或邮箱 + 验证码 + 密码；成功后直接登录",
        querystring: signedPostQuery(),
        body: signedBody({
          account,
          vCode: verificationCode,
          encryptPassword: encryptedPassword,
          agreement: z.literal(true, { error: "请勾选用户注册协议和隐私协议" }),
        }),
        response: successResponse(LoginResultSchema),
      },
      config: { session: "tokenless", rateLimit: SEND_CODE_RATE_LIMIT },
      preHandler: refuseReplayedRequest,
    },
    async (request) => ok(await accounts.register(request.body)),
  );

  routes.post(
    "/webapi/user/v2/resetPassword",
    {
      schema: {
        tags: ["账号"],
        summary: "重置密码：账号 + 验证码 + 新密码；该账号的所有登录随之失效",
        querystring: signedPostQuery(),
        body: signedBody({ account, vCode: verificationCode, encryptPassword: encryptedPassword }),
        response: successResponse(z.null()),
      },
      config: { session: "tokenless", rateLimit: SEND_CODE_RATE_LIMIT },
      preHandler: refuseReplayedRequest,
    },
    async (request) => {
      await accounts.resetPassword(request.body);
      return ok(null);
    },
  );

  routes.post(
    "/webapi/user/v2/setPassword",
    {
      schema: {
        tags: ["账号"],
        summary: "为验证码注册、尚无密码的账号设置密码",
        querystring: signedPostQuery(),
        body: signedBody({ encryptPassword: encryptedPassword }),
        response: successResponse(z.null()),
      },
      config: { session: "user" },
    },
    async (request) => {
      await accounts.setFirstPassword(Number(request.session!.subjectId), request.body.encryptPassword);
      return ok(null);
    },
  );

  routes.get(
    "/webapi/user/v2/getUserInfo",
    {
      schema: {
        tags: ["账号"],
        summary: "当前用户信息（入口参数 u 与 t）",
        querystring: signedQuery({ userId: z.coerce.number().int().positive() }),
        response: successResponse(z.object({ userInfo: LoginUserSchema })),
      },
      config: { session: "user" },
    },
    async (request, reply) => {
      if (String(request.query.userId) !== request.session!.subjectId) {
        return sendEnvelope(reply, 200, failure(ResultCode.sessionMissing, "登录状态已失效，请重新登录"));
      }
      return ok({ userInfo: await accounts.getUserInfo(request.query.userId) });
    },
  );
}
