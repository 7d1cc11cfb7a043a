import type { CommissionAction } from "../../../src/schema/judicial-expert.js";
import { formatYuan } from "../../../src/schema/money.js";
import type { AccountNotice } from "../notifier/account-notice.js";
import type { CommissionRecordRow } from "./appraisal.repository.js";

/** Who hears of a change: the applicant of the expert's moves, the institution's experts of the applicant's. */
export type NoticeAudience = "applicant" | "experts";

type Notice = AccountNotice & { to: NoticeAudience };

const SUBJECT = "司法鉴定委托通知";

/** What a new commission tells the institution's experts. */
export function newCommissionNotice(commission: CommissionRecordRow, institutionName: string): AccountNotice {
  return { subject: SUBJECT, text: `${institutionName}收到新的司法鉴定委托（编号${commission.commission_no}），请登录平台进入司法鉴定通道查看委托证据并报价。` };
}

/** What each edge tells whom (the commission as it stands after the edge). */
export function moveNotice(action: CommissionAction, commission: CommissionRecordRow): Notice {
  const which = `您的司法鉴定委托（编号${commission.commission_no}）`;
  const theirs = `司法鉴定委托（编号${commission.commission_no}）`;
  switch (action) {
    case "quote":
      return { to: "applicant", subject: SUBJECT, text: `${which}已报价：鉴定费 ${formatYuan(Number(commission.fee_fen))} 元，预计 ${commission.expected_days} 天完成。请在司法支付中支付鉴定费。` };
    case "pay":
      return { to: "experts", subject: SUBJECT, text: `${theirs}的委托方已支付鉴定费，可以开始鉴定。` };
    case "start":
      return { to: "applicant", subject: SUBJECT, text: `${which}已开始鉴定。` };
    case "complete":
      return { to: "applicant", subject: SUBJECT, text: `${which}的鉴定意见书已出具并存证，可在鉴定详情中下载。` };
    case "decline":
      return { to: "applicant", subject: SUBJECT, text: `${which}未被鉴定机构受理，理由：${commission.decline_reason ?? ""}。${commission.reservation_id !== null ? "已支付的鉴定费已退回账户余额。" : ""}` };
    case "withdraw":
      return { to: "experts", subject: SUBJECT, text: `${theirs}已被委托方撤回。` };
  }
}
