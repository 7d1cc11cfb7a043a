import type { Kysely } from "kysely";
import type { Readable } from "node:stream";
import { ResultCode } from "../../../src/schema/envelope.js";
import {
  INVOICE_MESSAGES,
  InvoiceStateError,
  invoiceFileName,
  invoiceTransition,
  titleAllowsSpecial,
  type ApplicationListQuery,
  type ApplyInvoice,
  type InvoiceAction,
  type InvoiceApplication,
  type InvoiceApplicationRow,
  type InvoiceableOrder,
  type InvoiceableTotals,
  type InvoiceState,
  type IssuedInvoice,
  type IssuedInvoiceDetail,
} from "../../../src/schema/invoice.js";
import { pageOf, type PageP, type PageQuery } from "../../../src/schema/paging.js";
import { parseShanghaiDateTime } from "../../../src/schema/shanghai-time.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Database } from "../../db/database.js";
import { durableTransaction, isUniqueViolation } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { PaidOrders } from "../payment/paid-orders.js";
import type { InvoiceBookRepository } from "./invoice-book.repository.js";
import type { ApplicationFilter, ApplicationRow, InvoiceRepository } from "./invoice.repository.js";
import { mailingLine, toApplication, toApplicationRow, toInvoiceableOrder, toIssuedInvoice } from "./invoice-views.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Shanghai calendar days of a list filter as epoch ms, inclusive at both ends. */
export function dayRange(query: { startTime?: string; endTime?: string }): { from?: number; to?: number } {
  const from = query.startTime ? parseShanghaiDateTime(query.startTime) : null;
  const to = query.endTime ? parseShanghaiDateTime(query.endTime) : null;
  return { ...(from !== null ? { from } : {}), ...(to !== null ? { to: to + DAY_MS - 1 } : {}) };
}

const refused = (field: string, message: string) => new BusinessError(ResultCode.validationFailed, message, { errors: { [field]: message } });
const notFound = (message: string) => new BusinessError(ResultCode.notFound, message);

/** A move the machine does not allow, as the person who tried reads it. */
export function stateRefusal(error: InvoiceStateError): BusinessError {
  return new BusinessError(ResultCode.validationFailed, error.message);
}

/** The edge `action` takes from `state`, or the refusal the caller answers. */
export function requireTransition(state: string, action: InvoiceAction): void {
  try {
    invoiceTransition(state as InvoiceState, action);
  } catch (error) {
    if (error instanceof InvoiceStateError) throw stateRefusal(error);
    throw error;
  }
}

export type InvoiceApplicationsDependencies = {
  db: Kysely<Database>;
  repository: InvoiceRepository;
  book: InvoiceBookRepository;
  paid: Pick<PaidOrders, "of" | "find">;
  blobs: Pick<BlobStore, "open">;
  now: () => number;
};

/**
 * The customer's side of invoicing: which orders can be invoiced, applying, the records and the
 * invoices, withdrawing a pending application. `owner` is the main account (invoice-customer.ts);
 * the console reads the same records without one.
 */
export class InvoiceApplications {
  constructor(private readonly deps: InvoiceApplicationsDependencies) {}

  /** Paid recharge orders no live application holds; totals over the whole filtered range. */
  async invoiceable(userId: number, query: PageQuery & { startTime?: string; endTime?: string }): Promise<{ page: PageP<InvoiceableOrder>; totals: InvoiceableTotals }> {
    const [orders, held] = await Promise.all([this.deps.paid.of(userId, dayRange(query)), this.deps.repository.heldOrderIds(userId)]);
    const free = orders.filter((order) => !held.has(order.id));
    const { pageNumber, pageSize } = query;
    const list = free.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map(toInvoiceableOrder);
    return {
      page: pageOf(list, free.length, pageNumber, pageSize),
      totals: { totalFen: free.reduce((sum, order) => sum + order.amountFen, 0), totalRow: free.length },
    };
  }

