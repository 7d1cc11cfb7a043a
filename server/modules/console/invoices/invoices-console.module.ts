import type { FastifyInstance } from "fastify";
import type { ConsoleConcernOptions } from "../console.module.js";
import { invoicesConsoleRoutes } from "./invoices-console.routes.js";
import { InvoiceReviewService } from "./invoice-review.service.js";

/** Finance reviews and issues invoices (issue 14), through the invoice module, which owns them. */
export async function invoicesConsoleModule(app: FastifyInstance, { audit, services }: ConsoleConcernOptions) {
  const review = new InvoiceReviewService({ invoices: services.invoice, accounts: services.accounts.records, audit });
  await app.register(invoicesConsoleRoutes, { review, applications: services.invoice.applications, sessions: services.sessions });
}
