import { Card, Space } from "antd";
import type { ListRecord, ListSlotProps, PageSlots } from "../../../resources/types";
import { INVOICE_ENDPOINTS, type IssuedInvoiceDetail } from "../../../schema/invoice";
import { ApplicationTimeline, InvoiceOrdersTable, InvoiceStateTag } from "../../invoices/application-panels";
import { InvoiceDownloadButton } from "../../invoices/invoice-download";

/** Below an invoice's fields (发票详情): its file, what it was issued for, and the application's history (a 红冲 with its reason). */
function InvoicePanel({ record }: ListSlotProps & { record?: ListRecord }) {
  if (!record) return null;
  const invoice = record as IssuedInvoiceDetail;
  const { application } = invoice;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%", marginTop: 16 }}>
      <InvoiceDownloadButton endpoint={INVOICE_ENDPOINTS.downloadInvoice} invoice={invoice} type="primary" />
      <Card size="small" title={<Space>开票申请 {application.id}<InvoiceStateTag state={application.state} /></Space>}>
        <InvoiceOrdersTable orders={application.orders} />
      </Card>
      <Card size="small" title="处理记录">
        <ApplicationTimeline application={application} />
      </Card>
    </Space>
  );
}

const slots: PageSlots = { panel: InvoicePanel };
export default slots;
