import { FileDoneOutlined, GlobalOutlined, NumberOutlined } from "@ant-design/icons";
import type { SubmittedEvidenceKind } from "../../schema/evidence-entry";
import { customPage, genericPage } from "../define";
import { evidenceSectionData } from "../evidence-data";
import type { MainSectionDefinition, SectionDefinition } from "../types";
import { RIGHTS_LIST_SLOTS, RIGHTS_PAGES as PAGES } from "./pages";

/** /rights (spec §2): rights confirmation of files, hashes (desensitised) and web pages. */

function rightsSection(key: string, title: string, kind: SubmittedEvidenceKind, icon: SectionDefinition["icon"]): SectionDefinition {
  return {
    ...evidenceSectionData(kind),
    key,
    title,
    icon,
    landing: "guidance",
    pages: [
      genericPage("guidance", "guidance", "确权指引", { nav: true }),
      customPage("new", "新建确权", PAGES.new, { nav: true, standsFor: "new" }),
      genericPage("dataList", "dataList", "确权列表", { nav: true, slots: RIGHTS_LIST_SLOTS }),
      genericPage("dataList/Certificate", "certificate", "确权证书"),
    ],
  };
}

export const rights: MainSectionDefinition = {
  key: "rights",
  title: "确权服务",
  sections: [
    rightsSection("file", "文件确权", "rightsFile", FileDoneOutlined),
    rightsSection("hash", "哈希确权", "rightsHash", NumberOutlined),
    rightsSection("web", "网页确权", "rightsWeb", GlobalOutlined),
  ],
  loadGuidance: () => import("./guidance"),
};
