import type { FastifyInstance } from "fastify";
import type { PaymentProvider } from "./payment-provider.js";
import { PAYMENT_NOTIFY_PATH_PREFIX, type RechargeOrders } from "./recharge-orders.js";

/** The most a provider's notification may weigh; theirs are a few kilobytes. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

/**
 * The providers' notify URLs. Providers post their own formats (JSON, form fields) and sign the
 * exact bytes, so this plugin (encapsulated: the app's parsers elsewhere are untouched) keeps every
 * body as the raw text it arrived as.
 */
export async function paymentCallbackRoutes(app: FastifyInstance, options: { orders: RechargeOrders; providers: readonly PaymentProvider[] }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: NOTIFICATION_BODY_LIMIT }, (_request, body, done) => done(null, body));

  for (const provider of options.providers) {
    app.post(`${PAYMENT_NOTIFY_PATH_PREFIX}${provider.key}`, { schema: { hide: true } }, async (request, reply) => {
      const rawBody = typeof request.body === "string" ? request.body : "";
      const isForm = String(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
      const form = isForm ? Object.fromEntries(new URLSearchParams(rawBody)) : undefined;
      const accepted = await options.orders.handleNotification(provider.key, { headers: request.headers, rawBody, form });
      const answer = provider.acknowledgement(accepted);
      return reply.code(answer.status).header("content-type", answer.contentType).send(answer.body);
    });
  }
}
