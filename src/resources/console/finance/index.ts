import { AccountBookOutlined } from "@ant-design/icons";
import type { MainSectionDefinition } from "../../types";
import { paymentOrders, paymentRefunds } from "./payment-orders";

/** 财务 (/console/finance): money matters of the platform. A section is one entry in `sections`. */
export const finance: MainSectionDefinition = {
  key: "finance",
  title: "财务",
  icon: AccountBookOutlined,
  sideNav: "links",
  sections: [paymentOrders, paymentRefunds],
};
