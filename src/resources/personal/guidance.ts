import { BUNDLE_VALID_DAYS } from "../../schema/bundle";
import type { GuidanceContent } from "../types";

/** Guidance-kind pages of /personal: the expense rules and the invoice instructions, keyed `<section>/<page>`. */

const guidance: Record<string, GuidanceContent> = {
  "expenseCenter/expenseRule": {
    intro:
      "平台的付费服务从账户余额中扣费，或使用已购买的套餐。下面列出已公布的收费标准；每一笔充值、购买与扣费都记录在费用中心，可随时查询。",
    steps: [
      { title: "充值或购买套餐", description: "在线充值增加账户余额；购买套餐获得相应的服务额度。" },
      { title: "使用服务", description: "使用付费服务时，优先使用有效套餐额度，其余从账户余额中扣除。" },
      { title: "查询记录", description: "在充值记录、购买记录与消费记录中核对每一笔费用。" },
    ],
    results: [
      "全网监测按站点、按周计费，费用为各站点周单价之和乘以监测周数",
      `公证套餐自购买之日起 ${BUNDLE_VALID_DAYS} 天内有效，不限购买数量、额度累计，售出后不予退款`,
      "所有费用均可在费用中心查询，并可申请开具发票",
    ],
    pricing: ["monitoring", "notarisationBundles"],
    actions: [
      { label: "在线充值", to: "onlineCharge", primary: true },
      { label: "购买套餐", to: "purchasePackage" },
    ],
  },
  "invoiceAdmin/invoiceInstructions": {
    intro: "在平台的充值与购买可以申请开具发票。发票由主账号统一管理，子账号不能申请或查看发票。",
    steps: [
      { title: "维护发票信息", description: "在发票信息中填写发票抬头、纳税人识别号等开票信息。" },
      { title: "维护收件地址", description: "需要邮寄纸质发票时，在收件地址中填写收件人与地址。" },
      { title: "选择订单申请", description: "在可开票订单中选择需要开票的订单，提交开票申请。" },
      { title: "跟踪结果", description: "在开票记录中查看每一次申请的处理状态与发票详情。" },
    ],
    results: ["与订单金额一致的发票", "完整的开票申请记录与发票详情"],
    actions: [
      { label: "可开票订单", to: "invoiceOrder", primary: true },
      { label: "开票记录", to: "invoicetoRecord" },
    ],
  },
};

export default guidance;