  /**
   * One application for whole orders. The orders are checked (paid, this account's, held by no
   * live application) and linked in one transaction; the unique live link per order settles a race
   * with a concurrent application, whose loser gets the same answer as a sequential one.
   */
  async apply(userId: number, input: ApplyInvoice): Promise<InvoiceApplication> {
    const { book, repository, paid, db, now } = this.deps;
    const title = await book.findTitle(userId, input.titleId);
    if (!title) throw refused("titleId", INVOICE_MESSAGES.titleNotFound);
    let mailingAddress: string | null = null;
    if (input.invoiceKind === "special") {
      if (title.kind !== "organisation") throw refused("titleId", INVOICE_MESSAGES.specialNeedsOrganisation);
      if (!titleAllowsSpecial({ kind: "organisation", taxpayerId: title.taxpayer_id, registeredAddress: title.registered_address, registeredPhone: title.registered_phone, bankName: title.bank_name, bankAccount: title.bank_account })) {
        throw refused("titleId", INVOICE_MESSAGES.specialNeedsBankInfo);
      }
      const address = await book.findAddress(userId, input.addressId!);
      if (!address) throw refused("addressId", INVOICE_MESSAGES.addressNotFound);
      mailingAddress = mailingLine(address);
    }
    const time = now();
    let id: number;
    try {
      id = await durableTransaction(db, async (trx) => {
        const orders = await paid.find(userId, input.merchantOrderNos, trx);
        const held = await repository.heldOrderIds(userId, trx);
        if (orders.length !== input.merchantOrderNos.length || orders.some((order) => held.has(order.id))) {
          throw refused("merchantOrderNos", INVOICE_MESSAGES.ordersUnavailable);
        }
        return repository.insertApplication(
          trx,
          {
            user_id: userId,
            invoice_kind: input.invoiceKind,
            state: "pending",
            amount_fen: orders.reduce((sum, order) => sum + order.amountFen, 0),
            title_kind: title.kind,
            title_name: title.name,
            taxpayer_id: title.taxpayer_id,
            registered_address: title.registered_address,
            registered_phone: title.registered_phone,
            bank_name: title.bank_name,
            bank_account: title.bank_account,
            email: input.email ?? null,
            mailing_address: mailingAddress,
            remark: input.remark ?? null,
            reject_reason: null,
            decided_at: null,
            decided_by: null,
            reverse_reason: null,
            reverse_requested_at: null,
            created_at: time,
            updated_at: time,
          },
          orders.map((order) => ({ payment_order_id: order.id, merchant_order_no: order.merchantOrderNo, amount_fen: order.amountFen, channel: order.channel, paid_at: order.paidAt })),
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refused("merchantOrderNos", INVOICE_MESSAGES.ordersUnavailable);
      throw error;
    }
    return this.application(id, { owner: userId, actor: "user" });
  }

  async list(userId: number, query: ApplicationListQuery): Promise<PageP<InvoiceApplicationRow>> {
    const { pageNumber, pageSize } = query;
    const { rows, total } = await this.deps.repository.pageApplications(
      { userId, ...(query.state ? { state: query.state } : {}), ...dayRange(query) },
      { limit: pageSize, offset: (pageNumber - 1) * pageSize },
    );
    return pageOf(await this.rowsOf(rows), total, pageNumber, pageSize);
  }

  /** The console's queue: any account's applications, oldest first, each with its owner's id. */
  async queue(filter: ApplicationFilter, page: { limit: number; offset: number }): Promise<{ rows: (InvoiceApplicationRow & { userId: number })[]; total: number }> {
    const { rows, total } = await this.deps.repository.pageApplications(filter, { ...page, oldestFirst: true });
    const shown = await this.rowsOf(rows);
    return { rows: shown.map((row, index) => ({ ...row, userId: rows[index].user_id })), total };
  }

  /** The list rows with their order counts and invoice numbers. */
  async rowsOf(rows: ApplicationRow[]): Promise<InvoiceApplicationRow[]> {
    const ids = rows.map((row) => row.id);
    const [links, invoices] = await Promise.all([this.deps.repository.linksOf(ids), this.deps.repository.invoicesOf(ids)]);
    return rows.map((row) => toApplicationRow(row, links, invoices));
  }

  /** One application, the owner's only when `owner` is given (another account's is not found). */
  async application(id: number, { owner, actor }: { owner?: number; actor: "user" | "finance" }): Promise<InvoiceApplication> {
    return toApplication(...(await this.load(id, owner)), actor);
  }

  async load(id: number, owner?: number) {
    const row = await this.deps.repository.findApplication(id, owner);
    if (!row) throw notFound(INVOICE_MESSAGES.applicationNotFound);
    const [links, invoices] = await Promise.all([this.deps.repository.linksOf([id]), this.deps.repository.invoicesOf([id])]);
    return [row, links, invoices] as const;
  }

  /** A pending application withdrawn by its owner: its orders are free again. */
  async withdraw(userId: number, id: number): Promise<InvoiceApplication> {
    const { repository, db, now } = this.deps;
    const row = await repository.findApplication(id, userId);
    if (!row) throw notFound(INVOICE_MESSAGES.applicationNotFound);
    requireTransition(row.state, "withdraw");
    const moved = await durableTransaction(db, async (trx) => {
      if (!(await repository.move(trx, id, "withdraw", now()))) return false;
      await repository.release(trx, id);
      return true;
    });
    // Finance acted in between: answer from the state it left.
    if (!moved) requireTransition((await repository.findApplication(id))!.state, "withdraw");
    return this.application(id, { owner: userId, actor: "user" });
  }

  async invoices(userId: number, query: PageQuery & { startTime?: string; endTime?: string }): Promise<PageP<IssuedInvoice>> {
    const { pageNumber, pageSize } = query;
    const { rows, total } = await this.deps.repository.pageInvoices(userId, dayRange(query), pageSize, (pageNumber - 1) * pageSize);
    const applications = new Map<number, ApplicationRow>();
    for (const applicationId of new Set(rows.map((row) => row.application_id))) {
      const application = await this.deps.repository.findApplication(applicationId);
      if (application) applications.set(applicationId, application);
    }
    return pageOf(
      rows.map((row) => toIssuedInvoice(row, applications.get(row.application_id)!)),
      total,
      pageNumber,
      pageSize,
    );
  }

  async invoice(userId: number, id: number): Promise<IssuedInvoiceDetail> {
    const row = await this.deps.repository.findInvoice(id, userId);
    if (!row) throw notFound(INVOICE_MESSAGES.invoiceNotFound);
    const [application, links, invoices] = await this.load(row.application_id, userId);
    return { ...toIssuedInvoice(row, application), application: toApplication(application, links, invoices, "user") };
  }

  /** The invoice's PDF, the owner's only when `owner` is given. */
  async file(id: number, owner?: number): Promise<{ name: string; body: Readable }> {
    const row = await this.deps.repository.findInvoice(id, owner);
    if (!row) throw notFound(INVOICE_MESSAGES.invoiceNotFound);
    const body = await this.deps.blobs.open(row.file_sha256);
    if (!body) throw notFound(INVOICE_MESSAGES.invoiceFileMissing);
    return { name: invoiceFileName(row.invoice_no), body };
  }
}
