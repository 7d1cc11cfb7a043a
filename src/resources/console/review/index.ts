import { AuditOutlined, IdcardOutlined } from "@ant-design/icons";
import { IDENTITY_REVIEW_ENDPOINTS, IdentityApplicationListQuerySchema, IdentityApplicationRowSchema } from "../../../schema/console/identity-review";
import { customPage, defineSectionData, genericPage } from "../../define";
import { describeFilters } from "../../field-meta";
import type { MainSectionDefinition } from "../../types";
import { IDENTITY_REVIEW_LIST_SLOTS, REVIEW_PAGES } from "./pages";

/**
 * 审核 (/console/review): decisions on what customers submit for review, first of all their
 * real-name and enterprise applications. A section is one entry in `sections`.
 */
export const review: MainSectionDefinition = {
  key: "review",
  title: "审核",
  icon: AuditOutlined,
  sideNav: "links",
  sections: [
    {
      key: "identityApplications",
      title: "实名与企业认证",
      description: "审核用户提交的个人实名认证与企业认证：核对资料与证照，通过或驳回",
      icon: IdcardOutlined,
      permission: "identity.review",
      landing: "dataList",
      ...defineSectionData({
        record: IdentityApplicationRowSchema,
        columns: ["kind", "id", "account", "subjectName", "certificateNumber", "status", "checkOutcome", "submitTime", "decideTime", "decidedBy"],
        filters: describeFilters(IdentityApplicationListQuerySchema, ["status", "kind", "keyword", ["startTime", "endTime"]]),
        endpoints: { list: IDENTITY_REVIEW_ENDPOINTS.list },
        // The two kinds are numbered apart: a row is named by its kind and number together.
        idParam: "key",
        emptyText: "暂无符合条件的认证申请",
      }),
      pages: [
        genericPage("dataList", "dataList", "认证申请", { slots: IDENTITY_REVIEW_LIST_SLOTS }),
        customPage("dataList/review", "审核认证申请", REVIEW_PAGES.identityReview, { standsFor: "detail" }),
      ],
    },
  ],
};
