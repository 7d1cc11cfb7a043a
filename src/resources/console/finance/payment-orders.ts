import { RollbackOutlined, TransactionOutlined } from "@ant-design/icons";
import {
  PAYMENT_CONSOLE_ENDPOINTS,
  PaymentOrderListQuerySchema,
  PaymentOrderRecordSchema,
  PaymentRefundListQuerySchema,
  PaymentRefundRecordSchema,
} from "../../../schema/console/payments";
import { FINANCE_PERMISSION } from "../../../schema/console/finance";
import { defineSectionData, genericPage } from "../../define";
import { describeFilters } from "../../field-meta";
import type { SectionDefinition } from "../../types";

/** 支付订单: every payment attempt of a recharge, read only. */
export const paymentOrders: SectionDefinition = {
  key: "paymentOrders",
  title: "支付订单",
  icon: TransactionOutlined,
  permission: FINANCE_PERMISSION,
  description: "客户每一次充值支付的渠道、金额、状态与时间，可按订单号、状态与下单日期查找",
  landing: "dataList",
  ...defineSectionData({
    record: PaymentOrderRecordSchema,
    idParam: "merchantOrderNo",
    columns: ["merchantOrderNo", "customerAccount", "channel", "amountFen", "state", "createTime", "paidTime", "closedTime"],
    filters: describeFilters(PaymentOrderListQuerySchema, ["merchantOrderNo", "state", ["startTime", "endTime"]]),
    endpoints: { list: PAYMENT_CONSOLE_ENDPOINTS.orders },
    emptyText: "暂无支付订单",
  }),
  pages: [genericPage("dataList", "dataList", "支付订单")],
};

/** 退款: money a provider took that no balance received, returned automatically; 重试 for a failed one. */
export const paymentRefunds: SectionDefinition = {
  key: "refunds",
  title: "退款",
  icon: RollbackOutlined,
  permission: FINANCE_PERMISSION,
  description: "关单后支付、金额不符时自动原路退回的款项；退款失败的可以重试",
  landing: "dataList",
  ...defineSectionData({
    record: PaymentRefundRecordSchema,
    columns: ["refundNo", "merchantOrderNo", "customerAccount", "channel", "amountFen", "reason", "state", "attempts", "createTime", "refundedTime"],
    filters: describeFilters(PaymentRefundListQuerySchema, ["merchantOrderNo", "state", ["startTime", "endTime"]]),
    endpoints: { list: PAYMENT_CONSOLE_ENDPOINTS.refunds },
    emptyText: "暂无退款",
  }),
  pages: [genericPage("dataList", "dataList", "退款", { slots: () => import("../../../pages/console/finance/refund-list-slots") })],
};
