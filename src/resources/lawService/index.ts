import { TeamOutlined } from "@ant-design/icons";
import { ConsultationListQuerySchema, ConsultationRowSchema, LAWYER_SERVICE_ENDPOINTS } from "../../schema/lawyer-service";
import { customPage, defineSectionData, genericPage } from "../define";
import { describeFilters } from "../field-meta";
import type { MainSectionDefinition, PageComponentLoader } from "../types";

/** The consultation screens: the list has a second tab for lawyers and a new-consultation drawer; the detail is the chat thread. */
const PAGES = {
  list: () => import("../../pages/law-service/consultation-list-page"),
  thread: () => import("../../pages/law-service/consultation-thread-page"),
} satisfies Record<string, PageComponentLoader>;

/** /lawService (spec §2): the lawyer service (issue 17). The legal AI assistant is the public /legalAI page. */
export const lawService: MainSectionDefinition = {
  key: "lawService",
  title: "法律服务",
  sections: [
    {
      key: "wsLawyer",
      title: "律师服务",
      icon: TeamOutlined,
      landing: "guidance",
      ...defineSectionData({
        record: ConsultationRowSchema,
        columns: ["title", "lawyerName", "userName", "state", "unreadCount", "evidenceCount", "lastMessageTime", "createTime"],
        filters: describeFilters(ConsultationListQuerySchema, ["keyName", "state"]),
        endpoints: { list: LAWYER_SERVICE_ENDPOINTS.list, one: LAWYER_SERVICE_ENDPOINTS.detail },
        emptyText: "暂无咨询记录",
      }),
      pages: [
        genericPage("guidance", "guidance", "服务指引", { nav: true }),
        customPage("dataList", "咨询记录", PAGES.list, { nav: true, standsFor: "dataList" }),
        customPage("dataDetail", "咨询详情", PAGES.thread, { standsFor: "detail" }),
      ],
    },
  ],
  loadGuidance: () => import("./guidance"),
};
