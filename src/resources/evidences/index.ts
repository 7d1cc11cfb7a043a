import { CloudDownloadOutlined, DatabaseOutlined, ExportOutlined } from "@ant-design/icons";
import { genericPage } from "../define";
import type { MainSectionDefinition } from "../types";

/**
 * /evidences (spec §2): the evidence library. Its three sections are pages themselves (path ""),
 * so /evidences/dataList is the list and its Certificate and evidenceSaveInfo sub-pages sit below it.
 */
export const evidences: MainSectionDefinition = {
  key: "evidences",
  title: "证据库",
  sections: [
    {
      key: "dataList",
      title: "证据列表",
      icon: DatabaseOutlined,
      landing: "",
      pages: [
        genericPage("", "dataList", "证据列表"),
        genericPage("Certificate", "certificate", "证据证书"),
        genericPage("evidenceSaveInfo", "detail", "存证信息"),
      ],
    },
    { key: "evidenceExtract", title: "证据提取", icon: ExportOutlined, landing: "", pages: [genericPage("", "new", "证据提取")] },
    { key: "evidenceDownload", title: "证据下载", icon: CloudDownloadOutlined, landing: "", pages: [genericPage("", "dataList", "证据下载")] },
  ],
  sideNav: "links",
};
