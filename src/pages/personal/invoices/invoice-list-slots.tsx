import { Space, Tag } from "antd";
import { Link } from "react-router";
import { siblingPath } from "../../../resources/derive";
import type { ListRecord, PageSlots, RowActionsProps } from "../../../resources/types";
import { INVOICE_ENDPOINTS, type IssuedInvoice } from "../../../schema/invoice";
import { withRecordId } from "../../kinds/record-links";
import { InvoiceDownloadButton } from "../../invoices/invoice-download";

/** What the list of issued invoices (发票列表) adds: each invoice's 详情 and 下载发票; a blue invoice cancelled by a red one says so. */

function InvoiceActions({ route, record }: RowActionsProps) {
  const invoice = record as IssuedInvoice;
  const detail = siblingPath(route, "invoiceDetail");
  return (
    <Space size="small">
      {detail && <Link to={withRecordId(detail, invoice.id)}>详情</Link>}
      <InvoiceDownloadButton endpoint={INVOICE_ENDPOINTS.downloadInvoice} invoice={invoice} />
    </Space>
  );
}

const slots: PageSlots = {
  rowActions: InvoiceActions,
  cells: {
    direction: (_value, record: ListRecord, text) => (
      <Space size={4}>
        {text}
        {(record as IssuedInvoice).reversed && <Tag>已红冲</Tag>}
      </Space>
    ),
  },
};
export default slots;
