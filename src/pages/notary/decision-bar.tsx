import { App, Button, Space, Typography } from "antd";
import { useState } from "react";
import { ConfirmWithReasonDialog } from "../../components/confirm-with-reason-dialog";
import { useEndpointMutation } from "../../providers/use-endpoint";
import { NOTARIZATION_ACTION_LABELS, NOTARIZATION_LIMITS, NOTARIZATION_MESSAGES, type NotarizationDetail } from "../../schema/notarization";
import { NOTARY_CONSOLE_ENDPOINTS, NOTARY_DECISIONS, NotaryDecisionSchema } from "../../schema/notary-console";

type Decision = (typeof NOTARY_DECISIONS)[number];

/** What each decision does, said before it is confirmed, and whether its note is required (and what the note is). */
const DECISION_TEXT: Record<Decision, { consequence: string; note: string; requiredMessage?: string; isDangerous?: boolean }> = {
  accept: { consequence: "受理后申请进入受理中，申请人仍可在审核开始前撤回。", note: "说明（选填）" },
  startReview: { consequence: "开始审核后申请人不能再撤回申请。", note: "说明（选填）" },
  requestMaterial: { consequence: "申请将退回申请人补充材料，申请人补充后回到审核中。", note: "需要补充的材料", requiredMessage: NOTARIZATION_MESSAGES.materialRequestRequired },
  approve: { consequence: "审核通过后，申请人使用的公证套餐计为已使用（并通知申请人），或公证费结算；随后可出具公证书。", note: "审核意见（选填）" },
  reject: { consequence: "驳回后申请结束：公证套餐恢复可用，预扣的公证费退回申请人余额。驳回理由将告知申请人。", note: "驳回理由", requiredMessage: NOTARIZATION_MESSAGES.reasonRequired, isDangerous: true },
};

/**
 * The office's decisions on an application (infoAudit): only those the detail's `actions` lists
 * (the machine's edges open to a notary now), each confirmed with what follows; a material request
 * and a rejection need their text. Every decision is an event, a ledger entry and a notice.
 */
export function DecisionBar({ application, onDecided }: { application: NotarizationDetail; onDecided: () => void }) {
  const { message } = App.useApp();
  const decide = useEndpointMutation(NOTARY_CONSOLE_ENDPOINTS.decide);
  const [open, setOpen] = useState<Decision | null>(null);
  const decisions = NOTARY_DECISIONS.filter((decision) => application.actions.includes(decision));
  if (decisions.length === 0) return <Typography.Text type="secondary">当前状态下没有待本处作出的决定。</Typography.Text>;
  const text = open && DECISION_TEXT[open];
  return (
    <Space wrap aria-label="审核操作">
      {decisions.map((decision) => (
        <Button key={decision} type={decision === "approve" ? "primary" : "default"} danger={DECISION_TEXT[decision].isDangerous} onClick={() => setOpen(decision)}>
          {NOTARIZATION_ACTION_LABELS[decision]}
        </Button>
      ))}
      {open && text && (
        <ConfirmWithReasonDialog
          title={`${NOTARIZATION_ACTION_LABELS[open]}：${application.applicationNo}`}
          okText={`确认${NOTARIZATION_ACTION_LABELS[open]}`}
          isDangerous={text.isDangerous === true}
          consequence={text.consequence}
          reasonLabel={text.note}
          reasonName={text.note}
          isReasonRequired={text.requiredMessage !== undefined}
          maxLength={NOTARIZATION_LIMITS.reasonMax}
          check={(note) => {
            const checked = NotaryDecisionSchema.safeParse({ id: application.id, action: open, note });
            if (checked.success && text.requiredMessage && !checked.data.note) return { success: false, error: { issues: [{ message: text.requiredMessage }] } };
            return checked;
          }}
          send={(input) => decide.send(input)}
          onClose={() => setOpen(null)}
          onDone={() => {
            message.success(`已${NOTARIZATION_ACTION_LABELS[open]}`);
            setOpen(null);
            onDecided();
          }}
        />
      )}
    </Space>
  );
}
