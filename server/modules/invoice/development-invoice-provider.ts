import { renderSampleInvoicePdf } from "./invoice-sample-pdf.js";
import type { InvoiceOutcome, InvoiceProvider, InvoiceRequest } from "./invoice-provider.js";

/**
 * The development issuer: issues at once, and honestly: its "invoice" is a sample PDF marked
 * 开发环境样张 / 非税务发票, numbered DEV-B-… / DEV-R-… (nothing like a tax invoice's code and
 * number). The number follows from the request, so asking again answers the same invoice; it
 * remembers the first answer's time and file for the same reason (a real issuer keeps its record).
 */
export class DevelopmentInvoiceProvider implements InvoiceProvider {
  readonly key = "development";
  private readonly issued = new Map<string, Extract<InvoiceOutcome, { status: "issued" }>>();

  constructor(private readonly now: () => number) {}

  async issue(request: InvoiceRequest): Promise<InvoiceOutcome> {
    const earlier = this.issued.get(request.requestNo);
    if (earlier) return earlier;
    const invoiceNo = `DEV-${request.direction === "blue" ? "B" : "R"}-${String(request.applicationId).padStart(8, "0")}`;
    const issuedAt = this.now();
    const outcome = { status: "issued" as const, invoiceNo, issuedAt, pdf: await renderSampleInvoicePdf(request, invoiceNo, issuedAt) };
    this.issued.set(request.requestNo, outcome);
    return outcome;
  }
}
