import { APPLICATION_KIND_LABELS, type ApplicationKind } from "../../../../src/schema/console/identity-review.js";

/** What the customer is told of a decision: one text for SMS, the same with a subject for e-mail. */
export type DecisionNotice = { subject: string; text: string };

/** Where the customer reads the decision and, after a rejection, submits again. */
const WHERE = { person: "个人中心 → 安全中心 → 实名认证", organisation: "个人中心 → 安全中心 → 企业认证" } as const;

export function decisionNotice(kind: ApplicationKind, subjectName: string, decision: { outcome: "approved" } | { outcome: "rejected"; reason: string }): DecisionNotice {
  const what = `${APPLICATION_KIND_LABELS[kind]}（${subjectName}）`;
  if (decision.outcome === "approved") {
    return {
      subject: `衡证：您的${APPLICATION_KIND_LABELS[kind]}已通过审核`,
      text: `您提交的${what}已通过审核，认证结果即时生效，可在“${WHERE[kind]}”查看。`,
    };
  }
  return {
    subject: `衡证：您的${APPLICATION_KIND_LABELS[kind]}未通过审核`,
    text: `您提交的${what}未通过审核，原因：${decision.reason}。请在“${WHERE[kind]}”按原因修改后重新提交。`,
  };
}
