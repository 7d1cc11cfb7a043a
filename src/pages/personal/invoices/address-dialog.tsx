import { Alert, Form, Input, Modal } from "antd";
import type { Rule } from "antd/es/form";
import { useState } from "react";
import { RegionCascader } from "../../../components/region-cascader";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { describeFields } from "../../../resources/field-meta";
import { INVOICE_ENDPOINTS, SaveAddressSchema, type InvoiceAddress } from "../../../schema/invoice";
import type { RegionSelection } from "../../../schema/regions";
import { schemaRule } from "../../kinds/schema-form";
import { refusalOf, showOnFields } from "../../kinds/server-refusal";

/**
 * Adding or editing a mailing address (收件地址) in one dialog, the same inputs either way: the
 * recipient, a mobile number, the region from the cascader and the street address.
 */

const LABELS = Object.fromEntries(describeFields(SaveAddressSchema).map((field) => [field.name, field.label]));
const REGION_PARTS = ["province", "city", "district"] as const;

interface AddressFormValues {
  recipient: string;
  mobile: string;
  region: RegionSelection;
  detail: string;
}

const EMPTY: AddressFormValues = { recipient: "", mobile: "", region: { province: "", city: "", district: "" }, detail: "" };

const valuesOf = (address: InvoiceAddress): AddressFormValues => ({
  recipient: address.recipient,
  mobile: address.mobile,
  region: { province: address.province, city: address.city, district: address.district },
  detail: address.detail,
});

/** The form's values as the call takes them: the region's three codes beside the other fields. */
const toInput = ({ region, ...rest }: AddressFormValues, id?: number) => ({ ...rest, ...region, ...(id ? { id } : {}) });

export function AddressDialog({ address, onCancel, onSaved }: { address?: InvoiceAddress; onCancel: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<AddressFormValues>();
  const save = useEndpointMutation(INVOICE_ENDPOINTS.saveAddress);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit() {
    setRefusal(null);
    const isValid = await form.validateFields().then(
      () => true,
      () => false,
    );
    const checked = SaveAddressSchema.safeParse(toInput(form.getFieldsValue(true), address?.id));
    if (!isValid || !checked.success) return;
    try {
      await save.send(checked.data);
      onSaved();
    } catch (error) {
      const answer = refusalOf(error);
      // The server names a region part; the form holds the three as one field.
      const errors = Object.fromEntries(Object.entries(answer.errors ?? {}).map(([name, text]) => [(REGION_PARTS as readonly string[]).includes(name) ? "region" : name, text]));
      if (!showOnFields(form, ["recipient", "mobile", "region", "detail"], { ...answer, errors })) setRefusal(answer.message);
    }
  }

  const rule = (name: string): Rule => schemaRule(SaveAddressSchema, name, () => toInput(form.getFieldsValue(true)));
  const regionRule: Rule = {
    validator: async () => {
      const checked = SaveAddressSchema.safeParse(toInput(form.getFieldsValue(true)));
      const issue = checked.success ? undefined : checked.error.issues.find((candidate) => (REGION_PARTS as readonly PropertyKey[]).includes(candidate.path[0]));
      if (issue) throw new Error(issue.message);
    },
  };

  return (
    <Modal open title={address ? "编辑收件地址" : "新增收件地址"} okText="保存" cancelText="取消" onOk={() => void submit()} onCancel={onCancel} confirmLoading={save.mutation.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={address ? valuesOf(address) : EMPTY}>
        <Form.Item name="recipient" label={LABELS.recipient} required rules={[rule("recipient")]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="mobile" label={LABELS.mobile} required rules={[rule("mobile")]}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="region" label="所在地区" required rules={[regionRule]}>
          <RegionField />
        </Form.Item>
        <Form.Item name="detail" label={LABELS.detail} required rules={[rule("detail")]}>
          <Input.TextArea rows={2} maxLength={100} placeholder="街道、门牌号、楼层与房间号" />
        </Form.Item>
        {refusal && <Alert type="error" showIcon message={refusal} />}
      </Form>
    </Modal>
  );
}

/** The cascader as a form control (Form.Item passes value and onChange). */
function RegionField({ value = EMPTY.region, onChange }: { value?: RegionSelection; onChange?: (value: RegionSelection) => void }) {
  return <RegionCascader value={value} onChange={(next) => onChange?.(next)} />;
}
