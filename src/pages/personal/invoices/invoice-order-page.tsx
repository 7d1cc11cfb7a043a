import { Alert, App, Button, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { defineSectionData } from "../../../resources/define";
import { siblingPath, type SectionPageProps } from "../../../resources/derive";
import { describeFilters } from "../../../resources/field-meta";
import { INVOICE_ENDPOINTS, INVOICE_MESSAGES, INVOICE_RANGE_FILTERS, InvoiceableOrderQuerySchema, InvoiceableOrderSchema, MAX_ORDERS_PER_APPLICATION, type InvoiceableOrder } from "../../../schema/invoice";
import { formatYuanWithCents } from "../../../schema/money";
import { RecordList } from "../../kinds/record-list";
import { SectionPageFrame } from "../../kinds/section-page-frame";
import { chosenOrdersState, totalFenOf } from "./chosen-orders";

const ORDERS = defineSectionData({
  record: InvoiceableOrderSchema,
  columns: ["merchantOrderNo", "amountFen", "channel", "paidTime"],
  filters: describeFilters(InvoiceableOrderQuerySchema, INVOICE_RANGE_FILTERS),
  endpoints: { list: INVOICE_ENDPOINTS.listInvoiceableOrders },
  idParam: "merchantOrderNo",
  emptyText: "暂无可开票的订单：已支付且尚未开票的充值订单会列在这里",
});

export const ORDER_PAGE_NOTE = "只有已支付的在线充值订单可以开票，每笔订单整笔开具；使用余额购买套餐的金额已含在充值之中，不再单独开票。";

/**
 * /personal/invoiceAdmin/invoiceOrder: the paid recharge orders not yet invoiced. The chosen ones
 * (kept across pages and date filters) and their total go on to 申请开票.
 */
export function InvoiceOrderPage({ route }: SectionPageProps) {
  const [chosen, setChosen] = useState<ReadonlyMap<string, InvoiceableOrder>>(new Map());
  const navigate = useNavigate();
  const { message } = App.useApp();
  const apply = siblingPath(route, "invoicetoApply");
  const orders = [...chosen.values()];

  function choose(ids: string[], records: readonly Record<string, unknown>[]) {
    const shown = new Map(records.map((record) => [String(record.merchantOrderNo), record as InvoiceableOrder]));
    setChosen((previous) => new Map(ids.flatMap((id) => {
      const order = shown.get(id) ?? previous.get(id);
      return order ? [[id, order] as const] : [];
    })));
  }

  function goApply() {
    if (orders.length > MAX_ORDERS_PER_APPLICATION) return void message.error(INVOICE_MESSAGES.tooManyOrders);
    if (apply) navigate(apply, { state: chosenOrdersState(orders) });
  }

  return (
    <SectionPageFrame route={route}>
      <Alert type="info" showIcon message={ORDER_PAGE_NOTE} style={{ marginBottom: 16 }} />
      <RecordList
        route={route}
        data={ORDERS}
        selection={{
          isTextKey: true,
          selected: [...chosen.keys()],
          onSelect: choose,
          actions: (
            <>
              <Typography.Text aria-label="已选金额">
                已选金额：<Typography.Text strong>{formatYuanWithCents(totalFenOf(orders))} 元</Typography.Text>
              </Typography.Text>
              <Button type="primary" disabled={orders.length === 0} onClick={goApply}>
                申请开票
              </Button>
            </>
          ),
        }}
      />
    </SectionPageFrame>
  );
}
