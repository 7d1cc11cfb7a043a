import { Button } from "antd";
import { useState } from "react";
import { ConfirmWithReasonDialog } from "../../components/confirm-with-reason-dialog";
import { useEndpointMutation } from "../../providers/use-endpoint";
import { NOTARIZATION_ENDPOINTS, NOTARIZATION_LIMITS, NotarizationWithdrawSchema, type NotarizationState } from "../../schema/notarization";

/** 撤回: confirmed with an optional reason, saying what happens to the payment; the caller shows it only where the machine allows it. */
export function WithdrawButton({ application, onDone }: { application: { id: number; applicationNo: string; state: NotarizationState }; onDone: () => void }) {
  const [isOpen, setOpen] = useState(false);
  const withdraw = useEndpointMutation(NOTARIZATION_ENDPOINTS.withdraw);
  return (
    <>
      <Button type="link" size="small" danger style={{ padding: 0 }} onClick={() => setOpen(true)}>
        撤回
      </Button>
      {isOpen && (
        <ConfirmWithReasonDialog
          title={`撤回公证申请 ${application.applicationNo}`}
          okText="确认撤回"
          isDangerous
          consequence={application.state === "draft" ? "撤回后草稿不再可以提交。" : "撤回后公证处将不再办理此申请；使用公证套餐的，套餐恢复可用；预扣的公证费退回账户余额。"}
          reasonLabel="撤回原因（选填）"
          reasonName="撤回原因"
          isReasonRequired={false}
          maxLength={NOTARIZATION_LIMITS.reasonMax}
          check={(reason) => NotarizationWithdrawSchema.safeParse({ id: application.id, reason })}
          send={(input) => withdraw.send(input)}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onDone();
          }}
        />
      )}
    </>
  );
}
