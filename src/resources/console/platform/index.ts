import { DashboardOutlined, HeartOutlined } from "@ant-design/icons";
import { customPage } from "../../define";
import type { MainSectionDefinition } from "../../types";

/** 平台 (/console/platform): the platform's health, the audit trail, operators and their roles. A section is one entry in `sections`. */
export const platform: MainSectionDefinition = {
  key: "platform",
  title: "平台",
  icon: DashboardOutlined,
  sideNav: "links",
  sections: [
    {
      key: "health",
      title: "平台状态",
      icon: HeartOutlined,
      permission: "platform.health",
      description: "账本与检查点、见证者、可信时间戳、任务队列、存储空间与在线会话",
      landing: "",
      pages: [customPage("", "平台状态", () => import("../../../pages/console/platform/health-page"))],
    },
  ],
};
