import { Alert, Card, Col, Result, Row, Skeleton, Space } from "antd";
import { Link, useSearchParams } from "react-router";
import { useEndpointQuery } from "../../../providers/use-endpoint";
import { pagePath, type SectionPageProps } from "../../../resources/derive";
import { describeFields } from "../../../resources/field-meta";
import { APPLIED_TITLE_FIELDS, ApplicationRefSchema, CONSOLE_INVOICE_ENDPOINTS, ConsoleApplicationSchema, INVOICE_MESSAGES } from "../../../schema/invoice";
import { listPageAbove } from "../../kinds/record-links";
import { SectionPageFrame } from "../../kinds/section-page-frame";
import { ApplicationFacts, ApplicationTimeline, InvoiceOrdersTable, InvoiceStateTag, IssuedInvoiceList } from "../../invoices/application-panels";
import { InvoiceDownloadButton } from "../../invoices/invoice-download";
import { DecisionBar } from "./decision-bar";

/** The facts finance checks, as rows; the number and state are in the heading, orders, history and invoices have their own panels. */
const FIELDS = describeFields(ConsoleApplicationSchema, [
  "account",
  "invoiceKind",
  "amountFen",
  "orderCount",
  ...APPLIED_TITLE_FIELDS,
  "email",
  "mailingAddress",
  "remark",
  "applyTime",
  "decidedBy",
  "rejectReason",
  "reverseReason",
]);

/**
 * /console/finance/invoices/dataList/review?id=…: one application with what finance needs to
 * decide it, and the decisions its state allows (开票, 驳回, 红冲, or a retry of one the
 * issuer has not finished). The page stays after a decision, showing the application as it now is.
 */
export function InvoiceReviewPage({ route }: SectionPageProps) {
  const [params] = useSearchParams();
  const ref = ApplicationRefSchema.safeParse({ id: params.get("id") });
  const list = listPageAbove(route);
  const back = list && <Link to={pagePath(route, list)}>返回{list.title}</Link>;
  return (
    <SectionPageFrame route={route} extra={back}>
      {ref.success ? <ApplicationReview id={ref.data.id} /> : <Result status="warning" title="未指定要审核的开票申请" extra={back} />}
    </SectionPageFrame>
  );
}

function ApplicationReview({ id }: { id: number }) {
  const { datas, query } = useEndpointQuery(CONSOLE_INVOICE_ENDPOINTS.one, { id });
  if (query.isLoading) return <Skeleton active />;
  if (query.error || !datas) return <Alert type="error" showIcon message={query.error?.message ?? INVOICE_MESSAGES.applicationNotFound} />;
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <DecisionBar application={datas} onChanged={() => void query.refetch()} />
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <ApplicationFacts
            fields={FIELDS}
            application={datas}
            title={
              <Space>
                开票申请 {datas.id}
                <InvoiceStateTag state={datas.state} />
              </Space>
            }
          />
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title="处理记录" style={{ marginBottom: 16 }}>
            <ApplicationTimeline application={datas} />
          </Card>
          <Card size="small" title="发票">
            <IssuedInvoiceList invoices={datas.invoices} actions={(invoice) => <InvoiceDownloadButton endpoint={CONSOLE_INVOICE_ENDPOINTS.downloadInvoice} invoice={invoice} />} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={`开票订单（${datas.orders.length} 笔）`}>
        <InvoiceOrdersTable orders={datas.orders} />
      </Card>
    </Space>
  );
}
