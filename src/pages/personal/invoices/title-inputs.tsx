import { Alert, Form, Input, Radio, type FormInstance } from "antd";
import { describeFields } from "../../../resources/field-meta";
import { SaveTitleSchema, SPECIAL_INVOICE_TITLE_FIELDS, TITLE_KIND_LABELS, TITLE_KINDS, type SaveTitleInput } from "../../../schema/invoice";
import { schemaRule } from "../../kinds/schema-form";

/**
 * The inputs of an invoice title (发票信息), shared by adding and editing: 个人 is a name only;
 * 单位 asks for the taxpayer id, and for a 专票 the registered address, phone, bank and account.
 * Labels and rules come from SaveTitleSchema, the server's own.
 */

const FIELDS = Object.fromEntries(describeFields(SaveTitleSchema).map((field) => [field.name, field]));

export const SPECIAL_FIELDS_NOTE = "开具增值税专用发票须填写以下全部信息；未填写完整时，该抬头只能开具增值税普通发票。";

export type TitleFormValues = Required<Omit<SaveTitleInput, "id">>;

export const EMPTY_TITLE: TitleFormValues = { kind: "organisation", name: "", taxpayerId: "", registeredAddress: "", registeredPhone: "", bankName: "", bankAccount: "" };

export function TitleInputs({ form }: { form: FormInstance<TitleFormValues> }) {
  const kind = Form.useWatch("kind", form);
  const item = (name: keyof TitleFormValues, isRequired: boolean, placeholder?: string) => (
    <Form.Item name={name} label={FIELDS[name].label} required={isRequired} rules={[schemaRule(SaveTitleSchema, name, () => form.getFieldsValue(true))]} validateTrigger="onBlur">
      <Input placeholder={placeholder} />
    </Form.Item>
  );
  return (
    <>
      <Form.Item name="kind" label={FIELDS.kind.label} required>
        <Radio.Group optionType="button" buttonStyle="solid" options={TITLE_KINDS.map((value) => ({ value, label: TITLE_KIND_LABELS[value] }))} />
      </Form.Item>
      {item("name", true, kind === "person" ? "个人姓名" : "单位全称，与营业执照一致")}
      {kind === "organisation" && (
        <>
          {item("taxpayerId", true, "统一社会信用代码（15至20位数字或字母）")}
          <Alert type="info" showIcon message={SPECIAL_FIELDS_NOTE} style={{ marginBottom: 16 }} />
          {SPECIAL_INVOICE_TITLE_FIELDS.map((name) => (
            <div key={name}>{item(name, false)}</div>
          ))}
        </>
      )}
    </>
  );
}
