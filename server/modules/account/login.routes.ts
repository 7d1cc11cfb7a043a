import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { LoginResultSchema, SecondStepSchema } from "../../../src/schema/account.js";
import { ok, sendEnvelope } from "../../http/envelope.js";
import { signedBody, signedPostQuery, signedQuery, successResponse } from "../../http/route-schema.js";
import { CAPTCHA_COOKIE } from "../security/captcha.service.js";
import type { ReplayGuard } from "../security/replay-guard.js";
import { DEVICE_COOKIE, rememberDevice, type KnownDevices } from "./known-device.js";
import { userDeviceSubject, type LoginClient, type LoginOutcome, type LoginService } from "./login.service.js";

const encrypted = (what: string) => z.string().min(1, `缺少${what}`).max(2048).describe(`${what}（RSA-OAEP 加密后 base64）`);

export async function loginRoutes(
  app: FastifyInstance,
  options: { login: LoginService; devices: KnownDevices; refuseReplayedRequest: ReplayGuard; perMinute: number },
) {
  const LOGIN_RATE_LIMIT = { max: options.perMinute, timeWindow: "1 minute" };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { login, devices } = options;
  const preHandler = options.refuseReplayedRequest;
  const clientOf = (request: FastifyRequest): LoginClient => ({ ip: request.ip, captchaId: request.cookies[CAPTCHA_COOKIE], deviceCookie: request.cookies[DEVICE_COOKIE] });
  /** A session started: this browser becomes a known device of the account (login-throttle.ts). */
  const answer = (request: FastifyRequest, reply: FastifyReply, outcome: LoginOutcome) => {
    if (outcome.code === 200) rememberDevice(devices, request, reply, userDeviceSubject(outcome.datas.loginUser.id));
    return answerOutcome(reply, outcome);
  };

  routes.get(
    "/webapi/user/v2/loginV2",
    {
      schema: {
        tags: ["账号"],
        summary: "登录：type 0 账号 + 密码 + 图形验证码；type 1 账号 + 短信/邮件验证码（该账号近期失败较多时也需图形验证码）",
        description:
          "200 登录成功（并设置常用设备 Cookie hz_device）；3011 建议修改密码（可“下次再说”调用 delaysUpdatePwd）；3012 需要二次验证（datas 为 SecondStep）；1002 图形验证码错误，或验证码登录此时需要图形验证码（extraData.errors.vcode）；3014 失败次数过多暂时锁定。",
        querystring: signedQuery({
          encryptAccount: encrypted("账号"),
          encryptPassword: encrypted("密码").optional(),
          vcode: z.string().max(10).optional().describe("图形验证码（type 0 必填；type 1 在服务器以 1002 要求时填写）"),
          loginVcode: z.string().max(10).optional().describe("短信或邮件验证码（type 1）"),
          type: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)])),
          ipAddress: z.string().max(64).optional().describe("客户端自报地址，仅作记录；限流以服务器所见地址为准"),
        }),
        response: successResponse(LoginResultSchema),
      },
      config: { session: "tokenless", rateLimit: LOGIN_RATE_LIMIT },
      preHandler,
    },
    async (request, reply) => answer(request, reply, await login.login(request.query, clientOf(request))),
  );

  routes.get(
    "/webapi/user/v2/delaysUpdatePwd",
    {
      schema: {
        tags: ["账号"],
        summary: "“下次再说”：在 3011 之后不修改密码继续登录",
        querystring: signedQuery({
          encryptAccount: encrypted("账号"),
          encryptPassword: encrypted("密码"),
          ipAddress: z.string().max(64).optional(),
          account: z.string().max(254).optional().describe("账号明文，仅用于显示"),
        }),
        response: successResponse(LoginResultSchema),
      },
      config: { session: "tokenless", rateLimit: LOGIN_RATE_LIMIT },
      preHandler,
    },
    async (request, reply) => answer(request, reply, await login.loginPostponingPasswordUpdate(request.query, clientOf(request))),
  );

  routes.post(
    "/webapi/user/v2/sendLoginVerifyCode",
    {
      schema: {
        tags: ["账号"],
        summary: "登录二次验证：向绑定的手机或邮箱发送验证码",
        querystring: signedPostQuery(),
        body: signedBody({ challengeId: z.string().min(1).max(100) }),
        response: successResponse(z.null()),
      },
      config: { session: "tokenless", rateLimit: LOGIN_RATE_LIMIT },
    },
    async (request) => {
      await login.sendSecondStepCode(request.body.challengeId, request.ip);
      return ok(null);
    },
  );

  routes.post(
    "/webapi/user/v2/loginVerify",
    {
      schema: {
        tags: ["账号"],
        summary: "登录二次验证：提交验证码完成登录",
        querystring: signedPostQuery(),
        body: signedBody({ challengeId: z.string().min(1).max(100), vCode: z.string().min(1, "请输入验证码").max(10) }),
        response: successResponse(LoginResultSchema),
      },
      config: { session: "tokenless", rateLimit: LOGIN_RATE_LIMIT },
      preHandler,
    },
    async (request, reply) => {
      const result = await login.completeSecondStep(request.body.challengeId, request.body.vCode);
      rememberDevice(devices, request, reply, userDeviceSubject(result.loginUser.id));
      return ok(result);
    },
  );
}

function answerOutcome(reply: FastifyReply, outcome: LoginOutcome) {
  if (outcome.code === 200) return ok(outcome.datas);
  const datas = "datas" in outcome ? SecondStepSchema.parse(outcome.datas) : null;
  return sendEnvelope(reply, 200, { code: outcome.code, message: outcome.message, datas });
}
