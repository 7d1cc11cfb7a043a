import { CloudDownloadOutlined, DatabaseOutlined, ExportOutlined } from "@ant-design/icons";
import { customPage, defineSectionData, genericPage } from "../define";
import { describeFilters } from "../field-meta";
import type { MainSectionDefinition } from "../types";
import { EvidenceRecordSchema } from "../../schema/evidence";
import { EVIDENCE_LIBRARY_ENDPOINTS, ExtractionSchema, LibraryEvidenceSchema, LibraryListQuerySchema } from "../../schema/evidence-library";
import { EVIDENCES_PAGES, LIBRARY_LIST_SLOTS } from "./pages";

/**
 * /evidences (spec §2): the evidence library. Its three sections are pages themselves (path ""),
 * so /evidences/dataList is the list and its Certificate and evidenceSaveInfo sub-pages sit below it.
 */

/** The holder's evidence of every kind, as the list (and the extraction and download pages' pickers) show it. */
const LIBRARY_LIST = defineSectionData({
  record: LibraryEvidenceSchema,
  columns: ["name", "kind", "certificateNo", "size", "createTime"],
  filters: describeFilters(LibraryListQuerySchema, ["kind", "keyName", ["startTime", "endTime"]]),
  endpoints: { list: EVIDENCE_LIBRARY_ENDPOINTS.list },
});

/** The extraction codes the holder has given out. */
const EXTRACTIONS = defineSectionData({
  record: ExtractionSchema,
  columns: ["extractNo", "remark", "itemCount", "createdAt", "expiresAt", "loginCount", "status"],
  endpoints: { list: EVIDENCE_LIBRARY_ENDPOINTS.extractionList },
  emptyText: "暂无提取记录",
});

export const evidences: MainSectionDefinition = {
  key: "evidences",
  title: "证据库",
  sections: [
    {
      key: "dataList",
      title: "证据列表",
      icon: DatabaseOutlined,
      landing: "",
      // The Certificate and evidenceSaveInfo pages show one record of any kind, with every field.
      record: EvidenceRecordSchema,
      endpoints: { list: EVIDENCE_LIBRARY_ENDPOINTS.list, one: EVIDENCE_LIBRARY_ENDPOINTS.detail },
      pages: [
        genericPage("", "dataList", "证据列表", { data: LIBRARY_LIST, slots: LIBRARY_LIST_SLOTS }),
        genericPage("Certificate", "certificate", "证据证书"),
        genericPage("evidenceSaveInfo", "detail", "存证信息"),
      ],
    },
    {
      key: "evidenceExtract",
      title: "证据提取",
      icon: ExportOutlined,
      landing: "",
      ...EXTRACTIONS,
      pages: [customPage("", "证据提取", EVIDENCES_PAGES.evidenceExtract)],
    },
    { key: "evidenceDownload", title: "证据下载", icon: CloudDownloadOutlined, landing: "", pages: [customPage("", "证据下载", EVIDENCES_PAGES.evidenceDownload)] },
  ],
  sideNav: "links",
};
