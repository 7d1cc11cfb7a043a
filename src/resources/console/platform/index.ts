import { AuditOutlined, DashboardOutlined, HeartOutlined, TeamOutlined } from "@ant-design/icons";
import { AUDIT_ENDPOINTS, AuditListQuerySchema, AuditRecordSchema } from "../../../schema/console/audit";
import { NewOperatorFormSchema } from "../../../schema/console/operator-forms";
import { OPERATOR_ENDPOINTS, OperatorListQuerySchema, OperatorRecordSchema } from "../../../schema/console/operators";
import { customPage, defineSectionData, genericPage } from "../../define";
import { describeFilters } from "../../field-meta";
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
    {
      key: "audit",
      title: "操作审计",
      icon: AuditOutlined,
      permission: "audit.read",
      description: "每一项操作的操作人、对象、前后变化与原因，及其在透明账本中的记录",
      landing: "dataList",
      ...defineSectionData({
        record: AuditRecordSchema,
        columns: ["createTime", "operatorAccount", "action", "targetType", "targetLabel", "reason", "ledgerIndex"],
        filters: describeFilters(AuditListQuerySchema, ["operatorAccount", "action", "targetType", "targetId", ["startTime", "endTime"]]),
        endpoints: { list: AUDIT_ENDPOINTS.list, one: AUDIT_ENDPOINTS.one },
        emptyText: "暂无操作记录",
      }),
      pages: [
        genericPage("dataList", "dataList", "操作记录"),
        genericPage("dataList/auditInfo", "detail", "操作记录详情", { slots: () => import("../../../pages/console/platform/audit/audit-record-panel") }),
      ],
    },
    {
      key: "operators",
      title: "操作员",
      icon: TeamOutlined,
      permission: "operators.manage",
      description: "新建操作员，编辑其角色，停用、启用，重置丢失的二次验证",
      landing: "dataList",
      ...defineSectionData({
        record: OperatorRecordSchema,
        form: NewOperatorFormSchema,
        columns: ["account", "name", "roles", "status", "hasSecondFactor", "lastLoginTime"],
        filters: describeFilters(OperatorListQuerySchema, ["keyword", "role", "status"]),
        endpoints: { list: OPERATOR_ENDPOINTS.list, one: OPERATOR_ENDPOINTS.one, create: OPERATOR_ENDPOINTS.create },
        emptyText: "暂无操作员",
      }),
      pages: [
        genericPage("dataList", "dataList", "操作员列表", { nav: true, slots: () => import("../../../pages/console/platform/operators/operator-list-slots") }),
        genericPage("new", "new", "新建操作员", { nav: true, slots: () => import("../../../pages/console/platform/operators/operator-new-slots") }),
      ],
    },
  ],
};
