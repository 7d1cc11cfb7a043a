import { BUNDLE_VALID_DAYS } from "../../schema/bundle";
import { INVOICE_INSTRUCTIONS } from "../../schema/invoice";
import type { GuidanceContent } from "../types";

/** The invoice rules are the contract's own sentences (src/schema/invoice.ts), one per topic. */
const [SCOPE, NORMAL, SPECIAL, REVIEW, REVERSAL, SUB_ACCOUNTS] = INVOICE_INSTRUCTIONS;

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
      "所有费用均可在费用中心查询；已支付的充值可申请开具发票（购买与扣费所用的余额已含在充值之中，不再单独开票）",
    ],
    pricing: ["monitoring", "notarisationBundles"],
    actions: [
      { label: "在线充值", to: "onlineCharge", primary: true },
      { label: "购买套餐", to: "purchasePackage" },
    ],
  },
  "invoiceAdmin/invoiceInstructions": {
    intro: `${SCOPE}${SUB_ACCOUNTS}`,
    steps: [
      { title: "选择可开票订单", description: "在可开票订单中勾选要开票的充值订单（可跨页、按支付日期筛选），页面合计所选金额。每笔订单整笔开具，只能开在一张发票上。" },
      { title: "选择发票类型与抬头", description: `${NORMAL}${SPECIAL}` },
      { title: "财务审核并开具", description: REVIEW },
      { title: "需要更正时红冲", description: REVERSAL },
    ],
    results: [
      "与所选订单实付金额一致的发票：电子普票发送到邮箱并可下载，纸质专票邮寄到收件地址",
      "每一次申请的处理记录：提交、审核、开具、驳回或红冲的时间与原因",
      "已开具发票文件的摘要记入平台账本，可核对下载的文件未被改动",
    ],
    actions: [
      { label: "可开票订单", to: "invoiceOrder", primary: true },
      { label: "开票记录", to: "invoicetoRecord" },
    ],
  },
};

export default guidance;
