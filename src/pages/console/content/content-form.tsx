import { Alert, Button, DatePicker, Flex, Form, Input, InputNumber, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState, type ReactNode } from "react";
import { z } from "zod";
import { describeField } from "../../../resources/field-meta";
import type { FormRefusal } from "../../kinds/server-refusal";
import type { ContentKind } from "./content-kinds";
import { ImageUploadField } from "./image-upload-field";

type Values = Record<string, unknown>;
type NamePath = (string | number)[];

/**
 * What a kind's screen adds to the schema-drawn form, from the values being typed: its own input
 * for a field (a choice among rows of another list), and fields that do not apply (left out of the
 * form and saved as their default).
 */
export interface FormExtras {
  inputs?: Readonly<Record<string, ReactNode>>;
  hidden?: readonly string[];
}

export interface ContentFormProps {
  kind: ContentKind;
  extras?: (values: Values) => FormExtras;
  initialValues: Values;
  submitLabel: string;
  /** Resolves to the server's refusal, or null once saved. */
  onSubmit: (values: Values) => Promise<FormRefusal | null>;
  /** Every change, for a live preview. */
  onChange?: (values: Values) => void;
}

/**
 * The form of a kind of content, drawn from its zod schema like the generic form
 * (src/pages/kinds/schema-form.tsx), with what that one has no words for: repeated rows (a
 * banner's buttons), image uploads, a date and time, choices among numbers, and a row's current
 * values when it is edited. Checked by the same schema as the server; the server's field messages
 * ("button.0.jumpUrl") land on the field they name, anything else above the button.
 */
export function ContentForm({ kind, extras, initialValues, submitLabel, onSubmit, onChange }: ContentFormProps) {
  const [form] = Form.useForm();
  const [values, setValues] = useState<Values>(initialValues);
  const added = extras?.(values) ?? {};
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  async function submit() {
    setRefusal(null);
    const typed: Values = { ...form.getFieldsValue(true) };
    for (const name of added.hidden ?? []) typed[name] = undefined;
    const checked = kind.form.safeParse(typed);
    if (!checked.success) return showRefusal(checked.error.issues.map((issue) => [issue.path as NamePath, issue.message]));
    setSaving(true);
    const answer = await onSubmit(checked.data).finally(() => setSaving(false));
    if (answer) showRefusal(Object.entries(answer.errors ?? {}).map(([field, message]) => [namePathOf(field), message]), answer.message);
  }

  /** Messages on the fields they name; what names no field (a list's own rule, a refusal) above the button. */
  function showRefusal(messages: [NamePath, string][], message?: string) {
    const onFields = messages.filter(([path]) => isFieldPath(kind.form, path));
    form.setFields(onFields.map(([name, text]) => ({ name, errors: [text] })));
    const elsewhere = messages.find(([path]) => !isFieldPath(kind.form, path));
    setRefusal(elsewhere?.[1] ?? (onFields.length === 0 ? (message ?? null) : null));
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={(_changed, all) => {
        setValues(all);
        onChange?.(all);
      }}
      onFinish={submit}
      noValidate
    >
      <SchemaFields kind={kind} object={kind.form} extras={added} />
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={isSaving}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/** "button.0.jumpUrl" → ["button", 0, "jumpUrl"], the form's name of that field. */
const namePathOf = (field: string): NamePath => field.split(".").map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));

/** Whether a path ends at an input of the form (not at a list or the whole form). */
function isFieldPath(schema: z.ZodObject, path: NamePath): boolean {
  let current: z.ZodType = schema;
  for (const segment of path) {
    const inner = unwrap(current);
    if (inner instanceof z.ZodObject && typeof segment === "string") current = inner.shape[segment] as z.ZodType;
    else if (inner instanceof z.ZodArray && typeof segment === "number") current = inner.element as z.ZodType;
    else return false;
    if (!current) return false;
  }
  const leaf = unwrap(current);
  return path.length > 0 && !(leaf instanceof z.ZodObject) && !(leaf instanceof z.ZodArray);
}

function unwrap(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodDefault || schema instanceof z.ZodOptional ? unwrap(schema.unwrap() as z.ZodType) : schema;
}

