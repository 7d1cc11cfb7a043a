import { TeamOutlined } from "@ant-design/icons";
import { genericPage } from "../define";
import type { MainSectionDefinition } from "../types";

/** /lawService (spec §2): the lawyer service. The legal AI assistant is the public /legalAI page. */
export const lawService: MainSectionDefinition = {
  key: "lawService",
  title: "法律服务",
  sections: [
    {
      key: "wsLawyer",
      title: "律师服务",
      icon: TeamOutlined,
      landing: "guidance",
      pages: [
        genericPage("guidance", "guidance", "服务指引", { nav: true }),
        genericPage("dataList", "dataList", "咨询记录", { nav: true }),
        genericPage("dataDetail", "detail", "咨询详情"),
      ],
    },
  ],
  loadGuidance: () => import("./guidance"),
};
