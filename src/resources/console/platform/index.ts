import { DashboardOutlined } from "@ant-design/icons";
import type { MainSectionDefinition } from "../../types";

/** 平台 (/console/platform): the platform's health, the audit trail, operators and their roles. A section is one entry in `sections`. */
export const platform: MainSectionDefinition = {
  key: "platform",
  title: "平台",
  icon: DashboardOutlined,
  sideNav: "links",
  sections: [],
};
