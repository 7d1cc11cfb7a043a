import { Alert, App, Form, Input, Modal, Select, Typography } from "antd";
import { useState } from "react";
import { useEndpointMutation, useEndpointQuery } from "../../../providers/use-endpoint";
import { describeFields } from "../../../resources/field-meta";
import { EVIDENCE_KIND_LABELS } from "../../../schema/evidence";
import { EVIDENCE_LIBRARY_ENDPOINTS } from "../../../schema/evidence-library";
import { APPRAISAL_ENDPOINTS, APPRAISAL_LIMITS, CommissionFormSchema, type CommissionDetail } from "../../../schema/judicial-expert";
import { schemaRule } from "../../kinds/schema-form";
import { refusalOf, showOnFields } from "../../kinds/server-refusal";

const FIELDS = Object.fromEntries(describeFields(CommissionFormSchema).map((field) => [field.name, field])) as Record<keyof typeof CommissionFormSchema.shape, ReturnType<typeof describeFields>[number]>;
const FIELD_NAMES = Object.keys(FIELDS);
/** The evidence choice searches the holder's library by name, a page at a time. */
const EVIDENCE_PAGE_SIZE = 50;

/**
 * 委托鉴定: the institution (with its licence and scope), the applicant's stored evidence of any
 * kind, the matters to appraise and a contact; checked by the same schema as the server, the
 * server's field messages shown on the fields.
 */
export function NewCommissionDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (commission: CommissionDetail) => void }) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const [keyName, setKeyName] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const institutions = useEndpointQuery(APPRAISAL_ENDPOINTS.institutions, {});
  const evidences = useEndpointQuery(EVIDENCE_LIBRARY_ENDPOINTS.list, { pageNumber: 1, pageSize: EVIDENCE_PAGE_SIZE, ...(keyName ? { keyName } : {}) });
  const { send, mutation } = useEndpointMutation(APPRAISAL_ENDPOINTS.create);
  // refine answers an empty object until the list arrives.
  const institutionList = Array.isArray(institutions.datas) ? institutions.datas : [];
  const institutionId = Form.useWatch("institutionId", form) as number | undefined;
  const chosenInstitution = institutionList.find((institution) => institution.id === institutionId);
  const evidenceOptions = (evidences.datas?.list ?? [])
    .filter((item) => item.status === "stored")
    .map((item) => ({ value: item.id, label: `${item.name}（${EVIDENCE_KIND_LABELS[item.kind]} · ${item.certificateNo}）` }));
  const rule = (name: string) => [schemaRule(CommissionFormSchema, name, () => form.getFieldsValue(true))];

  async function submit() {
    setRefusal(null);
    const checked = CommissionFormSchema.safeParse(form.getFieldsValue(true));
    if (!checked.success) {
      await form.validateFields().catch(() => undefined);
      return;
    }
    try {
      const created = await send(checked.data);
      message.success(`鉴定委托已提交，委托编号 ${created.commissionNo}`);
      onCreated(created);
    } catch (error) {
      const answer = refusalOf(error);
      if (!showOnFields(form, FIELD_NAMES, answer)) setRefusal(answer.message);
    }
  }

  return (
    <Modal open title="委托鉴定" okText="提交委托" width={640} confirmLoading={mutation.isPending} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ evidenceIds: [], matters: "", contactName: "", contactMobile: "", contactEmail: "" }} validateTrigger="onBlur">
        <Form.Item name="institutionId" label={FIELDS.institutionId.label} rules={rule("institutionId")} required>
          <Select
            placeholder="选择鉴定机构"
            loading={institutions.query.isLoading}
            options={institutionList.map((institution) => ({ value: institution.id, label: `${institution.name}（${institution.region}）` }))}
          />
        </Form.Item>
        {chosenInstitution && (
          <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
            许可证号 {chosenInstitution.licenseNo} · 业务范围：{chosenInstitution.scope} · 电话 {chosenInstitution.phone}
          </Typography.Paragraph>
        )}
        <Form.Item name="evidenceIds" label={`${FIELDS.evidenceIds.label}（已存证的任意类型，最多 ${APPRAISAL_LIMITS.maxEvidence} 条）`} rules={rule("evidenceIds")} required>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setKeyName}
            placeholder="输入证据名称查找"
            loading={evidences.query.isFetching}
            options={evidenceOptions}
            notFoundContent={evidences.query.isFetching ? "加载中…" : "没有找到已存证的证据"}
          />
        </Form.Item>
        <Form.Item name="matters" label={FIELDS.matters.label} rules={rule("matters")} required>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={APPRAISAL_LIMITS.mattersMax} showCount placeholder="例如：鉴定所附聊天记录的电子数据是否完整、是否经过篡改" />
        </Form.Item>
        <Form.Item name="contactName" label={FIELDS.contactName.label} rules={rule("contactName")} required>
          <Input />
        </Form.Item>
        <Form.Item name="contactMobile" label={FIELDS.contactMobile.label} rules={rule("contactMobile")} required>
          <Input />
        </Form.Item>
        <Form.Item name="contactEmail" label={FIELDS.contactEmail.label} rules={rule("contactEmail")}>
          <Input />
        </Form.Item>
        {refusal && <Alert type="error" showIcon message={refusal} />}
      </Form>
    </Modal>
  );
}
