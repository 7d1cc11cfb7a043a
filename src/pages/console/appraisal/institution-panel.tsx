import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Space, Table } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { describeFields, labelOf } from "../../../resources/field-meta";
import type { ListSlotProps, PageSlots } from "../../../resources/types";
import {
  ExpertFormSchema,
  INSTITUTION_ENDPOINTS,
  InstitutionExpertSchema,
  InstitutionFormSchema,
  type InstitutionDetail,
  type InstitutionExpert,
  type InstitutionFormValues,
} from "../../../schema/console/appraisal-institutions";
import { formatDateTime } from "../../../schema/format";
import { SchemaForm, schemaRule } from "../../kinds/schema-form";
import { refusalOf, showOnFields } from "../../kinds/server-refusal";

/**
 * Below an institution's facts in the console: editing them (and stopping or resuming commissions),
 * and its experts, added by an account's mobile, e-mail or login account and removed again. Every
 * change is audited by the server.
 */
function InstitutionPanel({ record, refresh }: ListSlotProps & { record?: Record<string, unknown> }) {
  const institution = record as unknown as InstitutionDetail | undefined;
  const [isEditing, setEditing] = useState(false);
  if (!institution?.id) return null;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%", marginTop: 16 }}>
      <Space>
        <Button onClick={() => setEditing(true)}>编辑机构资料</Button>
        <AcceptingToggle institution={institution} onDone={refresh} />
      </Space>
      <ExpertsCard institution={institution} onDone={refresh} />
      {isEditing && <EditInstitutionDialog institution={institution} onClose={() => setEditing(false)} onDone={() => (setEditing(false), refresh())} />}
    </Space>
  );
}

const formOf = (institution: InstitutionDetail): InstitutionFormValues => ({
  name: institution.name,
  licenseNo: institution.licenseNo,
  region: institution.region,
  address: institution.address,
  phone: institution.phone,
  scope: institution.scope,
  introduction: institution.introduction,
  acceptsCommissions: institution.acceptsCommissions,
});

function AcceptingToggle({ institution, onDone }: { institution: InstitutionDetail; onDone: () => void }) {
  const { message } = App.useApp();
  const { send, mutation } = useEndpointMutation(INSTITUTION_ENDPOINTS.update);
  const accepts = institution.acceptsCommissions;
  async function toggle() {
    try {
      await send({ ...formOf(institution), id: institution.id, acceptsCommissions: !accepts });
      message.success(accepts ? "已暂停受理委托" : "已恢复受理委托");
      onDone();
    } catch (error) {
      message.error(refusalOf(error).message);
    }
  }
  return (
    <Popconfirm title={accepts ? "暂停后委托方不能再选择该机构，已有委托照常办理。" : "恢复后委托方可以选择该机构。"} okText="确定" cancelText="取消" onConfirm={() => void toggle()}>
      <Button loading={mutation.isPending}>{accepts ? "暂停受理委托" : "恢复受理委托"}</Button>
    </Popconfirm>
  );
}

function EditInstitutionDialog({ institution, onClose, onDone }: { institution: InstitutionDetail; onClose: () => void; onDone: () => void }) {
  const { send } = useEndpointMutation(INSTITUTION_ENDPOINTS.update);
  return (
    <Modal open title={`编辑：${institution.name}`} footer={null} onCancel={onClose} destroyOnHidden>
      <SchemaForm
        schema={InstitutionFormSchema}
        submitLabel="保存"
        initialValues={formOf(institution)}
        onSubmit={async (values) => {
          try {
            await send({ ...(values as InstitutionFormValues), id: institution.id });
          } catch (error) {
            return refusalOf(error);
          }
          onDone();
          return null;
        }}
      />
    </Modal>
  );
}

const EXPERT_COLUMNS = describeFields(InstitutionExpertSchema);
const EXPERT_FIELD_NAMES = Object.keys(ExpertFormSchema.shape);

function ExpertsCard({ institution, onDone }: { institution: InstitutionDetail; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [refusal, setRefusal] = useState<string | null>(null);
  const add = useEndpointMutation(INSTITUTION_ENDPOINTS.addExpert);
  const remove = useEndpointMutation(INSTITUTION_ENDPOINTS.removeExpert);
  const rule = (name: string) => [schemaRule(ExpertFormSchema, name, () => form.getFieldsValue(true))];

  async function addExpert() {
    setRefusal(null);
    const checked = ExpertFormSchema.safeParse(form.getFieldsValue(true));
    if (!checked.success) return void form.validateFields().catch(() => undefined);
    try {
      await add.send({ institutionId: institution.id, ...checked.data });
      message.success("已添加鉴定人");
      form.resetFields();
      onDone();
    } catch (error) {
      const answer = refusalOf(error);
      if (!showOnFields(form, EXPERT_FIELD_NAMES, answer)) setRefusal(answer.message);
    }
  }

  async function removeExpert(expert: InstitutionExpert) {
    try {
      await remove.send({ institutionId: institution.id, userId: expert.userId });
      message.success(`已移除鉴定人 ${expert.name}`);
      onDone();
    } catch (error) {
      message.error(refusalOf(error).message);
    }
  }

  return (
    <Card size="small" title={`鉴定人（${institution.experts.length}）`}>
      <Table<InstitutionExpert>
        rowKey="userId"
        size="small"
        pagination={false}
        dataSource={institution.experts}
        locale={{ emptyText: "尚未添加鉴定人" }}
        columns={[
          ...EXPERT_COLUMNS.map((field) => ({
            key: field.name,
            title: field.label,
            dataIndex: field.name,
            render: (value: unknown) => (field.format === "datetime" ? formatDateTime(value as number) : String(value)),
          })),
          {
            key: "actions",
            title: "操作",
            render: (_value: unknown, expert: InstitutionExpert) => (
              <Popconfirm title={`移除后 ${expert.name} 不能再查看本机构的委托。`} okText="移除" cancelText="取消" onConfirm={() => void removeExpert(expert)}>
                <Button type="link" danger size="small" style={{ padding: 0 }}>
                  移除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Form form={form} layout="inline" style={{ marginTop: 16 }} initialValues={{ account: "", name: "" }} aria-label="添加鉴定人">
        <Form.Item name="account" label={labelOf(ExpertFormSchema, "account")} rules={rule("account")}>
          <Input placeholder="手机号、邮箱或登录账号" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="name" label={labelOf(ExpertFormSchema, "name")} rules={rule("name")}>
          <Input style={{ width: 140 }} />
        </Form.Item>
        <Button type="primary" loading={add.mutation.isPending} onClick={() => void addExpert()}>
          添加鉴定人
        </Button>
      </Form>
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginTop: 12 }} />}
    </Card>
  );
}

const slots: PageSlots = { panel: InstitutionPanel };
export default slots;
