import { FileProtectOutlined, FileTextOutlined, NumberOutlined, ProfileOutlined, TransactionOutlined } from "@ant-design/icons";
import { genericPage } from "../define";
import type { MainSectionDefinition, PageDefinition, SectionDefinition } from "../types";

/** /evidenceSave (spec §2): blockchain evidence storage of files, texts, hashes, vouchers and affairs. */

const storagePages = (): PageDefinition[] => [
  genericPage("guidance", "guidance", "存证指引", { nav: true }),
  genericPage("dataList", "dataList", "存证列表", { nav: true }),
  genericPage("dataList/Certificate", "certificate", "存证证书"),
];

function storageSection(key: string, title: string, icon: SectionDefinition["icon"], extraPages: PageDefinition[] = []): SectionDefinition {
  return { key, title, icon, landing: "guidance", pages: [...storagePages(), ...extraPages] };
}

export const evidenceSave: MainSectionDefinition = {
  key: "evidenceSave",
  title: "区块链存证",
  sections: [
    storageSection("fileEvidence", "文件存证", FileProtectOutlined),
    storageSection("textEvidence", "文本存证", FileTextOutlined),
    storageSection("hashEvidence", "哈希存证", NumberOutlined, [
      genericPage("dataList/ApplyCertificateProcess", "new", "申请出证"),
      genericPage("dataList/NoticeCertificate", "certificate", "存证告知书"),
    ]),
    storageSection("voucherEvidence", "交易凭证存证", TransactionOutlined),
    storageSection("affairEvidence", "事务存证", ProfileOutlined, [
      genericPage("dataList/childDataList", "dataList", "事务子存证列表"),
      genericPage("dataList/childDataList/Certificate", "certificate", "子存证证书"),
    ]),
  ],
  loadGuidance: () => import("./guidance"),
};
