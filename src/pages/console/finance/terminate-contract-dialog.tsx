import { Alert, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { FINANCE_CONTRACT_ENDPOINTS, TERMINATION_REASON_MAX_LENGTH, TerminateContractInputSchema, type ContractRecord } from "../../../schema/console/finance-contracts";

/** 终止合同: says what follows, takes the required reason, and shows a refusal without closing. */
export function TerminateContractDialog({ contract, onClose, onDone }: { contract: ContractRecord; onClose: () => void; onDone: () => void }) {
  const { send } = useEndpointMutation(FINANCE_CONTRACT_ENDPOINTS.terminate);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  async function confirm() {
    const checked = TerminateContractInputSchema.safeParse({ id: contract.id, reason });
    if (!checked.success) return setProblem(checked.error.issues[0].message);
    setSending(true);
    setProblem(null);
    try {
      await send(checked.data);
      onDone();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal open title={`终止合同：${contract.contractNo}`} okText="确认终止" okButtonProps={{ danger: true }} cancelText="取消" confirmLoading={isSending} onOk={() => void confirm()} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>
        终止后，客户 {contract.customerAccount} 即时不再享有该合同的授信额度，余额不足时服务将被拒绝；合同记录与终止原因保留，不可撤销。如双方另有约定，请登记一份新合同。
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="终止原因" required>
          <Input.TextArea aria-label="终止原因" value={reason} maxLength={TERMINATION_REASON_MAX_LENGTH} autoSize={{ minRows: 2, maxRows: 5 }} onChange={(event) => setReason(event.target.value)} />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} />}
    </Modal>
  );
}