interface FieldsProps {
  kind: ContentKind;
  object: z.ZodObject;
  /** Inside a repeated row: the row's name in its list, and the list's path ("subImage"). */
  row?: { name: number; path: string };
  /** Top-level fields only. */
  extras?: FormExtras;
}

function SchemaFields({ kind, object, row, extras = {} }: FieldsProps) {
  return (
    <>
      {Object.entries(object.shape).map(([name, schema]) => {
        if (extras.hidden?.includes(name)) return null;
        const field = describeField(name, schema as z.ZodType);
        const path = row ? `${row.path}.${name}` : name;
        const element = field.schema instanceof z.ZodArray ? unwrap(field.schema.element as z.ZodType) : null;
        if (element instanceof z.ZodObject) {
          return <RepeatedRows key={name} kind={kind} name={name} label={field.label} element={element} limit={kind.rowLimits?.[name]} />;
        }
        return (
          <Form.Item key={name} name={row ? [row.name, name] : name} label={field.label} required={field.isRequired} style={row ? { flex: 1, marginBottom: 8 } : undefined}>
            {extras.inputs?.[name] ?? inputOf(kind, path, field.label, schema as z.ZodType)}
          </Form.Item>
        );
      })}
    </>
  );
}

function RepeatedRows({ kind, name, label, element, limit }: { kind: ContentKind; name: string; label: string; element: z.ZodObject; limit?: number }) {
  const blankRow = () => Object.fromEntries(Object.keys(element.shape).map((key) => [key, ""]));
  return (
    <Form.Item label={label} required={false}>
      <Form.List name={name}>
        {(rows, { add, remove }) => (
          <Flex vertical gap={4} role="group" aria-label={label}>
            {rows.map((row, index) => (
              <Flex key={row.key} gap={8} align="start">
                <SchemaFields kind={kind} object={element} row={{ name: row.name, path: name }} />
                <Button aria-label={`删除第${index + 1}个${label}`} onClick={() => remove(row.name)} style={{ marginTop: 30 }}>
                  删除
                </Button>
              </Flex>
            ))}
            <Button type="dashed" onClick={() => add(blankRow())} disabled={limit !== undefined && rows.length >= limit} style={{ alignSelf: "flex-start" }}>
              添加{label}
              {limit !== undefined && `（最多${limit}个）`}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** The input for one field: an upload for images, a choice for labelled values, a date for times, else text. */
function inputOf(kind: ContentKind, path: string, label: string, schema: z.ZodType): ReactNode {
  if (kind.imageFields.includes(path)) return <ImageUploadField label={label} />;
  const field = describeField(path, schema);
  const options = field.options ?? literalOptions(schema);
  const meta = (schema.meta() ?? {}) as { placeholder?: string };
  if (options) return <Select options={options} placeholder={`请选择${label}`} />;
  if (field.format === "datetime") return <DateTimeInput />;
  if (field.schema instanceof z.ZodNumber) return <InputNumber style={{ width: 200 }} />;
  if (field.widget === "textarea") return <Input.TextArea autoSize={{ minRows: 3, maxRows: 24 }} placeholder={meta.placeholder} />;
  return <Input placeholder={meta.placeholder} />;
}

/** A choice among literal values (1-4, 0/1) with the labels of the schema's metadata. */
function literalOptions(schema: z.ZodType): { value: unknown; label: string }[] | undefined {
  const inner = unwrap(schema);
  if (!(inner instanceof z.ZodLiteral) || inner.values.size < 2) return undefined;
  const labels = ((schema.meta() ?? {}) as { labels?: Record<string, string> }).labels ?? {};
  return [...inner.values].map((value) => ({ value, label: labels[String(value)] ?? String(value) }));
}

/** A time held as epoch milliseconds, picked on a calendar with the time of day. */
function DateTimeInput({ value, onChange }: { value?: number; onChange?: (value: number | undefined) => void }) {
  return <DatePicker showTime value={value ? dayjs(value) : null} onChange={(date: Dayjs | null) => onChange?.(date ? date.valueOf() : undefined)} />;
}
