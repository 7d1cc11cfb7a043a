import { AuditOutlined, WalletOutlined } from "@ant-design/icons";
import { genericPage } from "../define";
import type { MainSectionDefinition } from "../types";
import { digitalReportSection } from "./digital-report";
import { notarization } from "./notarization";

/**
 * /judicial (spec §2): the judicial channel. The spec names judicialExpert without its pages; it
 * gets the shape of its sibling digitalReport (guidance, dataList, dataDetail). Notarisation is
 * notarization.ts.
 */

const guidance = () => genericPage("guidance", "guidance", "服务指引", { nav: true });

export const judicial: MainSectionDefinition = {
  key: "judicial",
  title: "司法通道",
  sections: [
    notarization,
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
