import { ProDescriptions } from "@ant-design/pro-components";
import { Empty, Space, Table, Tag, Timeline, Typography } from "antd";
import type { ReactNode } from "react";
import { describeFields, formatFieldValue, recordRows, type FieldDescription } from "../../resources/field-meta";
import { formatDateTime } from "../../schema/format";
import { INVOICE_STATE_COLORS, INVOICE_STATE_LABELS, InvoiceableOrderSchema, IssuedInvoiceSchema, type InvoiceableOrder, type InvoiceState, type IssuedInvoice } from "../../schema/invoice";
import { formatYuanWithCents } from "../../schema/money";
import { FieldCell } from "../kinds/field-cell";
import { applicationHistory, type HistoryStep } from "./application-history";

/** The parts of an application both the customer and finance look at: its facts, orders, history and invoices. */

export function InvoiceStateTag({ state }: { state: InvoiceState }) {
  return <Tag color={INVOICE_STATE_COLORS[state]}>{INVOICE_STATE_LABELS[state]}</Tag>;
}

/** The application's own rows (labels and formats from the schema); rows that do not apply are left out. */
export function ApplicationFacts({ fields, application, title }: { fields: readonly FieldDescription[]; application: Record<string, unknown>; title?: ReactNode }) {
  return (
    <ProDescriptions
      bordered
      column={1}
      title={title}
      styles={{ content: { whiteSpace: "pre-line" } }}
      columns={recordRows(fields, application).map((row) => ({ key: row.name, title: row.label, render: () => row.value }))}
    />
  );
}

const TONE_COLORS: Record<HistoryStep["tone"], string> = { done: "green", waiting: "blue", refused: "red", cancelled: "gray" };

export function ApplicationTimeline({ application }: { application: Parameters<typeof applicationHistory>[0] }) {
  return (
    <Timeline
      aria-label="处理记录"
      items={applicationHistory(application).map((step) => ({
        key: step.key,
        color: TONE_COLORS[step.tone],
        children: (
          <div>
            <Typography.Text strong>{step.title}</Typography.Text>
            {step.time !== undefined && <div><Typography.Text type="secondary">{formatDateTime(step.time)}</Typography.Text></div>}
            {step.note && <div>{step.note}</div>}
          </div>
        ),
      }))}
    />
  );
}

const ORDER_FIELDS = describeFields(InvoiceableOrderSchema);

/** Whole orders with their total: what an application invoices. */
export function InvoiceOrdersTable({ orders }: { orders: readonly InvoiceableOrder[] }) {
  const total = orders.reduce((sum, order) => sum + order.amountFen, 0);
  return (
    <Table<InvoiceableOrder>
      size="small"
      rowKey="merchantOrderNo"
      pagination={false}
      dataSource={[...orders]}
      columns={ORDER_FIELDS.map((field) => ({ key: field.name, title: field.label, dataIndex: field.name, render: (value: unknown) => <FieldCell field={field} value={value} /> }))}
      locale={{ emptyText: "没有订单" }}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>合计 {orders.length} 笔</Table.Summary.Cell>
          <Table.Summary.Cell index={1}>
            <Typography.Text strong>{formatYuanWithCents(total)} 元</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} colSpan={ORDER_FIELDS.length - 2} />
        </Table.Summary.Row>
      )}
    />
  );
}

const INVOICE_FIELDS = describeFields(IssuedInvoiceSchema, ["invoiceNo", "direction", "amountFen", "issueTime", "provider"]);

/** The blue invoice and, after a 红冲, its red one; each with its own actions (download, details). */
export function IssuedInvoiceList({ invoices, actions }: { invoices: readonly IssuedInvoice[]; actions: (invoice: IssuedInvoice) => ReactNode }) {
  if (invoices.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未开具发票" />;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {invoices.map((invoice) => (
        <div key={invoice.id} aria-label={`发票 ${invoice.invoiceNo}`} style={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 12, padding: "8px 12px", border: "1px solid #f0f0f0", borderRadius: 6 }}>
          {INVOICE_FIELDS.map((field) => (
            <span key={field.name}>
              <Typography.Text type="secondary">{field.label}：</Typography.Text>
              {field.display.colors ? <FieldCell field={field} value={invoice[field.name as keyof IssuedInvoice]} /> : formatFieldValue(field, invoice[field.name as keyof IssuedInvoice])}
            </span>
          ))}
          <span style={{ marginLeft: "auto" }}>{actions(invoice)}</span>
        </div>
      ))}
    </Space>
  );
}
