import { UploadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Form, Input, Upload, type UploadFile } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../providers/use-endpoint";
import { NOTARIZATION_ENDPOINTS, NOTARIZATION_LIMITS, NOTARIZATION_MATERIAL_RULE, NOTARIZATION_MESSAGES, NotarizationSupplementSchema } from "../../schema/notarization";
import { findUploadProblem } from "../../schema/upload";
import { refusalOf } from "../kinds/server-refusal";

/** Why these files cannot be sent: the first file's problem under the material rule, or too many. */
export function materialFilesProblem(files: readonly File[]): string | null {
  if (files.length > NOTARIZATION_LIMITS.materialFilesMax) return `每次最多上传${NOTARIZATION_LIMITS.materialFilesMax}个文件`;
  for (const file of files) {
    const problem = findUploadProblem(file, NOTARIZATION_MATERIAL_RULE);
    if (problem) return `${file.name}：${problem.message}`;
  }
  return null;
}

/**
 * The applicant's answer to the office's material request: a note, files, or both (multipart:
 * the note first, then the files); the application goes back to review.
 */
export function SupplementForm({ applicationId, onSent }: { applicationId: number; onSent: () => void }) {
  const { message } = App.useApp();
  const [note, setNote] = useState("");
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const supplement = useEndpointMutation(NOTARIZATION_ENDPOINTS.supplement);
  const chosen = files.map((file) => file.originFileObj).filter((file): file is NonNullable<typeof file> => file !== undefined);

  async function send() {
    const checked = NotarizationSupplementSchema.safeParse({ id: applicationId, note });
    if (!checked.success) return setProblem(checked.error.issues[0].message);
    if (!checked.data.note && chosen.length === 0) return setProblem(NOTARIZATION_MESSAGES.supplementRequired);
    const fileProblem = materialFilesProblem(chosen);
    if (fileProblem) return setProblem(fileProblem);
    setProblem(null);
    try {
      await supplement.send({ id: applicationId, ...(checked.data.note ? { note: checked.data.note } : {}) }, Object.fromEntries(chosen.map((file, index) => [`file${index}`, file])));
      message.success("补充材料已提交，公证处将继续审核");
      setNote("");
      setFiles([]);
      onSent();
    } catch (error) {
      setProblem(refusalOf(error).message);
    }
  }

  return (
    <Form layout="vertical" aria-label="补充材料">
      <Form.Item label="补充说明">
        <Input.TextArea aria-label="补充说明" value={note} onChange={(event) => setNote(event.target.value)} autoSize={{ minRows: 3, maxRows: 8 }} maxLength={NOTARIZATION_LIMITS.noteMax} showCount />
      </Form.Item>
      <Form.Item label="补充材料文件" extra={`支持 PDF、图片、Office 文档和 ZIP，单个文件不超过 20MB，最多 ${NOTARIZATION_LIMITS.materialFilesMax} 个`}>
        <Upload multiple fileList={files} beforeUpload={() => false} onChange={({ fileList }) => setFiles(fileList)} accept={NOTARIZATION_MATERIAL_RULE.extensions!.map((extension) => `.${extension}`).join(",")}>
          <Button icon={<UploadOutlined />}>选择文件</Button>
        </Upload>
      </Form.Item>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      <Button type="primary" loading={supplement.mutation.isPending} onClick={() => void send()}>
        提交补充材料
      </Button>
    </Form>
  );
}
