import { useState, type FormEvent } from "react";
import { LightButton } from "../../../components/light/light-button";
import { LightField } from "../../../components/light/light-field";
import { LightFileDrop } from "../../../components/light/light-file-drop";
import { LightInput } from "../../../components/light/light-input";
import { LightProgress } from "../../../components/light/light-progress";
import { LightSegmented } from "../../../components/light/light-segmented";
import { checkCertificateNo } from "../../../schema/certificate-no-rule";
import { SHA256_HEX_RULE } from "../../../schema/sha256-hex-rule";
import { checkText } from "../../../schema/text-check";
import type { VerificationMode, VerificationQuery } from "./verification-query";

const MODES: { value: VerificationMode; label: string }[] = [
  { value: "certificateNo", label: "按证书编号" },
  { value: "file", label: "按文件" },
  { value: "digest", label: "按 SHA-256 摘要" },
];

export const LOCAL_HASHING_NOTE = "文件只在您的浏览器中读取并计算 SHA-256 与 SM3 摘要，文件本身不会上传，也不会离开您的电脑。";

/**
 * The query: a certificate number (optionally with the file to compare), a file, or a digest. Drawn
 * with the light kit and checked with the schema's rules without zod, so the page opens without
 * antd (issue 20).
 */
export function VerificationForm({ initial, onSubmit, isBusy }: { initial: VerificationQuery; onSubmit: (query: VerificationQuery) => void; isBusy: boolean }) {
  const [mode, setMode] = useState<VerificationMode>(initial.mode);
  const [certificateNo, setCertificateNo] = useState(initial.certificateNo ?? "");
  const [digest, setDigest] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const number = checkCertificateNo(certificateNo);
    if (mode === "certificateNo" && !number.ok) problems.certificateNo = number.message;
    if (mode === "file" && !file) problems.file = "请选择要核验的文件";
    const sha = checkText(SHA256_HEX_RULE, digest);
    if (mode === "digest" && !sha.ok) problems.digest = sha.message;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    if (mode === "digest" && sha.ok) return onSubmit({ mode, file: { sha256: sha.value.toLowerCase() } });
    // Hashing and the package checks load with the first file to check, not with the page (issue 20).
    const read = file ? await (await import("../../../verification/verification-file")).readVerificationFile(file, (done, total) => setProgress(total ? Math.floor((done / total) * 100) : 100)) : undefined;
    setProgress(null);
    onSubmit({ mode, ...(number.ok && mode === "certificateNo" ? { certificateNo: number.value } : {}), ...(read ? { file: read.digests, fileChecks: read.checks, fileName: file!.name } : {}) });
  }

  const fileInput = (label: string) => (
    <LightField label={label} htmlFor="verify-file" error={errors.file} help={LOCAL_HASHING_NOTE}>
      <LightFileDrop id="verify-file" file={file} onChange={setFile} prompt="点击或拖入文件" removeLabel="移除文件" isInvalid={Boolean(errors.file)} />
    </LightField>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate style={{ maxWidth: 640 }} aria-label="核验存证">
      <div className="hz-l-field">
        <LightSegmented aria-label="核验方式" options={MODES} value={mode} onChange={setMode} />
      </div>
      {mode === "certificateNo" && (
        <>
          <LightField label="证书编号" htmlFor="verify-certificate-no" error={errors.certificateNo}>
            <LightInput id="verify-certificate-no" value={certificateNo} onChange={(event) => setCertificateNo(event.target.value)} placeholder="存证证书上印有的证书编号" autoComplete="off" isInvalid={Boolean(errors.certificateNo)} />
          </LightField>
          {fileInput("要核对的文件（可选）")}
        </>
      )}
      {mode === "file" && fileInput("要核验的文件")}
      {mode === "digest" && (
        <LightField label="文件 SHA-256" htmlFor="verify-digest" error={errors.digest} help="64 位十六进制字符">
          <LightInput id="verify-digest" value={digest} onChange={(event) => setDigest(event.target.value)} autoComplete="off" isInvalid={Boolean(errors.digest)} />
        </LightField>
      )}
      {progress !== null && <LightProgress percent={progress} label="摘要计算进度" />}
      <LightButton type="primary" htmlType="submit" loading={isBusy || progress !== null}>
        开始核验
      </LightButton>
      <p style={{ marginTop: 12, marginBottom: 0, color: "var(--hz-text-secondary)" }}>
        核验在您的浏览器中完成：平台只提供存证记录和证明，叶子哈希、检查点签名、包含证明和文件摘要都由本页计算。
      </p>
    </form>
  );
}
