import { UploadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Form, Input, InputNumber, Modal, Space, Typography, Upload } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { acceptAttribute } from "../../../schema/upload";
import { APPRAISAL_LIMITS, APPRAISAL_MESSAGES, APPRAISAL_OPINION_RULE, EXPERT_ENDPOINTS, type CommissionDetail, type CommissionState } from "../../../schema/judicial-expert";
import { FEN_PER_YUAN } from "../../../schema/money";
import { refusalOf } from "../../kinds/server-refusal";

type Done = (commission: CommissionDetail) => void;

/** What the commission waits for, beside the buttons. */
const EXPERT_HINTS: Partial<Record<CommissionState, string>> = {
  submitted: "请查看委托证据后报价，或拒绝委托。",
  quoted: "已报价，等待委托方支付鉴定费。",
  paid: "委托方已支付鉴定费，可以开始鉴定。",
  inProgress: "鉴定完成后上传鉴定意见书。",
};

/**
 * What the institution's expert may do with a commission now, from the actions the server answers
 * (the machine's edges of the expert's side): quote, start, upload the opinion, decline.
 */
export function ExpertActions({ commission, onDone }: { commission: CommissionDetail; onDone: Done }) {
  const { actions } = commission;
  const hint = EXPERT_HINTS[commission.state];
  if (actions.length === 0) return <span>{hint ?? "当前无需操作"}</span>;
  return (
    <Space wrap>
      {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
      {actions.includes("quote") && <QuoteButton id={commission.id} onDone={onDone} />}
      {actions.includes("start") && <StartButton id={commission.id} onDone={onDone} />}
      {actions.includes("complete") && <OpinionButton id={commission.id} onDone={onDone} />}
      {actions.includes("decline") && <DeclineButton id={commission.id} onDone={onDone} />}
    </Space>
  );
}

function QuoteButton({ id, onDone }: { id: number; onDone: Done }) {
  const [isOpen, setOpen] = useState(false);
  const [yuan, setYuan] = useState<number | null>(null);
  const [days, setDays] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const { send, mutation } = useEndpointMutation(EXPERT_ENDPOINTS.quote);
  async function quote() {
    setRefusal(null);
    try {
      onDone(await send({ id, feeFen: Math.round((yuan ?? 0) * FEN_PER_YUAN), expectedDays: days ?? 0, ...(note.trim() ? { note } : {}) }));
      setOpen(false);
    } catch (error) {
      setRefusal(refusalOf(error).message);
    }
  }
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        报价
      </Button>
      <Modal open={isOpen} title="报价" okText="提交报价" confirmLoading={mutation.isPending} onOk={() => void quote()} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form layout="vertical">
          <Form.Item label="鉴定费（元）" required>
            <InputNumber aria-label="鉴定费（元）" min={0.01} max={APPRAISAL_LIMITS.feeMaxFen / FEN_PER_YUAN} precision={2} value={yuan} onChange={setYuan} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="预计工期（天）" required>
            <InputNumber aria-label="预计工期（天）" min={1} max={APPRAISAL_LIMITS.expectedDaysMax} precision={0} value={days} onChange={setDays} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="报价说明（选填）">
            <Input.TextArea value={note} maxLength={APPRAISAL_LIMITS.noteMax} onChange={(event) => setNote(event.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
          {refusal && <Alert type="error" showIcon message={refusal} />}
        </Form>
      </Modal>
    </>
  );
}

function StartButton({ id, onDone }: { id: number; onDone: Done }) {
  const { modal, message } = App.useApp();
  const { send } = useEndpointMutation(EXPERT_ENDPOINTS.start);
  return (
    <Button
      type="primary"
      onClick={() =>
        modal.confirm({
          title: "开始鉴定",
          content: "委托方已支付鉴定费。开始后请在预计工期内出具鉴定意见。",
          okText: "开始鉴定",
          cancelText: "取消",
          onOk: async () => {
            try {
              onDone(await send({ id }));
            } catch (error) {
              message.error(refusalOf(error).message);
            }
          },
        })
      }
    >
      开始鉴定
    </Button>
  );
}

function OpinionButton({ id, onDone }: { id: number; onDone: Done }) {
  const [isOpen, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { send, mutation } = useEndpointMutation(EXPERT_ENDPOINTS.uploadOpinion);
  async function upload() {
    setRefusal(null);
    if (!file) return setRefusal(APPRAISAL_MESSAGES.opinionMissing);
    try {
      onDone(await send({ id }, { file }));
      setOpen(false);
    } catch (error) {
      setRefusal(refusalOf(error).message);
    }
  }
  return (
    <>
      <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        上传鉴定意见书
      </Button>
      <Modal open={isOpen} title="上传鉴定意见书" okText="上传并出具" confirmLoading={mutation.isPending} onOk={() => void upload()} onCancel={() => setOpen(false)} destroyOnHidden>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message="鉴定意见书（PDF，不超过 50MB）将作为委托方的存证写入账本并生成存证证书，委托随即完成，鉴定费结算。出具后不能更改。" />
        <Upload accept={acceptAttribute(APPRAISAL_OPINION_RULE)} maxCount={1} beforeUpload={(chosen) => (setFile(chosen), false)} onRemove={() => setFile(null)}>
          <Button icon={<UploadOutlined />}>选择 PDF 文件</Button>
        </Upload>
        {refusal && <Alert type="error" showIcon message={refusal} style={{ marginTop: 16 }} />}
      </Modal>
    </>
  );
}

function DeclineButton({ id, onDone }: { id: number; onDone: Done }) {
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const { send, mutation } = useEndpointMutation(EXPERT_ENDPOINTS.decline);
  async function decline() {
    setRefusal(null);
    try {
      onDone(await send({ id, reason }));
      setOpen(false);
    } catch (error) {
      setRefusal(refusalOf(error).message);
    }
  }
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        拒绝委托
      </Button>
      <Modal open={isOpen} title="拒绝委托" okText="确认拒绝" okButtonProps={{ danger: true }} confirmLoading={mutation.isPending} onOk={() => void decline()} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form layout="vertical">
          <Form.Item label="拒绝理由（委托方可见；已付的鉴定费将退回委托方）" required>
            <Input.TextArea aria-label="拒绝理由" value={reason} maxLength={APPRAISAL_LIMITS.reasonMax} onChange={(event) => setReason(event.target.value)} autoSize={{ minRows: 3, maxRows: 6 }} />
          </Form.Item>
          {refusal && <Alert type="error" showIcon message={refusal} />}
        </Form>
      </Modal>
    </>
  );
}
