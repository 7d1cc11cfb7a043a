import { PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Drawer, Empty, Form, Input, Radio, Select, Skeleton, Space } from "antd";
import { useState } from "react";
import { useEndpointMutation, useEndpointQuery } from "../../providers/use-endpoint";
import { EVIDENCE_LIBRARY_ENDPOINTS } from "../../schema/evidence-library";
import { ConsultationFormSchema, LAWYER_SERVICE_ENDPOINTS, LAWYER_SERVICE_LIMITS } from "../../schema/lawyer-service";
import { PAGE_SIZE_OPTIONS } from "../../schema/paging";
import { schemaRule } from "../kinds/schema-form";
import { refusalOf, showOnFields } from "../kinds/server-refusal";
import { LawyerCard } from "./lawyer-card";

const FIELDS = ["lawyerId", "evidenceIds", "title", "question"] as const;
/** The newest stored evidence offered to link (the library's largest page). */
const EVIDENCE_OFFERED = PAGE_SIZE_OPTIONS.at(-1)!;

/** 发起咨询: the button and its drawer; `onCreated` receives the new thread's id. */
export function NewConsultationButton({ onCreated }: { onCreated: (id: number) => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        发起咨询
      </Button>
      <Drawer open={isOpen} title="发起咨询" width={640} onClose={() => setOpen(false)} destroyOnHidden>
        <NewConsultationForm onCreated={onCreated} />
      </Drawer>
    </>
  );
}

/**
 * The new consultation: a lawyer chosen from the list with their profile, stored evidence to
 * link (0-20, by name and certificate number), a title and the question; checked by the schema
 * the server checks, the server's refusals shown on their fields. One request key per form, so a
 * retried submission creates one thread.
 */
function NewConsultationForm({ onCreated }: { onCreated: (id: number) => void }) {
  const [form] = Form.useForm();
  const lawyers = useEndpointQuery(LAWYER_SERVICE_ENDPOINTS.lawyers, {});
  const evidence = useEndpointQuery(EVIDENCE_LIBRARY_ENDPOINTS.list, { pageNumber: 1, pageSize: EVIDENCE_OFFERED });
  const { send } = useEndpointMutation(LAWYER_SERVICE_ENDPOINTS.create);
  const [requestKey] = useState(() => crypto.randomUUID());
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const values = () => ({ ...form.getFieldsValue(true), requestKey });
  const rules = (name: string) => [schemaRule(ConsultationFormSchema, name, values)];
  const evidenceOptions = (evidence.datas?.list ?? [])
    .filter((item) => item.status === "stored")
    .map((item) => ({ value: item.id, label: `${item.name}（${item.certificateNo}）` }));

  async function submit() {
    setRefusal(null);
    setSending(true);
    try {
      onCreated((await send(ConsultationFormSchema.parse(values()))).id);
    } catch (error) {
      const answer = refusalOf(error);
      if (!showOnFields(form, FIELDS, answer)) setRefusal(answer.message);
    } finally {
      setSending(false);
    }
  }

  const choosable = lawyers.query.isSuccess ? lawyers.datas : undefined;
  if (!choosable) return <Skeleton active />;
  return (
    <Form form={form} layout="vertical" initialValues={{ evidenceIds: [], title: "", question: "" }} onFinish={submit}>
      <Form.Item name="lawyerId" label="选择律师" required rules={rules("lawyerId")}>
        {choosable.length === 0 ? (
          <Empty description="暂无可咨询的律师" />
        ) : (
          <Radio.Group style={{ width: "100%" }}>
            <Space direction="vertical" style={{ width: "100%" }}>
              {choosable.map((lawyer) => (
                <Radio key={lawyer.userId} value={lawyer.userId} style={{ alignItems: "flex-start", border: "1px solid #f0f0f0", borderRadius: 8, padding: 12, width: "100%" }}>
                  <LawyerCard lawyer={lawyer} />
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        )}
      </Form.Item>
      <Form.Item name="evidenceIds" label={`关联证据（可选，最多${LAWYER_SERVICE_LIMITS.evidenceMax}条）`} rules={rules("evidenceIds")} extra="律师可看到证据名称、证书编号与摘要并在线核验；原始文件需您在消息中作为附件发送">
        <Select mode="multiple" allowClear showSearch optionFilterProp="label" options={evidenceOptions} loading={evidence.query.isLoading} placeholder="按名称或证书编号搜索已存证的证据" maxCount={LAWYER_SERVICE_LIMITS.evidenceMax} />
      </Form.Item>
      <Form.Item name="title" label="咨询标题" required rules={rules("title")}>
        <Input maxLength={LAWYER_SERVICE_LIMITS.titleMax} showCount placeholder="例如：网店商品图片被盗用" />
      </Form.Item>
      <Form.Item name="question" label="问题描述" required rules={rules("question")}>
        <Input.TextArea autoSize={{ minRows: 5, maxRows: 12 }} maxLength={LAWYER_SERVICE_LIMITS.textMax} showCount placeholder="说明纠纷经过、已有证据和希望律师解答的问题" />
      </Form.Item>
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={isSending} disabled={choosable.length === 0}>
        提交咨询
      </Button>
    </Form>
  );
}
