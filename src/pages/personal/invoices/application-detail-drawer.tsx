import { Alert, Card, Drawer, Skeleton, Space } from "antd";
import { Link } from "react-router";
import { useEndpointQuery } from "../../../providers/use-endpoint";
import { siblingPath, type SectionPlace } from "../../../resources/derive";
import { describeFields } from "../../../resources/field-meta";
import { APPLIED_TITLE_FIELDS, INVOICE_ENDPOINTS, InvoiceApplicationSchema } from "../../../schema/invoice";
import { withRecordId } from "../../kinds/record-links";
import { ApplicationFacts, ApplicationTimeline, InvoiceOrdersTable, InvoiceStateTag, IssuedInvoiceList } from "../../invoices/application-panels";
import { InvoiceDownloadButton } from "../../invoices/invoice-download";

/** The rows of an application as the customer reads it; the number, state and lists have their own places. */
const FIELDS = describeFields(InvoiceApplicationSchema, [
  "invoiceKind",
  ...APPLIED_TITLE_FIELDS,
  "amountFen",
  "email",
  "mailingAddress",
  "remark",
  "applyTime",
  "rejectReason",
  "reverseReason",
]);

/** 详情 of an application (开票记录): what was applied for, its orders, its history and the invoices issued for it. */
export function ApplicationDetailDrawer({ place, id, onClose }: { place: SectionPlace; id: number; onClose: () => void }) {
  const { datas: answer, query } = useEndpointQuery(INVOICE_ENDPOINTS.getApplication, { id });
  // refine answers an empty object until the call has succeeded.
  const datas = query.isSuccess ? answer : undefined;
  const detail = siblingPath(place, "invoiceDetail");
  return (
    <Drawer open width={720} title={`开票申请 ${id}`} onClose={onClose} extra={datas && <InvoiceStateTag state={datas.state} />}>
      {query.isLoading && <Skeleton active />}
      {query.error && <Alert type="error" showIcon message={query.error.message} />}
      {datas && (
        <Space direction="vertical" size="middle" style={{ width: "100%" }}>
          <ApplicationFacts fields={FIELDS} application={datas} />
          <Card size="small" title="开票订单">
            <InvoiceOrdersTable orders={datas.orders} />
          </Card>
          <Card size="small" title="处理记录">
            <ApplicationTimeline application={datas} />
          </Card>
          <Card size="small" title="发票">
            <IssuedInvoiceList
              invoices={datas.invoices}
              actions={(invoice) => (
                <Space>
                  {detail && <Link to={withRecordId(detail, invoice.id)}>发票详情</Link>}
                  <InvoiceDownloadButton endpoint={INVOICE_ENDPOINTS.downloadInvoice} invoice={invoice} />
                </Space>
              )}
            />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
