import { UploadOutlined } from "@ant-design/icons";
import { useCreate } from "@refinedev/core";
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Radio, Select, Upload, type UploadFile } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import type { z } from "zod";
import type { FileDigests } from "../../components/local-digest/digest-file";
import { LocalDigestField } from "../../components/local-digest/local-digest-field";
import { describeFields, type FieldDescription } from "../../resources/field-meta";
import type { SubmittedEvidenceKind } from "../../schema/evidence-entry";
import type { Endpoint } from "../../schema/contract";
import { evidenceEndpoints, type EvidenceRecordView } from "../../schema/evidence";
import { issueMessagesFor } from "../../schema/issue-messages";
import { checkUpload, RIGHT_TYPES } from "../../schema/upload";
import { refusalOf, showOnFields } from "../kinds/server-refusal";
import { EVIDENCE_FORMS, type EvidenceFormConfig } from "./evidence-form-config";

export interface EvidenceFormProps {
  kind: SubmittedEvidenceKind;
  /** The list's resource, refreshed once stored. */
  resource?: string;
  onStored?: (records: EvidenceRecordView[]) => void;
  /** Another form than the kind's own (adding children to an affair): its config, call and fixed values. */
  variant?: {
    config: EvidenceFormConfig;
    create: Endpoint;
    fixedValues: Values;
    /** What the holder is told when the call answers before anything is stored (a capture the platform starts). */
    submittedMessage?: string;
    submitLabel?: string;
  };
}

type Values = Record<string, unknown>;

/**
 * The form that stores one piece of evidence of any kind: the kind's typed fields (labels from the
 * zod metadata), then its content: files (streamed to the server), or digests computed on this
 * computer. The same zod schema as the server's checks the fields; the server's field messages
 * land on their fields.
 */
