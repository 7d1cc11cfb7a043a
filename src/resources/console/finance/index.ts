import { AccountBookOutlined } from "@ant-design/icons";
import type { MainSectionDefinition } from "../../types";
import { adjustments } from "./adjustments";
import { contracts } from "./contracts";
import { invoiceReview } from "./invoices";
import { paymentOrders, paymentRefunds } from "./payment-orders";
import { prices } from "./prices";

/** 财务 (/console/finance): prices, payment orders and refunds, invoice review, offline contracts and balance adjustments (issue 14). Each section lives in its own file. */
export const finance: MainSectionDefinition = {
  key: "finance",
  title: "财务",
  icon: AccountBookOutlined,
  sideNav: "links",
  sections: [prices, paymentOrders, paymentRefunds, invoiceReview, contracts, adjustments],
};
