import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { BusinessError } from "../../http/envelope.js";
import { renderDevIdentityPage, renderRefusalPage } from "./dev-identity-page.js";
import type { IdentityService } from "./identity.service.js";

export const DEV_IDENTITY_PATH = "/dev/identity";
const DEFAULT_REJECT_REASON = "人工审核未通过";

const DecisionFormSchema = z.object({
  kind: z.enum(["person", "organisation"]),
  id: z.coerce.number().int().positive(),
  decision: z.enum(["approve", "reject"]),
  reason: z.string().trim().max(200).optional(),
});

/**
 * The operator's side of the development identity provider (/dev/identity). Outside development
 * the same paths answer 404 with a page saying why, so nobody can approve identities by hand on
 * a production installation.
 */
export async function devIdentityRoutes(app: FastifyInstance, options: { identity: IdentityService; developmentProviders: boolean }) {
  const { identity } = options;
  // The page posts a plain HTML form; only these routes read that encoding (also to refuse it).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  if (!options.developmentProviders) {
    const refuse = async (_request: unknown, reply: FastifyReply) => sendHtml(reply.code(404), renderRefusalPage());
    app.get(DEV_IDENTITY_PATH, { schema: { hide: true }, config: { session: "tokenless" } }, refuse);
    app.get(`${DEV_IDENTITY_PATH}/*`, { schema: { hide: true }, config: { session: "tokenless" } }, refuse);
    app.post(`${DEV_IDENTITY_PATH}/*`, { schema: { hide: true }, config: { session: "tokenless" } }, refuse);
    return;
  }

  app.get<{ Querystring: { notice?: string } }>(DEV_IDENTITY_PATH, { schema: { hide: true }, config: { session: "tokenless" } }, async (request, reply) =>
    sendHtml(reply, renderDevIdentityPage(await identity.listPending(), request.query.notice)),
  );

  app.post(`${DEV_IDENTITY_PATH}/decide`, { schema: { hide: true }, config: { session: "tokenless" } }, async (request, reply) => {
    const form = DecisionFormSchema.safeParse(request.body);
    if (!form.success) return sendHtml(reply.code(400), renderDevIdentityPage(await identity.listPending(), "审核请求不完整，请在列表中重新操作"));
    const { kind, id, decision, reason } = form.data;
    let notice: string;
    try {
      await identity.decide(kind, id, decision === "approve" ? { outcome: "approved" } : { outcome: "rejected", reason: reason || DEFAULT_REJECT_REASON });
      notice = `申请 ${id} 已${decision === "approve" ? "通过" : "驳回"}`;
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      notice = error.message;
    }
    // Post/redirect/get: reloading the page never decides twice.
    return reply.redirect(`${DEV_IDENTITY_PATH}?notice=${encodeURIComponent(notice)}`, 303);
  });

  app.get<{ Params: { id: string } }>(`${DEV_IDENTITY_PATH}/licence/:id`, { schema: { hide: true }, config: { session: "tokenless" } }, async (request, reply) => {
    const image = await identity.getLicenceImageForOperator(Number(request.params.id));
    if (!image) return sendHtml(reply.code(404), "<!doctype html><meta charset=utf-8><p>证照图片不存在</p>");
    return reply.type(image.mimeType).header("cache-control", "no-store").header("x-content-type-options", "nosniff").send(image.content);
  });
}

function sendHtml(reply: FastifyReply, html: string) {
  return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);
}
