import type { FastifyInstance } from "fastify";
import { CONSOLE_INVOICE_ENDPOINTS } from "../../../../src/schema/invoice.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import { sendDownload } from "../../../http/file-download.js";
import type { InvoiceApplications } from "../../invoice/invoice-applications.service.js";
import type { SessionService } from "../../session/session.service.js";
import type { InvoiceReviewService } from "./invoice-review.service.js";

/** Finance's calls; the operator and their permission ("finance.manage") are checked before a handler runs. */
export async function invoicesConsoleRoutes(app: FastifyInstance, options: { review: InvoiceReviewService; applications: InvoiceApplications; sessions: Pick<SessionService, "refresh"> }) {
  const { review, applications, sessions } = options;
  const E = CONSOLE_INVOICE_ENDPOINTS;

  registerEndpoint(app, E.list, async (query) => ok(await review.list(query)));
  registerEndpoint(app, E.one, async ({ id }) => ok(await review.one(id)));
  registerEndpoint(app, E.approve, async ({ id }, request) => ok(await review.approve(request.operator!, id)));
  registerEndpoint(app, E.reject, async ({ id, reason }, request) => ok(await review.reject(request.operator!, id, reason)));
  registerEndpoint(app, E.reverse, async ({ id, reason }, request) => ok(await review.reverse(request.operator!, id, reason)));
  registerEndpoint(app, E.downloadInvoice, async ({ id }, request, reply) => {
    const file = await applications.file(id);
    // A file answer skips the envelope, whose serialisation is where sessions are refreshed.
    await sessions.refresh(request.session!);
    return sendDownload(reply, file.body, { name: file.name, contentType: "application/pdf" });
  });
}
