import { AuditOutlined, WalletOutlined } from "@ant-design/icons";
import { customPage, genericPage } from "../define";
import type { MainSectionDefinition } from "../types";
import { digitalReportSection } from "./digital-report";
import { notarization } from "./notarization";
import { COMMISSION_DATA, COMMISSION_DETAIL_DATA, COMMISSION_DETAIL_SLOTS, COMMISSION_LIST_SLOTS, JUDICIAL_PAGES, JUDICIAL_PAY_DATA, PAYMENT_DETAIL_SLOTS, PAYMENT_LIST_SLOTS } from "./pages";

/**
 * /judicial (spec §2): the judicial channel. The spec names judicialExpert without its pages; it
 * gets the shape of its sibling digitalReport (guidance, dataList, dataDetail), a new commission
 * being the list's own action. The institution's side of an appraisal is /judicialStatus.
 * Notarisation is notarization.ts.
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
      ...COMMISSION_DATA,
      pages: [
        guidance(),
        genericPage("dataList", "dataList", "鉴定委托", { nav: true, slots: COMMISSION_LIST_SLOTS }),
        genericPage("dataDetail", "detail", "鉴定详情", { data: COMMISSION_DETAIL_DATA, slots: COMMISSION_DETAIL_SLOTS }),
      ],
    },
    digitalReportSection(),
    {
      key: "judicialPay",
      title: "司法支付",
      icon: WalletOutlined,
      landing: "guidance",
      ...JUDICIAL_PAY_DATA,
      pages: [
        guidance(),
        customPage("addJudicialPay", "支付费用", JUDICIAL_PAGES.addJudicialPay, { nav: true, standsFor: "new" }),
        genericPage("dataList", "dataList", "支付记录", { nav: true, slots: PAYMENT_LIST_SLOTS }),
        genericPage("seeJudicialPay", "detail", "支付详情", { slots: PAYMENT_DETAIL_SLOTS }),
      ],
    },
  ],
  loadGuidance: () => import("./guidance"),
};
