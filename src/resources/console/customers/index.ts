import { TeamOutlined } from "@ant-design/icons";
import type { MainSectionDefinition } from "../../types";

/** 客户 (/console/customers): looking customers up, their accounts and sessions. A section is one entry in `sections`. */
export const customers: MainSectionDefinition = {
  key: "customers",
  title: "客户",
  icon: TeamOutlined,
  sideNav: "links",
  sections: [],
};
