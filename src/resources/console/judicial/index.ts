import { AuditOutlined, BankOutlined } from "@ant-design/icons";
import { INSTITUTION_ENDPOINTS, InstitutionDetailSchema, InstitutionFormSchema, InstitutionListQuerySchema, InstitutionSummarySchema } from "../../../schema/console/appraisal-institutions";
import { defineSectionData, genericPage } from "../../define";
import { describeFilters } from "../../field-meta";
import type { MainSectionDefinition } from "../../types";

/** 司法 (/console/judicial): the institutions of the judicial channel the platform works with. A section is one entry in `sections`. */
export const judicial: MainSectionDefinition = {
  key: "judicial",
  title: "司法",
  icon: BankOutlined,
  sideNav: "links",
  sections: [
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
