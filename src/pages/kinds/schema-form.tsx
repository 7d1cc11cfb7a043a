import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Form, Input, InputNumber, Select, Switch } from "antd";
import { Controller, useForm, type FieldValues } from "react-hook-form";
import { z } from "zod";
import { describeFields, type FieldDescription } from "../../resources/field-meta";

export interface SchemaFormProps {
  schema: z.ZodObject;
  submitLabel: string;
  /** Resolves to the server's refusal ({message, errors: {field: message}}) or null once saved. */
  onSubmit: (values: FieldValues) => Promise<{ message: string; errors?: Record<string, string> } | null>;
}

/**
 * A form generated from a zod object (DESIGN.md §5): one input per field with the label from its
 * metadata, validated by the same schema the server uses; the server's field messages land on
 * their fields (STYLE.md habit 5).
 */
export function SchemaForm({ schema, submitLabel, onSubmit }: SchemaFormProps) {
  const fields = describeFields(schema);
  const { control, handleSubmit, setError, formState } = useForm<FieldValues>({
    resolver: zodResolver(schema as z.ZodObject<Record<string, z.ZodType>>) as never,
    // Text inputs start empty rather than undefined, so an untouched field gets its rule's own message.
    defaultValues: Object.fromEntries(fields.filter(isTextField).map((field) => [field.name, ""])),
    mode: "onBlur",
  });
  const submit = handleSubmit(async (values) => {
    // An optional field left empty is not sent at all.
    const filled = Object.fromEntries(Object.entries(values).filter(([name, value]) => value !== "" || fields.find((field) => field.name === name)?.isRequired));
    const refusal = await onSubmit(filled);
    if (!refusal) return;
    const fieldErrors = Object.entries(refusal.errors ?? {}).filter(([name]) => fields.some((field) => field.name === name));
    for (const [name, message] of fieldErrors) setError(name, { type: "server", message });
    if (fieldErrors.length === 0) setError("root.server", { type: "server", message: refusal.message });
  });

  return (
    <Form layout="vertical" component="form" onFinish={() => void submit()} style={{ maxWidth: 560 }} noValidate>
      {fields.map((field) => (
        <Controller
          key={field.name}
          name={field.name}
          control={control}
          render={({ field: input, fieldState }) => (
            <Form.Item
              label={field.label}
              htmlFor={`field-${field.name}`}
              required={field.isRequired}
              validateStatus={fieldState.error ? "error" : undefined}
              help={fieldState.error?.message}
            >
              <FieldInput field={field} id={`field-${field.name}`} value={input.value} onChange={input.onChange} onBlur={input.onBlur} />
            </Form.Item>
          )}
        />
      ))}
      {formState.errors.root?.server && <Alert type="error" showIcon message={formState.errors.root.server.message} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={formState.isSubmitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}

function isTextField(field: FieldDescription): boolean {
  return field.schema instanceof z.ZodString && !field.options;
}

interface FieldInputProps {
  field: FieldDescription;
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}

function FieldInput({ field, id, value, onChange, onBlur }: FieldInputProps) {
  if (field.options) {
    return <Select id={id} value={value as string | undefined} options={field.options} onChange={onChange} onBlur={onBlur} allowClear={!field.isRequired} />;
  }
  if (field.schema instanceof z.ZodNumber) {
    return <InputNumber id={id} value={value as number | undefined} onChange={(next) => onChange(next ?? undefined)} onBlur={onBlur} style={{ width: "100%" }} />;
  }
  if (field.schema instanceof z.ZodBoolean) {
    return <Switch id={id} checked={value === true} onChange={onChange} />;
  }
  const text = { id, value: (value as string | undefined) ?? "", onBlur, onChange: (event: { target: { value: string } }) => onChange(event.target.value) };
  if (field.widget === "textarea") return <Input.TextArea {...text} autoSize={{ minRows: 3, maxRows: 10 }} />;
  if (field.widget === "password") return <Input.Password {...text} />;
  return <Input {...text} />;
}
