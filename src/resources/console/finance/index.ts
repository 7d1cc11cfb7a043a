import { AccountBookOutlined } from "@ant-design/icons";
import type { MainSectionDefinition } from "../../types";
import { invoiceReview } from "./invoices";

/** 财务 (/console/finance): money matters an operator with finance.manage decides. A section is one entry in `sections`. */
export const finance: MainSectionDefinition = {
  key: "finance",
  title: "财务",
  icon: AccountBookOutlined,
  sideNav: "links",
  sections: [invoiceReview],
};