export function EvidenceForm({ kind, resource = kind, onStored, variant }: EvidenceFormProps) {
  const config = variant?.config ?? EVIDENCE_FORMS[kind];
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const { mutateAsync } = useCreate();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [digests, setDigests] = useState<FileDigests | null>(null);
  const [webMode, setWebMode] = useState<"file" | "digest">("file");
  const [contentError, setContentError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const fields = describeFields(config.schema, config.inputFields);
  const usesFiles = config.content === "files" || config.content === "optionalFiles" || config.content === "file" || (config.content === "fileOrDigest" && webMode === "file");
  const usesDigest = config.content === "digest" || (config.content === "fileOrDigest" && webMode === "digest");

  async function submit(raw: Values) {
    setRefusal(null);
    setContentError(null);
    const values = toRequestValues(fields, raw);
    const chosen = files.map((file) => file.originFileObj).filter((file): file is NonNullable<typeof file> => Boolean(file));
    if ((config.content === "files" || config.content === "file" || (config.content === "fileOrDigest" && webMode === "file")) && chosen.length === 0) return setContentError("请选择文件");
    if (usesDigest && !digests) return setContentError("请选择文件并等待摘要计算完成");
    const body: Values = { ...variant?.fixedValues, ...values, ...(usesDigest && digests ? { fileName: digests.name, size: digests.size, sha256: digests.sha256, sm3: digests.sm3 } : {}) };
    // Named as the server names them: by the title found along the field's path.
    const checked = config.schema.safeParse(body, { error: issueMessagesFor(config.schema) });
    if (!checked.success) return showErrors(checked.error.issues);
    const payload: Values = { ...(checked.data as Values) };
    if (usesFiles) chosen.forEach((file, index) => (payload[`file${index}`] = file));
    setSubmitting(true);
    try {
      const { data } = await mutateAsync({
        resource,
        values: payload,
        meta: { endpoints: { create: variant?.create ?? evidenceEndpoints(kind).create } },
        successNotification: false,
        errorNotification: false,
      });
      const records = (Array.isArray(data) ? data : [data]) as unknown as EvidenceRecordView[];
      message.success(variant?.submittedMessage ?? `存证成功，证书编号：${records.map((record) => record.certificateNo).join("、")}`);
      form.resetFields();
      setFiles([]);
      setDigests(null);
      onStored?.(records);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!showOnFields(form, config.inputFields, refusal)) setRefusal(refusal.message);
    } finally {
      setSubmitting(false);
    }
  }

  function showErrors(issues: z.core.$ZodIssue[]) {
    const byField = new Map<string, string>();
    for (const issue of issues) {
      const name = String(issue.path[0] ?? "");
      if (!byField.has(name)) byField.set(name, issue.message);
    }
    const onFields = [...byField].filter(([name]) => config.inputFields.includes(name));
    form.setFields(onFields.map(([name, text]) => ({ name, errors: [text] })));
    const other = [...byField].find(([name]) => !config.inputFields.includes(name));
    if (other) setContentError(other[1]);
  }

  function beforeUpload(file: File) {
    const rule = config.ruleFor?.(file.name, toRequestValues(fields, form.getFieldsValue()));
    const problem = rule ? checkUpload(file, rule) : file.size === 0 ? "不支持上传0KB的文件" : null;
    setContentError(problem);
    if (!problem) {
      const entry: UploadFile = { uid: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`, name: file.name, size: file.size, originFileObj: file as UploadFile["originFileObj"] };
      setFiles((current) => (config.maxFiles === 1 ? [entry] : [...current, entry].slice(0, config.maxFiles)));
    }
    return Upload.LIST_IGNORE;
  }

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} style={{ maxWidth: 600 }} noValidate>
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={fieldLabel(field)} required={isRequired(config.schema, field.name)} htmlFor={`evidence-${field.name}`}>
          {fieldInput(field)}
        </Form.Item>
      ))}
      {config.content !== "none" && (
        <Form.Item label={config.contentLabel} required={config.content !== "optionalFiles"} validateStatus={contentError ? "error" : undefined} help={contentError ?? config.note} extra={contentError ? config.note : undefined}>
          {config.content === "fileOrDigest" && (
            <div style={{ marginBottom: 12 }}>
              <Radio.Group value={webMode} onChange={(event) => setWebMode(event.target.value)} options={[{ value: "file", label: "上传保存的网页文件" }, { value: "digest", label: "只提交网页文件的摘要值" }]} />
            </div>
          )}
          {usesFiles && (
            <Upload multiple={config.maxFiles !== 1} fileList={files} beforeUpload={beforeUpload} onRemove={(file) => setFiles((current) => current.filter((item) => item.uid !== file.uid))}>
              <Button icon={<UploadOutlined />}>选择文件</Button>
            </Upload>
          )}
          {usesDigest && <LocalDigestField onChange={setDigests} rule={config.ruleFor?.("", toRequestValues(fields, form.getFieldsValue()))} />}
        </Form.Item>
      )}
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={isSubmitting} style={{ marginTop: 12 }}>
        {variant?.submitLabel ?? "提交存证"}
      </Button>
    </Form>
  );
}

/** Required unless the schema takes the field's absence (optionalText fields are preprocessed, not wrapped optional). */
function isRequired(schema: z.ZodObject, name: string): boolean {
  return !(schema.shape[name] as z.ZodType).safeParse(undefined).success;
}

function fieldLabel(field: FieldDescription): string {
  return field.format === "fen" ? field.label.replace("（分）", "（元）") : field.label;
}

function fieldInput(field: FieldDescription) {
  const id = `evidence-${field.name}`;
  if (field.name === "rightType") return <Select id={id} placeholder="请选择作品类型" options={RIGHT_TYPES.map((type) => ({ value: type.id, label: type.label }))} />;
  if (field.format === "datetime") return <DatePicker id={id} showTime style={{ width: "100%" }} disabledDate={(date) => date.isAfter(dayjs())} />;
  if (field.format === "fen") return <InputNumber id={id} min={0} precision={2} style={{ width: "100%" }} />;
  if (field.widget === "textarea") return <Input.TextArea id={id} autoSize={{ minRows: 3, maxRows: 12 }} />;
  return <Input id={id} />;
}

/** The antd values as the request carries them: times in ms, money in fen, blanks left out. */
function toRequestValues(fields: FieldDescription[], raw: Values): Values {
  const values: Values = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (value === undefined || value === null || value === "") continue;
    if (field.format === "datetime") values[field.name] = dayjs.isDayjs(value) ? (value as Dayjs).valueOf() : value;
    else if (field.format === "fen") values[field.name] = Math.round(Number(value) * 100);
    else values[field.name] = value;
  }
  return values;
}

