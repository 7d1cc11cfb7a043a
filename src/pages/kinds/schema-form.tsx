import { ProForm, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from "@ant-design/pro-components";
import { Alert, Form, Typography } from "antd";
import type { Rule } from "antd/es/form";
import { useState, type ReactNode } from "react";
import { z } from "zod";
import { describeFields, type FieldDescription } from "../../resources/field-meta";
import { showOnFields, type FormRefusal } from "./server-refusal";

export interface SchemaFormProps {
  schema: z.ZodObject;
  submitLabel: string;
  /** Resolves to the server's refusal or null once saved. */
  onSubmit: (values: Record<string, unknown>) => Promise<FormRefusal | null>;
  /** Values to start from, when the form edits a record. */
  initialValues?: Record<string, unknown>;
  /** The form cannot be sent now (the service it calls is unavailable); its fields stay visible. */
  disabled?: boolean;
}

/**
 * A form generated from a zod object (DESIGN.md §5) on ProForm: one input per field with the label
 * from its metadata, each checked by the same schema the server uses (rules that span fields, such
 * as a repeated password, included); the server's field messages land on the fields of the same
 * name (STYLE.md habit 5), any other refusal above the button.
 */
export function SchemaForm({ schema, submitLabel, onSubmit, initialValues, disabled = false }: SchemaFormProps) {
  const fields = describeFields(schema);
  const [form] = Form.useForm();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit() {
    setRefusal(null);
    const checked = schema.safeParse(form.getFieldsValue(true));
    if (!checked.success) return setRefusal(checked.error.issues[0].message);
    // An optional field left empty is not sent at all.
    const values = Object.fromEntries(Object.entries(checked.data).filter(([name, value]) => value !== "" || fields.find((field) => field.name === name)?.isRequired));
    const answer = await onSubmit(values);
    if (answer && !showOnFields(form, fields.map((field) => field.name), answer)) setRefusal(answer.message);
  }

  return (
    <ProForm
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      // Text inputs start empty rather than undefined (and lists of choices as empty lists), so an
      // untouched field gets its rule's own message.
      initialValues={{ ...Object.fromEntries([...fields.filter(isTextField).map((field) => [field.name, ""]), ...fields.filter((field) => field.isMultiple).map((field) => [field.name, []])]), ...initialValues }}
      onFinish={submit}
      disabled={disabled}
      submitter={{ searchConfig: { submitText: submitLabel }, resetButtonProps: false, submitButtonProps: { disabled } }}
      style={{ maxWidth: 560 }}
    >
      {fields.map((field) => (
        <FieldInput key={field.name} field={field} rules={[schemaRule(schema, field.name, () => form.getFieldsValue(true))]} />
      ))}
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
    </ProForm>
  );
}

/** A field's rule: the whole schema checked against the whole form (`values`, as the call takes them), this field's first issue shown. */
export function schemaRule(schema: z.ZodType, name: string, values: () => unknown): Rule {
  return {
    validator: async () => {
      const checked = schema.safeParse(values());
      const issue = checked.success ? undefined : checked.error.issues.find((candidate) => candidate.path[0] === name);
      if (issue) throw new Error(issue.message);
    },
  };
}

function isTextField(field: FieldDescription): boolean {
  return field.schema instanceof z.ZodString && !field.options;
}

function FieldInput({ field, rules }: { field: FieldDescription; rules: Rule[] }) {
  const common = { name: field.name, label: field.label, rules, required: field.isRequired };
  if (field.options) {
    return (
      <ProFormSelect
        {...common}
        options={field.options}
        allowClear={!field.isRequired}
        fieldProps={{ ...(field.isMultiple ? { mode: "multiple" as const } : {}), optionRender: (option) => <OptionWithHint label={option.label} hint={option.data.hint} /> }}
      />
    );
  }
  if (field.schema instanceof z.ZodNumber) return <ProFormDigit {...common} fieldProps={{ style: { width: "100%" } }} />;
  if (field.schema instanceof z.ZodBoolean) return <ProFormSwitch {...common} />;
  if (field.widget === "textarea") return <ProFormTextArea {...common} fieldProps={{ autoSize: { minRows: 3, maxRows: 10 } }} />;
  if (field.widget === "password") return <ProFormText.Password {...common} />;
  return <ProFormText {...common} />;
}

/** A choice in the drop-down with the line saying what it means (a role's permissions); the chosen value shows its label only. */
function OptionWithHint({ label, hint }: { label: ReactNode; hint?: string }) {
  if (!hint) return <>{label}</>;
  return (
    <div>
      <div>{label}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: "normal" }}>
        {hint}
      </Typography.Text>
    </div>
  );
}
