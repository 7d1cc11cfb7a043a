import { useEndpointMutation } from "../../../../providers/use-endpoint";
import { OperatorActionReasonSchema } from "../../../../schema/console/operator-forms";
import { AUDIT_REASON_MAX_LENGTH, type OperatorRecord } from "../../../../schema/console/operators";
import { ConfirmWithReasonDialog } from "../../../../components/confirm-with-reason-dialog";
import type { OperatorRowAction } from "./operator-row-actions";

/**
 * Confirms one of an operator's actions (停用, 启用, 重置二次验证): says what will happen, takes an
 * optional reason for the audit trail, and shows the server's refusal (the last administrator, or
 * oneself) without closing.
 */
export function OperatorActionDialog({ operator, action, onClose, onDone }: { operator: OperatorRecord; action: OperatorRowAction; onClose: () => void; onDone: () => void }) {
  const { send } = useEndpointMutation(action.endpoint);
  return (
    <ConfirmWithReasonDialog
      title={`${action.label}：${operator.name}`}
      okText={`确认${action.label}`}
      isDangerous={action.isDangerous}
      consequence={action.consequence(operator)}
      reasonLabel="原因（记入操作审计，可不填）"
      reasonName="原因"
      isReasonRequired={false}
      maxLength={AUDIT_REASON_MAX_LENGTH}
      check={(reason) => OperatorActionReasonSchema.safeParse({ reason })}
      send={({ reason }) => send({ id: operator.id, ...(reason ? { reason } : {}) })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
