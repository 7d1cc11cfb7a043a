import { AuditOutlined, TeamOutlined } from "@ant-design/icons";
import { INSTITUTION_ENDPOINTS, InstitutionDetailSchema, InstitutionFormSchema, InstitutionListQuerySchema, InstitutionSummarySchema } from "../../../schema/console/appraisal-institutions";
import { CUSTOMER_ENDPOINTS, CustomerSearchQuerySchema, CustomerSummarySchema } from "../../../schema/console/customers";
import { customPage, defineSectionData, genericPage } from "../../define";
import { describeFilters } from "../../field-meta";
import type { MainSectionDefinition } from "../../types";

/**
 * 客户 (/console/customers): looking customers up, their accounts and sessions; and the appraisal
 * institutions the platform works with, whose experts are customers' accounts. A section is one
 * entry in `sections`.
 */
export const customers: MainSectionDefinition = {
  key: "customers",
  title: "客户",
  icon: TeamOutlined,
  sideNav: "links",
  sections: [
    {
      key: "lookup",
      title: "客户查询",
      permission: "customers.read",
      description: "按账号、手机号、邮箱、企业名称或证书编号查找客户，查看资料、认证、会话与登录记录，停用或启用账号",
      landing: "dataList",
      ...defineSectionData({
        record: CustomerSummarySchema,
        columns: ["loginAccount", "displayName", "mobile", "mail", "accountKind", "status", "realNameState", "enterpriseState", "registerTime"],
        filters: describeFilters(CustomerSearchQuerySchema, ["keyword", "status"]),
        endpoints: { list: CUSTOMER_ENDPOINTS.search },
        emptyText: "没有找到符合条件的客户",
      }),
      pages: [
        genericPage("dataList", "dataList", "客户查询"),
        customPage("dataList/customerInfo", "客户详情", () => import("../../../pages/console/customers/customer-page").then((m) => ({ default: m.CustomerPage })), {
          standsFor: "detail",
        }),
      ],
    },
    {
      key: "appraisalInstitutions",
      title: "司法鉴定机构",
      icon: AuditOutlined,
      permission: "appraisalInstitutions.manage",
      description: "开设合作的司法鉴定机构，暂停或恢复其受理委托，按账号添加或移除其鉴定人",
      landing: "dataList",
      ...defineSectionData({
        record: InstitutionSummarySchema,
        form: InstitutionFormSchema,
        columns: ["name", "licenseNo", "region", "phone", "expertCount", "acceptsCommissions", "createTime"],
        filters: describeFilters(InstitutionListQuerySchema, ["keyword"]),
        endpoints: { list: INSTITUTION_ENDPOINTS.list, one: INSTITUTION_ENDPOINTS.one, create: INSTITUTION_ENDPOINTS.create },
        emptyText: "暂无司法鉴定机构",
      }),
      pages: [
        genericPage("dataList", "dataList", "鉴定机构列表", { nav: true }),
        genericPage("new", "new", "新建鉴定机构", { nav: true }),
        genericPage("dataList/institutionInfo", "detail", "鉴定机构详情", {
          data: defineSectionData({ record: InstitutionDetailSchema, endpoints: { one: INSTITUTION_ENDPOINTS.one } }),
          slots: () => import("../../../pages/console/appraisal/institution-panel"),
        }),
      ],
    },
  ],
};
