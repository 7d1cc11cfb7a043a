import { UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Descriptions, Progress, Space, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { formatFileSize } from "../../schema/format";
import { checkUpload, type UploadRule } from "../../schema/upload";
import { digestFile, type FileDigests } from "./digest-file";
import { HiddenFileInput } from "../hidden-file-input";

export interface LocalDigestFieldProps {
  /** Called with the digests (and the file, for a caller that may upload it later) once computed, or null when the choice is cleared or refused. */
  onChange: (digests: FileDigests | null, file: File | null) => void;
  /** Size and format rule; any file when absent. */
  rule?: UploadRule;
  id?: string;
  buttonLabel?: string;
  /** What happens to the file, under the button. */
  note?: string;
}

/**
 * Picks a file and hashes it on this computer (SHA-256 + SM3), showing progress and the result.
 * Only the digests, name and size are handed on: the file itself is never uploaded.
 */
export function LocalDigestField({ onChange, rule, id, buttonLabel = "选择文件并在本地计算摘要", note = "文件只在您的电脑上计算摘要值，不会上传到平台。" }: LocalDigestFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [digests, setDigests] = useState<FileDigests | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function choose(file: File | undefined) {
    abort.current?.abort();
    setDigests(null);
    onChange(null, null);
    if (!file) return;
    const refusal = rule ? checkUpload(file, rule) : file.size === 0 ? "不支持上传0KB的文件" : null;
    setProblem(refusal);
    if (refusal) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const result = await digestFile(file, { signal: controller.signal, onProgress: (done, total) => setProgress(Math.floor((done / total) * 100)) });
      setDigests(result);
      onChange(result, file);
    } catch (error) {
      if ((error as DOMException).name !== "AbortError") setProblem("读取文件失败，请重新选择");
    } finally {
      if (abort.current === controller) setProgress(null);
    }
  }

  return (
    <>
      {/* Outside the Space: a hidden child would still take a gap there. */}
      <HiddenFileInput ref={input} id={id} aria-label={buttonLabel} onChange={(event) => void choose(event.target.files?.[0])} />
      <Space direction="vertical" style={{ width: "100%" }}>
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          {buttonLabel}
        </Button>
        <Typography.Text type="secondary">{note}</Typography.Text>
        {progress !== null && <Progress percent={progress} size="small" aria-label="摘要计算进度" />}
        {problem && <Alert type="error" showIcon message={problem} />}
        {digests && (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: "name", label: "文件名称", children: digests.name },
              { key: "size", label: "文件大小", children: formatFileSize(digests.size) },
              { key: "sha256", label: "SHA-256", children: <Typography.Text code copyable style={{ wordBreak: "break-all" }}>{digests.sha256}</Typography.Text> },
              { key: "sm3", label: "SM3", children: <Typography.Text code copyable style={{ wordBreak: "break-all" }}>{digests.sm3}</Typography.Text> },
            ]}
          />
        )}
      </Space>
    </>
  );
}
