import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { LoginResultSchema } from "../../../src/schema/account.js";
import {
  BindStateSchema,
  BindType,
  BoundUserSchema,
  QrCodeUrlSchema,
  SCAN_LOGIN_ENDPOINTS,
  ScanCallbackResultSchema,
  ScanLoginCode,
} from "../../../src/schema/scan-login.js";
import { ok, sendEnvelope } from "../../http/envelope.js";
import { signedBody, signedPostQuery, signedQuery, successResponse } from "../../http/route-schema.js";
import { DEVICE_COOKIE } from "../account/known-device.js";
import { CAPTCHA_COOKIE } from "../security/captcha.service.js";
import type { ReplayGuard } from "../security/replay-guard.js";
import type { AccountBindingService } from "./account-binding.service.js";
import { ownOrigin } from "./redirect-target.js";
import type { ScanLoginService } from "./scan-login.service.js";

const TAGS = ["扫码登录"];
const QR_RATE_LIMIT = { max: 30, timeWindow: "1 minute" };
const redirectUrl = z.string().trim().min(1, "缺少回调地址").max(1024).describe("扫码确认后浏览器回到的地址：本站路径或本站完整地址");
const code = z.string().trim().min(1, "缺少授权码").max(256);
const state = z.string().trim().min(1, "缺少 state").max(64);
const encrypted = (what: string) => z.string().min(1, `缺少${what}`).max(2048).describe(`${what}（RSA-OAEP 加密后 base64）`);

export type ScanLoginRouteOptions = {
  scanLogin: ScanLoginService;
  binding: AccountBindingService;
  refuseReplayedRequest: ReplayGuard;
  loginRateLimitPerMinute: number;
};

const path = (endpoint: string) => `/webapi${endpoint}`;

export async function scanLoginRoutes(app: FastifyInstance, options: ScanLoginRouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { scanLogin, binding } = options;
  const loginRateLimit = { max: options.loginRateLimitPerMinute, timeWindow: "1 minute" };

  routes.get(
    path(SCAN_LOGIN_ENDPOINTS.getWebWxQrUrl),
    {
      schema: {
        tags: TAGS,
        summary: "扫码登录二维码页地址（放进 iframe）；二维码 5 分钟内有效、只能用一次",
        description: "5024：服务器未配置扫码登录。redirectUrl 不是本站地址时 1001。",
        querystring: signedQuery({ redirectUrl }),
        response: successResponse(QrCodeUrlSchema),
      },
      config: { session: "tokenless", rateLimit: QR_RATE_LIMIT },
    },
    async (request) =>
      ok({ qrCodeUrl: await scanLogin.createQrUrl({ redirectUrl: request.query.redirectUrl, origin: ownOrigin(request), purpose: "login", userId: null }) }),
  );

  routes.get(
    path(SCAN_LOGIN_ENDPOINTS.callback),
    {
      schema: {
        tags: TAGS,
        summary: "扫码回调：用授权码登录",
        description: "200：已绑定账号，datas.loginResult 为登录结果（token 同时放在 datas.token）。5025：尚未绑定账号，datas.oauthUserId 交给绑定面板（10 分钟内有效）。106：二维码已失效、已使用或未知，请刷新二维码。",
        querystring: signedQuery({ code, state }),
        response: successResponse(ScanCallbackResultSchema),
      },
      config: { session: "tokenless", rateLimit: loginRateLimit },
    },
    async (request, reply) => {
      const outcome = await scanLogin.callback(request.query.code, request.query.state);
      if (outcome.kind === "loggedIn") return ok({ loginResult: outcome.result, token: outcome.result.token });
      return sendEnvelope(reply, 200, {
        code: ScanLoginCode.bindRequired,
        message: "该微信尚未绑定平台账号，请绑定已有账号或用手机号验证码注册",
        datas: { oauthUserId: outcome.oauthUserId },
      });
    },
  );

  routes.get(
    path(SCAN_LOGIN_ENDPOINTS.webBindAccountByAuth),
    {
      schema: {
        tags: TAGS,
        summary: "扫码后绑定账号并登录：type 0 账号 + 密码 + 图形验证码；type 1 账号 + 验证码（type 3 发送，未注册的手机号自动注册）",
        description: "200：已绑定并登录（datas 同登录结果）。421：账号或密码错误。1002：图形验证码错误。1003：验证码错误。106：扫码信息已过期。5026：该微信已绑定其他账号。5027：该账号已绑定其他微信。",
        querystring: signedQuery({
          oauthUserId: z.string().trim().min(1, "缺少扫码信息").max(64),
          vCode: z.string().trim().min(1, "请输入验证码").max(10),
          encryptAccount: encrypted("账号"),
          encryptPassword: encrypted("密码").optional(),
          type: z.coerce.number().int().pipe(z.union([z.literal(BindType.password), z.literal(BindType.code)])),
        }),
        response: successResponse(LoginResultSchema),
      },
      config: { session: "tokenless", rateLimit: loginRateLimit },
      preHandler: options.refuseReplayedRequest,
    },
    async (request) =>
      ok(await binding.bind(request.query, { ip: request.ip, captchaId: request.cookies[CAPTCHA_COOKIE], deviceCookie: request.cookies[DEVICE_COOKIE] })),
  );

  routes.get(
    path(SCAN_LOGIN_ENDPOINTS.getBindQrUrl),
    {
      schema: {
        tags: TAGS,
        summary: "安全中心：为当前账号绑定微信的二维码页地址",
        querystring: signedQuery({ redirectUrl }),
        response: successResponse(QrCodeUrlSchema),
      },
      config: { session: "user", rateLimit: QR_RATE_LIMIT },
    },
    async (request) =>
      ok({
        qrCodeUrl: await scanLogin.createQrUrl({
          redirectUrl: request.query.redirectUrl,
          origin: ownOrigin(request),
          purpose: "bind",
          userId: Number(request.session!.subjectId),
        }),
      }),
  );

  routes.post(
    path(SCAN_LOGIN_ENDPOINTS.bindCurrentAccount),
    {
      schema: {
        tags: TAGS,
        summary: "安全中心：扫码确认后把微信绑定到当前账号",
        description: "106：二维码已失效或不是当前账号的绑定二维码。5026：该微信已绑定其他账号。5027：当前账号已绑定微信。",
        querystring: signedPostQuery(),
        body: signedBody({ code, state }),
        response: successResponse(BoundUserSchema),
      },
      config: { session: "user" },
    },
    async (request) => ok({ loginUser: await scanLogin.bindCurrentAccount(Number(request.session!.subjectId), request.body.code, request.body.state) }),
  );

  routes.post(
    path(SCAN_LOGIN_ENDPOINTS.unbind),
    {
      schema: {
        tags: TAGS,
        summary: "安全中心：解除当前账号与微信的绑定",
        description: "5028：当前账号未绑定微信。",
        querystring: signedPostQuery(),
        body: signedBody({}),
        response: successResponse(BoundUserSchema),
      },
      config: { session: "user" },
    },
    async (request) => ok({ loginUser: await scanLogin.unbind(Number(request.session!.subjectId)) }),
  );

  routes.get(
    path(SCAN_LOGIN_ENDPOINTS.bindState),
    {
      schema: { tags: TAGS, summary: "安全中心：当前账号是否已绑定微信", querystring: signedQuery(), response: successResponse(BindStateSchema) },
      config: { session: "user" },
    },
    async (request) => ok(await scanLogin.bindState(Number(request.session!.subjectId))),
  );
}
