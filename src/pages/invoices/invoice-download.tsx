import { SignedDownloadButton } from "../../components/signed-download";
import { CONSOLE_INVOICE_ENDPOINTS, INVOICE_ENDPOINTS, invoiceFileName } from "../../schema/invoice";

/** The customer's download, or finance's in the console: the same file, each behind its own session. */
export type InvoiceDownloadEndpoint = typeof INVOICE_ENDPOINTS.downloadInvoice | typeof CONSOLE_INVOICE_ENDPOINTS.downloadInvoice;

/** 下载发票: fetches the signed address and hands the PDF to the browser; a refusal (file not ready) is shown as a message. */
export function InvoiceDownloadButton({ endpoint, invoice, type = "link" }: { endpoint: InvoiceDownloadEndpoint; invoice: { id: number; invoiceNo: string }; type?: "link" | "default" | "primary" }) {
  return (
    <SignedDownloadButton endpoint={endpoint} params={{ id: invoice.id }} file={{ contentType: "application/pdf", fallbackName: invoiceFileName(invoice.invoiceNo) }} type={type}>
      下载发票
    </SignedDownloadButton>
  );
}
