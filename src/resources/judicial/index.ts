import { AuditOutlined, BankOutlined, WalletOutlined } from "@ant-design/icons";
import { genericPage } from "../define";
import type { MainSectionDefinition } from "../types";
import { digitalReportSection } from "./digital-report";

/**
 * /judicial (spec §2): the judicial channel. The spec names judicialExpert without its pages; it
 * gets the shape of its sibling digitalReport (guidance, dataList, dataDetail).
 */

/** Notarisation shows the storage record of each evidence type the application covers. */
const NOTARISED_EVIDENCE_TYPES = [
  ["file", "文件存证信息"],
  ["text", "文本存证信息"],
  ["hash", "哈希存证信息"],
  ["voucher", "交易凭证存证信息"],
  ["affair", "事务存证信息"],
] as const;

const guidance = () => genericPage("guidance", "guidance", "服务指引", { nav: true });

export const judicial: MainSectionDefinition = {
  key: "judicial",
  title: "司法通道",
  sections: [
    {
      key: "notarization",
      title: "在线公证",
      icon: BankOutlined,
      landing: "guidance",
      pages: [
        guidance(),
        genericPage("dataList", "dataList", "公证申请", { nav: true }),
        genericPage("progress", "detail", "办理进度"),
        genericPage("dataDetail", "detail", "申请详情"),
        ...NOTARISED_EVIDENCE_TYPES.map(([type, title]) => genericPage(`evidenceSaveInfo/${type}`, "detail", title)),
      ],
    },
    {
      key: "judicialExpert",
      title: "司法鉴定",
      icon: AuditOutlined,
      landing: "guidance",
      pages: [guidance(), genericPage("dataList", "dataList", "鉴定申请", { nav: true }), genericPage("dataDetail", "detail", "鉴定详情")],
    },
    digitalReportSection(),
    {
      key: "judicialPay",
      title: "公证购买",
      icon: WalletOutlined,
      landing: "guidance",
      pages: [
        guidance(),
        genericPage("addJudicialPay", "new", "购买公证", { nav: true }),
        genericPage("dataList", "dataList", "购买记录", { nav: true }),
        genericPage("seeJudicialPay", "detail", "购买详情"),
      ],
    },
  ],
  loadGuidance: () => import("./guidance"),
};
