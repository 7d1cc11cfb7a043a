import type { ConsultationSide } from "../../../src/schema/lawyer-service.js";
import type { AccountNotice } from "../notifier/account-notice.js";

/** Where a party reads the thread (the lawyer's threads are under 我收到的咨询). */
const WHERE: Record<ConsultationSide, string> = {
  user: "法律服务 → 律师服务 → 咨询记录",
  lawyer: "法律服务 → 律师服务 → 咨询记录 → 我收到的咨询",
};

/**
 * What a party is told of news in a thread. Never the message itself: an SMS or e-mail leaves the
 * platform, the thread does not.
 */
export function consultationNotice(kind: "created" | "message" | "closed", recipient: ConsultationSide, title: string): AccountNotice {
  const where = `请登录衡证电子证据平台，在“${WHERE[recipient]}”中查看`;
  switch (kind) {
    case "created":
      return { subject: "衡证：您收到新的律师咨询", text: `有用户向您发起了律师咨询“${title}”，${where}并回复。` };
    case "message":
      return { subject: "衡证：您的律师咨询有新消息", text: `您的律师咨询“${title}”有新消息，${where}。` };
    case "closed":
      return { subject: "衡证：律师已结束咨询", text: `律师已结束咨询“${title}”并给出了咨询总结，${where}。` };
  }
}
