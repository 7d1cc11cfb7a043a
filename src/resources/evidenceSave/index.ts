import { FileProtectOutlined, FileTextOutlined, NumberOutlined, ProfileOutlined, TransactionOutlined } from "@ant-design/icons";
import type { EvidenceKind } from "../../schema/evidence-entry";
import { EvidenceRecordSchema, evidenceEndpoints } from "../../schema/evidence";
import { customPage, defineSectionData, genericPage } from "../define";
import type { MainSectionDefinition, PageDefinition, SectionDefinition } from "../types";
import { EVIDENCE_SAVE_PAGES as PAGES } from "./pages";

/** /evidenceSave (spec §2): blockchain evidence storage of files, texts, hashes, vouchers and affairs. */

const storagePages = (): PageDefinition[] => [
  genericPage("guidance", "guidance", "存证指引", { nav: true }),
  customPage("dataList", "存证列表", PAGES.dataList, { nav: true, standsFor: "dataList" }),
  genericPage("dataList/Certificate", "certificate", "存证证书"),
];

/** The records, columns and calls of one kind (src/schema/evidence.ts); lists and forms are src/pages/evidence. */
function evidenceSectionData(kind: EvidenceKind) {
  const { list, one, create } = evidenceEndpoints(kind);
  return defineSectionData({
    record: EvidenceRecordSchema,
    columns: ["name", "size", "status", "createTime", "certificateNo"],
    endpoints: { list, one, create },
    evidenceKind: kind,
  });
}

function storageSection(key: string, title: string, kind: EvidenceKind, icon: SectionDefinition["icon"], extraPages: PageDefinition[] = []): SectionDefinition {
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
      customPage("dataList/childDataList", "事务子存证列表", PAGES.affairChildren),
      genericPage("dataList/childDataList/Certificate", "certificate", "子存证证书"),
    ]),
  ],
  loadGuidance: () => import("./guidance"),
};
