import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import { keepTidy } from "../../jobs/housekeeping.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import { publish, type ModuleContext } from "../module.js";
import type { PaidOrders } from "../payment/paid-orders.js";
import type { SessionService } from "../session/session.service.js";
import { InvoiceApplications } from "./invoice-applications.service.js";
import { InvoiceBookRepository } from "./invoice-book.repository.js";
import { InvoiceBook } from "./invoice-book.service.js";
import { InvoiceDecisions } from "./invoice-decisions.js";
import { InvoiceIssuing } from "./invoice-issuing.js";
import { InvoiceLedger } from "./invoice-ledger.js";
import { invoiceProviderFor } from "./invoice-providers.js";
import { invoiceRoutes } from "./invoice.routes.js";
import { InvoiceRepository } from "./invoice.repository.js";

export type InvoiceModuleOptions = ModuleContext & {
  accounts: Pick<AccountRecords, "findUser">;
  paid: PaidOrders;
  blobs: BlobStore;
  ledger: LedgerPort;
  sessions: SessionService;
};

export type InvoiceServices = { book: InvoiceBook; applications: InvoiceApplications; decisions: InvoiceDecisions; issuing: InvoiceIssuing };

/**
 * Invoices (issue 14): the customer's titles, addresses, applications and invoices, and the
 * issuing the console's finance review drives (`app.services.invoice`). Housekeeping finishes what
 * the issuer or the ledger left undone (a crash, an issuer that answers later).
 */
export async function invoiceModule(app: FastifyInstance, { config, db, now, accounts, paid, blobs, ledger, sessions }: InvoiceModuleOptions) {
  const repository = new InvoiceRepository(db);
  const bookRepository = new InvoiceBookRepository(db);
  const book = new InvoiceBook({ repository: bookRepository, now });
  const applications = new InvoiceApplications({ db, repository, book: bookRepository, paid, blobs, now });
  const invoiceLedger = new InvoiceLedger({ ledger, repository, log: app.log });
  const issuing = new InvoiceIssuing({ db, repository, provider: invoiceProviderFor(config, now), blobs, ledger: invoiceLedger, now, log: app.log });
  publish(app, "invoice", { book, applications, decisions: new InvoiceDecisions({ repository, now }), issuing });
  keepTidy(app, [{ name: "finish invoices the issuer or the ledger left undone", run: () => issuing.resume() }]);
  await app.register(invoiceRoutes, { book, applications, users: accounts, sessions });
}
