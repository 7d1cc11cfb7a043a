import { InboxOutlined } from "@ant-design/icons";
import { Button, Form, Input, Progress, Segmented, Typography, Upload } from "antd";
import { useState } from "react";
import { CertificateNoSchema } from "../../../schema/certificate-no";
import { Sha256HexSchema } from "../../../schema/evidence-query";
import type { VerificationMode, VerificationQuery } from "./verification-query";

const MODES: { value: VerificationMode; label: string }[] = [
  { value: "certificateNo", label: "按证书编号" },
  { value: "file", label: "按文件" },
  { value: "digest", label: "按 SHA-256 摘要" },
];

export const LOCAL_HASHING_NOTE = "文件只在您的浏览器中读取并计算 SHA-256 与 SM3 摘要，文件本身不会上传，也不会离开您的电脑。";

/** The query: a certificate number (optionally with the file to compare), a file, or a digest. */
export function VerificationForm({ initial, onSubmit, isBusy }: { initial: VerificationQuery; onSubmit: (query: VerificationQuery) => void; isBusy: boolean }) {
  const [mode, setMode] = useState<VerificationMode>(initial.mode);
  const [certificateNo, setCertificateNo] = useState(initial.certificateNo ?? "");
  const [digest, setDigest] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit() {
    const problems: Record<string, string> = {};
    const number = CertificateNoSchema.safeParse(certificateNo);
    if (mode === "certificateNo" && !number.success) problems.certificateNo = number.error.issues[0].message;
    if (mode === "file" && !file) problems.file = "请选择要核验的文件";
    const sha = Sha256HexSchema.safeParse(digest.trim());
    if (mode === "digest" && !sha.success) problems.digest = sha.error.issues[0].message;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    if (mode === "digest") return onSubmit({ mode, file: { sha256: digest.trim().toLowerCase() } });
    // Hashing and the package checks load with the first file to check, not with the page (issue 20).
    const read = file ? await (await import("../../../verification/verification-file")).readVerificationFile(file, (done, total) => setProgress(total ? Math.floor((done / total) * 100) : 100)) : undefined;
    setProgress(null);
    onSubmit({ mode, ...(number.success && mode === "certificateNo" ? { certificateNo: number.data } : {}), ...(read ? { file: read.digests, fileChecks: read.checks, fileName: file!.name } : {}) });
  }

  const fileInput = (label: string) => (
    <Form.Item label={label} validateStatus={errors.file ? "error" : undefined} help={errors.file ?? LOCAL_HASHING_NOTE}>
      <Upload.Dragger
        multiple={false}
        maxCount={1}
        beforeUpload={(chosen) => {
          setFile(chosen);
          return false;
        }}
        onRemove={() => setFile(null)}
        fileList={file ? [{ uid: "chosen", name: file.name, status: "done" }] : []}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖入文件</p>
      </Upload.Dragger>
    </Form.Item>
  );

  return (
    <Form layout="vertical" onFinish={submit} style={{ maxWidth: 640 }} aria-label="核验存证">
      <Form.Item>
        <Segmented options={MODES} value={mode} onChange={(value) => setMode(value as VerificationMode)} />
      </Form.Item>
      {mode === "certificateNo" && (
        <>
          <Form.Item label="证书编号" htmlFor="verify-certificate-no" validateStatus={errors.certificateNo ? "error" : undefined} help={errors.certificateNo}>
            <Input id="verify-certificate-no" value={certificateNo} onChange={(event) => setCertificateNo(event.target.value)} placeholder="存证证书上印有的证书编号" autoComplete="off" />
          </Form.Item>
          {fileInput("要核对的文件（可选）")}
        </>
      )}
      {mode === "file" && fileInput("要核验的文件")}
      {mode === "digest" && (
        <Form.Item label="文件 SHA-256" htmlFor="verify-digest" validateStatus={errors.digest ? "error" : undefined} help={errors.digest ?? "64 位十六进制字符"}>
          <Input id="verify-digest" value={digest} onChange={(event) => setDigest(event.target.value)} autoComplete="off" />
        </Form.Item>
      )}
      {progress !== null && <Progress percent={progress} size="small" status="active" />}
      <Button type="primary" htmlType="submit" loading={isBusy || progress !== null}>
        开始核验
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        核验在您的浏览器中完成：平台只提供存证记录和证明，叶子哈希、检查点签名、包含证明和文件摘要都由本页计算。
      </Typography.Paragraph>
    </Form>
  );
}
