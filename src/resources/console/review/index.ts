import { AuditOutlined } from "@ant-design/icons";
import type { MainSectionDefinition } from "../../types";

/**
 * 审核 (/console/review): decisions on what customers submit for review, first of all their
 * real-name and enterprise applications. A section is one entry in `sections`.
 */
export const review: MainSectionDefinition = {
  key: "review",
  title: "审核",
  icon: AuditOutlined,
  sideNav: "links",
  sections: [],
};
