import { Button, Modal, Typography } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../providers/use-endpoint";
import { ConsultationCloseSchema, LAWYER_SERVICE_ENDPOINTS } from "../../schema/lawyer-service";
import { SchemaForm } from "../kinds/schema-form";
import { refusalOf } from "../kinds/server-refusal";

const SummaryFormSchema = ConsultationCloseSchema.pick({ summary: true });

/** The lawyer's 结束咨询: a summary is required, the user reads it, and the thread becomes read-only. */
export function CloseConsultationButton({ consultationId, onClosed }: { consultationId: number; onClosed: () => void }) {
  const { send } = useEndpointMutation(LAWYER_SERVICE_ENDPOINTS.close);
  const [isOpen, setOpen] = useState(false);

  async function submit(values: Record<string, unknown>) {
    try {
      await send({ id: consultationId, summary: String(values.summary) });
    } catch (error) {
      return refusalOf(error);
    }
    setOpen(false);
    onClosed();
    return null;
  }

  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        结束咨询
      </Button>
      <Modal open={isOpen} title="结束咨询" footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph type="secondary">请写下本次咨询的结论与建议。结束后双方都不能再发送消息，咨询人可以随时查看这份总结。</Typography.Paragraph>
        <SchemaForm schema={SummaryFormSchema} submitLabel="结束咨询" onSubmit={submit} />
      </Modal>
    </>
  );
}
