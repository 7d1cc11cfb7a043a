import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { NotaryInfoSchema, NotaryLoginResultSchema } from "../../../src/schema/notary.js";
import { ok } from "../../http/envelope.js";
import { signedBody, signedPostQuery, signedQuery, successResponse } from "../../http/route-schema.js";
import { DEVICE_COOKIE, rememberDevice, type KnownDevices } from "../account/known-device.js";
import { CAPTCHA_COOKIE } from "../security/captcha.service.js";
import type { ReplayGuard } from "../security/replay-guard.js";
import { notaryDeviceSubject, type NotaryService } from "./notary.service.js";

const encrypted = (what: string) => z.string().min(1, `缺少${what}`).max(2048).describe(`${what}（RSA-OAEP 加密后 base64）`);

export async function notaryRoutes(
  app: FastifyInstance,
  options: { notary: NotaryService; devices: KnownDevices; refuseReplayedRequest: ReplayGuard; perMinute: number },
) {
  // Per address, like users' logins: a notary office behind one NAT address may need a higher limit.
  const loginRateLimit = { max: options.perMinute, timeWindow: "1 minute" };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { notary } = options;

  routes.post(
    "/webapi/notary/v2/login",
    {
      schema: {
        tags: ["公证处"],
        summary: "公证处工作人员登录：账号 + 密码（MD5 后 RSA-OAEP 加密）+ 图形验证码；会话 8 小时无操作失效",
        description: "200 登录成功；1002 图形验证码错误；3010 账号或密码错误；3014 失败次数过多暂时锁定；3015 账号已停用。",
        querystring: signedPostQuery(),
        body: signedBody({
          encryptAccount: encrypted("账号"),
          encryptPassword: encrypted("密码"),
          vcode: z.string().max(10).optional().describe("图形验证码"),
        }),
        response: successResponse(NotaryLoginResultSchema),
      },
      config: { session: "tokenless", rateLimit: loginRateLimit },
      preHandler: options.refuseReplayedRequest,
    },
    async (request, reply) => {
      const result = await notary.login(request.body, { ip: request.ip, captchaId: request.cookies[CAPTCHA_COOKIE], deviceCookie: request.cookies[DEVICE_COOKIE] });
      rememberDevice(options.devices, request, reply, notaryDeviceSubject(result.notaryUser.id));
      return ok(result);
    },
  );

  routes.post(
    "/webapi/notary/v2/logout",
    {
      schema: {
        tags: ["公证处"],
        summary: "公证处工作人员退出登录：结束当前公证处会话",
        querystring: signedPostQuery(),
        body: signedBody({}),
        response: successResponse(z.null()),
      },
      config: { session: "notary" },
    },
    async (request) => {
      await notary.logout(request.session!);
      // The session just ended must not be refreshed by the success below.
      request.session = null;
      return ok(null);
    },
  );

  routes.get(
    "/webapi/notary/v2/getNotaryInfo",
    {
      schema: {
        tags: ["公证处"],
        summary: "当前登录的公证处工作人员",
        querystring: signedQuery(),
        response: successResponse(NotaryInfoSchema),
      },
      config: { session: "notary" },
    },
    async (request) => ok({ notaryUser: await notary.getInfo(request.session!) }),
  );
}
