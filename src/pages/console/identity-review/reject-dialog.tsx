import { DecideApplicationInputSchema, REJECT_REASON_MAX_LENGTH, type ApplicationRef } from "../../../schema/console/identity-review";
import { ReasonDialog } from "../reason-dialog";

export interface RejectDialogProps {
  application: ApplicationRef;
  onCancel: () => void;
  /** Sends the rejection; rejects with the server's refusal. */
  onReject: (reason: string) => Promise<void>;
  /** A refusal that names no field (the application was decided meanwhile). */
  onFailed: (message: string) => void;
}

/** 驳回: the reason is required (2-200 characters) and is what the customer reads; checked by the call's own schema first. */
export function RejectDialog({ application, onCancel, onReject, onFailed }: RejectDialogProps) {
  function check(reason: string) {
    const checked = DecideApplicationInputSchema.safeParse({ ...application, decision: "reject", reason });
    const problem = checked.success ? null : checked.error.issues.find((issue) => issue.path[0] === "reason");
    return problem ? { problem: problem.message } : { reason: checked.data!.reason! };
  }
  return (
    <ReasonDialog
      title="驳回认证申请"
      action="驳回"
      label="驳回原因"
      help="用户将在认证页面和通知中看到这一原因，请写明需要修改什么。"
      placeholder="例如：营业执照照片模糊，无法辨认统一社会信用代码"
      maxLength={REJECT_REASON_MAX_LENGTH}
      check={check}
      onCancel={onCancel}
      onSend={onReject}
      onFailed={onFailed}
    />
  );
}
