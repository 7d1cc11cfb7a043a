import { DownloadOutlined } from "@ant-design/icons";
import { App, Button } from "antd";
import { useMemo, useState } from "react";
import { useSessionStore } from "../../providers/session-context";
import { fetchSignedFile, saveFile } from "../../providers/signed-file";
import { createSignedUrlBuilder } from "../../providers/signed-url";
import { CONSOLE_INVOICE_ENDPOINTS, INVOICE_ENDPOINTS, invoiceFileName } from "../../schema/invoice";

/** The customer's download, or finance's in the console: the same file, each behind its own session. */
export type InvoiceDownloadEndpoint = typeof INVOICE_ENDPOINTS.downloadInvoice | typeof CONSOLE_INVOICE_ENDPOINTS.downloadInvoice;

const PDF = "application/pdf";

/** 下载发票: fetches the signed address and hands the PDF to the browser; a refusal (file not ready) is shown as a message. */
export function InvoiceDownloadButton({ endpoint, invoice, type = "link" }: { endpoint: InvoiceDownloadEndpoint; invoice: { id: number; invoiceNo: string }; type?: "link" | "default" | "primary" }) {
  const sessionStore = useSessionStore();
  const signedUrl = useMemo(() => createSignedUrlBuilder({ sessionStore, now: Date.now }), [sessionStore]);
  const { message } = App.useApp();
  const [isLoading, setLoading] = useState(false);

  async function download() {
    setLoading(true);
    try {
      const answer = await fetchSignedFile(signedUrl(endpoint, { id: invoice.id }), { contentType: PDF, fallbackName: invoiceFileName(invoice.invoiceNo) });
      if ("code" in answer) return void message.error(answer.message);
      saveFile(answer.file, answer.fileName);
    } catch {
      message.error("下载失败，请稍后重试");
    } finally {
      setLoading(false);
    }
  }

  return (
    <Button type={type} size={type === "link" ? "small" : "middle"} icon={<DownloadOutlined />} loading={isLoading} onClick={() => void download()}>
      下载发票
    </Button>
  );
}
