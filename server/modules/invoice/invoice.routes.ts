import type { FastifyInstance, FastifyRequest } from "fastify";
import { INVOICE_ENDPOINTS } from "../../../src/schema/invoice.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import type { AccountRecords } from "../account/account-records.service.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { SessionService } from "../session/session.service.js";
import type { InvoiceApplications } from "./invoice-applications.service.js";
import type { InvoiceBook } from "./invoice-book.service.js";
import { requireMainAccount } from "./invoice-customer.js";

export type InvoiceRouteOptions = {
  book: InvoiceBook;
  applications: InvoiceApplications;
  users: Pick<AccountRecords, "findUser">;
  sessions: Pick<SessionService, "refresh">;
};

/** The customer's invoice calls; each first refuses a sub-account (305). */
export async function invoiceRoutes(app: FastifyInstance, { book, applications, users, sessions }: InvoiceRouteOptions) {
  const owner = (request: FastifyRequest) => requireMainAccount(users, sessionUserId(request));
  const E = INVOICE_ENDPOINTS;

  registerEndpoint(app, E.listTitles, async (query, request) => ok(await book.titles(await owner(request), query)));
  registerEndpoint(app, E.getTitle, async ({ id }, request) => ok(await book.title(await owner(request), id)));
  registerEndpoint(app, E.saveTitle, async (input, request) => ok(await book.saveTitle(await owner(request), input)));
  registerEndpoint(app, E.deleteTitle, async ({ id }, request) => ok(await book.deleteTitle(await owner(request), id).then(() => null)));

  registerEndpoint(app, E.listAddresses, async (query, request) => ok(await book.addresses(await owner(request), query)));
  registerEndpoint(app, E.getAddress, async ({ id }, request) => ok(await book.address(await owner(request), id)));
  registerEndpoint(app, E.saveAddress, async (input, request) => ok(await book.saveAddress(await owner(request), input)));
  registerEndpoint(app, E.deleteAddress, async ({ id }, request) => ok(await book.deleteAddress(await owner(request), id).then(() => null)));

  registerEndpoint(app, E.listInvoiceableOrders, async (query, request) => {
    const { page, totals } = await applications.invoiceable(await owner(request), query);
    return ok(page, totals);
  });
  registerEndpoint(app, E.apply, async (input, request) => ok(await applications.apply(await owner(request), input)));
  registerEndpoint(app, E.listApplications, async (query, request) => ok(await applications.list(await owner(request), query)));
  registerEndpoint(app, E.getApplication, async ({ id }, request) => ok(await applications.application(id, { owner: await owner(request), actor: "user" })));
  registerEndpoint(app, E.withdraw, async ({ id }, request) => ok(await applications.withdraw(await owner(request), id)));

  registerEndpoint(app, E.listInvoices, async (query, request) => ok(await applications.invoices(await owner(request), query)));
  registerEndpoint(app, E.getInvoice, async ({ id }, request) => ok(await applications.invoice(await owner(request), id)));
  registerEndpoint(app, E.downloadInvoice, async ({ id }, request, reply) => {
    const file = await applications.file(id, await owner(request));
    // A file answer skips the envelope, whose serialisation is where sessions are refreshed.
    await sessions.refresh(request.session!);
    return sendDownload(reply, file.body, { name: file.name, contentType: "application/pdf" });
  });
}
