import { CloudDownloadOutlined, DatabaseOutlined, ExportOutlined } from "@ant-design/icons";
import { customPage, genericPage } from "../define";
import type { MainSectionDefinition } from "../types";
import { EvidenceRecordSchema } from "../../schema/evidence";
import { EVIDENCE_LIBRARY_ENDPOINTS } from "../../schema/evidence-library";
import { EVIDENCES_PAGES } from "./pages";

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
      // The Certificate and evidenceSaveInfo pages show one record of any kind.
      record: EvidenceRecordSchema,
      endpoints: { list: EVIDENCE_LIBRARY_ENDPOINTS.list, one: EVIDENCE_LIBRARY_ENDPOINTS.detail },
      pages: [
        customPage("", "证据列表", EVIDENCES_PAGES.dataList),
        genericPage("Certificate", "certificate", "证据证书"),
        genericPage("evidenceSaveInfo", "detail", "存证信息"),
      ],
    },
    { key: "evidenceExtract", title: "证据提取", icon: ExportOutlined, landing: "", pages: [customPage("", "证据提取", EVIDENCES_PAGES.evidenceExtract)] },
    { key: "evidenceDownload", title: "证据下载", icon: CloudDownloadOutlined, landing: "", pages: [customPage("", "证据下载", EVIDENCES_PAGES.evidenceDownload)] },
  ],
  sideNav: "links",
};
