import { FileDoneOutlined, GlobalOutlined, NumberOutlined } from "@ant-design/icons";
import { genericPage } from "../define";
import type { MainSectionDefinition, SectionDefinition } from "../types";

/** /rights (spec §2): rights confirmation of files, hashes (desensitised) and web pages. */

function rightsSection(key: string, title: string, icon: SectionDefinition["icon"]): SectionDefinition {
  return {
    key,
    title,
    icon,
    landing: "guidance",
    pages: [
      genericPage("guidance", "guidance", "确权指引", { nav: true }),
      genericPage("new", "new", "新建确权", { nav: true }),
      genericPage("dataList", "dataList", "确权列表", { nav: true }),
      genericPage("dataList/Certificate", "certificate", "确权证书"),
    ],
  };
}

export const rights: MainSectionDefinition = {
  key: "rights",
  title: "确权服务",
  sections: [
    rightsSection("file", "文件确权", FileDoneOutlined),
    rightsSection("hash", "哈希确权", NumberOutlined),
    rightsSection("web", "网页确权", GlobalOutlined),
  ],
  loadGuidance: () => import("./guidance"),
};
