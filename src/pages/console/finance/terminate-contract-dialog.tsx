import { useEndpointMutation } from "../../../providers/use-endpoint";
import { FINANCE_CONTRACT_ENDPOINTS, TERMINATION_REASON_MAX_LENGTH, TerminateContractInputSchema, type ContractRecord } from "../../../schema/console/finance-contracts";
import { ConfirmWithReasonDialog } from "../../../components/confirm-with-reason-dialog";

/** 终止合同: says what follows, takes the required reason, and shows a refusal without closing. */
export function TerminateContractDialog({ contract, onClose, onDone }: { contract: ContractRecord; onClose: () => void; onDone: () => void }) {
  const { send } = useEndpointMutation(FINANCE_CONTRACT_ENDPOINTS.terminate);
  return (
    <ConfirmWithReasonDialog
      title={`终止合同：${contract.contractNo}`}
      okText="确认终止"
      isDangerous
      consequence={`终止后，客户 ${contract.customerAccount} 即时不再享有该合同的授信额度，余额不足时服务将被拒绝；合同记录与终止原因保留，不可撤销。如双方另有约定，请登记一份新合同。`}
      reasonLabel="终止原因"
      reasonName="终止原因"
      isReasonRequired
      maxLength={TERMINATION_REASON_MAX_LENGTH}
      check={(reason) => TerminateContractInputSchema.safeParse({ id: contract.id, reason })}
      send={send}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
