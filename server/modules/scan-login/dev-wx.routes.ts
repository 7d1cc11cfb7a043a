import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import QRCode from "qrcode";
import { z } from "zod";
import { DEV_WX_PATHS, type DevMessagingLoginProvider } from "./dev-messaging-provider.js";
import { NICKNAME_MAX_LENGTH, renderConfirmPage, renderExpiredPage, renderQrPage, renderRefusedPage } from "./dev-wx-pages.js";
import { ownOrigin } from "./redirect-target.js";

const StateSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
const ConfirmBodySchema = z.object({
  state: StateSchema,
  nickname: z.string().trim().min(1).max(NICKNAME_MAX_LENGTH),
});

/**
 * These pages' own rule: the login panel frames the QR page, so same-origin framing is allowed
 * (everything else is framed nowhere), and their inline style and script run by a fresh nonce.
 */
export function sendPage(reply: FastifyReply, status: number, render: (nonce: string) => string) {
  const nonce = randomBytes(16).toString("base64");
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header(
      "content-security-policy",
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`,
    )
    .send(render(nonce));
}

/**
 * The development provider's pages (registered only with development providers): the QR page the
 * login panel frames, the phone's confirmation page, and the two small JSON calls between them.
 * They are not /webapi calls: like WeChat's own pages they stand outside our signed API.
 */
export async function devWxRoutes(app: FastifyInstance, options: { provider: DevMessagingLoginProvider }) {
  const { provider } = options;

  app.get(DEV_WX_PATHS.qr, { schema: { hide: true } }, async (request, reply) => {
    const state = readState(request);
    const status = state ? await provider.status(state) : { status: "expired" as const };
    if (!state || status.status === "expired") return sendPage(reply, 410, renderExpiredPage);
    const confirmUrl = `${ownOrigin(request)}${DEV_WX_PATHS.confirm}?state=${state}`;
    const qrSvg = await QRCode.toString(confirmUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    return sendPage(reply, 200, (nonce) => renderQrPage({ state, confirmUrl, qrSvg, statusUrl: `${DEV_WX_PATHS.status}?state=${state}`, nonce }));
  });

  app.get(DEV_WX_PATHS.confirm, { schema: { hide: true } }, async (request, reply) => {
    const state = readState(request);
    const status = state ? await provider.status(state) : { status: "expired" as const };
    if (!state || status.status !== "waiting") return sendPage(reply, 410, renderExpiredPage);
    return sendPage(reply, 200, (nonce) => renderConfirmPage({ state, confirmPostUrl: DEV_WX_PATHS.confirm, nonce }));
  });

  app.post(DEV_WX_PATHS.confirm, { schema: { hide: true } }, async (request, reply) => {
    const body = ConfirmBodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ ok: false, message: `请选择或输入 1-${NICKNAME_MAX_LENGTH} 个字的测试昵称` });
    const isConfirmed = await provider.confirm(body.data.state, body.data.nickname);
    return isConfirmed ? { ok: true } : reply.code(409).send({ ok: false, message: "二维码已失效或已确认过，请在电脑上刷新二维码" });
  });

  app.get(DEV_WX_PATHS.status, { schema: { hide: true } }, async (request, reply) => {
    const state = readState(request);
    reply.header("cache-control", "no-store");
    return state ? provider.status(state) : { status: "expired" };
  });
}

/** Without the development provider (production, or real WeChat configured) the simulated pages answer 404 with a plain sentence rather than the app's page. */
export async function devWxRefusedRoutes(app: FastifyInstance) {
  app.route({
    method: ["GET", "POST"],
    url: "/dev/wx/*",
    schema: { hide: true },
    handler: async (_request, reply) => sendPage(reply, 404, renderRefusedPage),
  });
}

function readState(request: FastifyRequest): string | null {
  const parsed = StateSchema.safeParse((request.query as { state?: unknown }).state);
  return parsed.success ? parsed.data : null;
}
