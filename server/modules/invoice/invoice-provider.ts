import type { InvoiceDirection, InvoiceKind, TitleKind } from "../../../src/schema/invoice.js";

/**
 * What the platform asks of an invoice issuer (a tax-control service, an e-invoicing platform).
 * Issuing is idempotent by `requestNo`: asking again for the same request answers the same invoice
 * and never issues a second one, which is how a crash between the issuer's answer and our commit
 * is repaired (the retry asks again). A synchronous issuer answers "issued" at once; an
 * asynchronous one answers "pending" and the platform asks again later (housekeeping).
 */
export interface InvoiceProvider {
  /** Stored with every invoice (issued_invoices.provider); "development" marks a sample. */
  readonly key: string;
  issue(request: InvoiceRequest): Promise<InvoiceOutcome>;
}

export type InvoiceBuyer = {
  titleKind: TitleKind;
  name: string;
  taxpayerId: string | null;
  registeredAddress: string | null;
  registeredPhone: string | null;
  bankName: string | null;
  bankAccount: string | null;
};

export type InvoiceRequest = {
  /** Our idempotency key: one per application and direction. */
  requestNo: string;
  applicationId: number;
  direction: InvoiceDirection;
  kind: InvoiceKind;
  buyer: InvoiceBuyer;
  /** Always positive; a red invoice cancels this much of its blue one. */
  amountFen: number;
  /** The merchant order numbers invoiced, for the invoice's remark. */
  orderNos: string[];
  email: string | null;
  mailingAddress: string | null;
  /** A red invoice's blue original and the reason of the 红冲. */
  original?: { invoiceNo: string; reason: string };
};

export type InvoiceOutcome =
  | { status: "issued"; invoiceNo: string; issuedAt: number; pdf: Buffer }
  | { status: "pending" }
  | { status: "refused"; reason: string };
