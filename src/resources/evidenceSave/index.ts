import { FileProtectOutlined, FileTextOutlined, NumberOutlined, ProfileOutlined, TransactionOutlined } from "@ant-design/icons";
import type { SubmittedEvidenceKind } from "../../schema/evidence-entry";
import { EVIDENCE_ENDPOINTS, EvidenceRecordSchema } from "../../schema/evidence";
import { customPage, defineSectionData, genericPage } from "../define";
import { evidenceSectionData } from "../evidence-data";
import type { MainSectionDefinition, PageDefinition, SectionDefinition } from "../types";
import { EVIDENCE_SAVE_PAGES as PAGES, EVIDENCE_LIST_SLOTS as SLOTS } from "./pages";

/** /evidenceSave (spec §2): blockchain evidence storage of files, texts, hashes, vouchers and affairs. */

const storagePages = (): PageDefinition[] => [
  genericPage("guidance", "guidance", "存证指引", { nav: true }),
  genericPage("dataList", "dataList", "存证列表", { nav: true, slots: SLOTS.records }),
  genericPage("dataList/Certificate", "certificate", "存证证书"),
];

/** An affair's children are its files. */
const AffairChildSchema = EvidenceRecordSchema.extend({ name: EvidenceRecordSchema.shape.name.meta({ title: "文件名称", ellipsis: true }) });

/** The children of the affair named by `?id=`, added to at any time. */
const affairChildList = genericPage("dataList/childDataList", "dataList", "事务子存证列表", {
  data: defineSectionData({
    record: AffairChildSchema,
    columns: ["name", "size", "createTime", "status", "certificateNo"],
    filters: [],
    endpoints: { list: EVIDENCE_ENDPOINTS.affairChildList, create: EVIDENCE_ENDPOINTS.addAffairChildren },
    scope: { from: "id", param: "parentId", label: "事务" },
  }),
  slots: SLOTS.affairChildren,
});

function storageSection(key: string, title: string, kind: SubmittedEvidenceKind, icon: SectionDefinition["icon"], extraPages: PageDefinition[] = []): SectionDefinition {
  return { key, title, icon, landing: "guidance", pages: [...storagePages(), ...extraPages], ...evidenceSectionData(kind) };
}

export const evidenceSave: MainSectionDefinition = {
  key: "evidenceSave",
  title: "区块链存证",
  sections: [
    storageSection("fileEvidence", "文件存证", "file", FileProtectOutlined),
    storageSection("textEvidence", "文本存证", "text", FileTextOutlined),
    storageSection("hashEvidence", "哈希存证", "hash", NumberOutlined, [
      customPage("dataList/ApplyCertificateProcess", "申请出证", PAGES.applyCertificate),
      customPage("dataList/NoticeCertificate", "存证告知书", PAGES.noticeCertificate),
    ]),
    storageSection("voucherEvidence", "交易凭证存证", "voucher", TransactionOutlined),
    storageSection("affairEvidence", "事务存证", "affair", ProfileOutlined, [
      affairChildList,
      genericPage("dataList/childDataList/Certificate", "certificate", "子存证证书"),
    ]),
  ],
  loadGuidance: () => import("./guidance"),
};
