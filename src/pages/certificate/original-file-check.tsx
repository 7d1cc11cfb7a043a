import { Alert, Card } from "antd";
import { useState } from "react";
import type { FileDigests } from "../../components/local-digest/digest-file";
import { LocalDigestField } from "../../components/local-digest/local-digest-field";

export interface ExpectedDigests {
  sha256: string;
  sm3: string;
}

/**
 * "提供原文件可进一步核对" made possible on the holder's certificate page: a file chosen here is
 * hashed in this browser (SHA-256 and SM3, never uploaded) and compared with the record's digests,
 * with one plain verdict; the digests also go to the certificate's own checks (`onDigests`).
 */
export function OriginalFileCheck({ expected, onDigests }: { expected: ExpectedDigests; onDigests: (digests: FileDigests | null) => void }) {
  const [digests, setDigests] = useState<FileDigests | null>(null);
  return (
    <Card size="small" title="用原文件核对" data-testid="original-file-check">
      <LocalDigestField
        buttonLabel="选择原文件核对"
        note="文件只在本机计算 SHA-256 与 SM3 摘要后与存证记录比对，不会上传到平台。"
        onChange={(next) => {
          setDigests(next);
          onDigests(next);
        }}
      />
      {digests && <Verdict expected={expected} digests={digests} />}
    </Card>
  );
}

function Verdict({ expected, digests }: { expected: ExpectedDigests; digests: FileDigests }) {
  const differing = [digests.sha256 !== expected.sha256 && "SHA-256", digests.sm3 !== expected.sm3 && "SM3"].filter(Boolean);
  return differing.length === 0 ? (
    <Alert style={{ marginTop: 12 }} type="success" showIcon data-verdict="match" message="一致：该文件就是存证时的文件" description={`文件“${digests.name}”的 SHA-256 与 SM3 摘要都与存证记录相同。`} />
  ) : (
    <Alert
      style={{ marginTop: 12 }}
      type="error"
      showIcon
      data-verdict="mismatch"
      message="不一致：该文件不是存证时的文件"
      description={`文件“${digests.name}”的 ${differing.join("、")} 摘要与存证记录不同：它不是存证时的文件，或已被改动。`}
    />
  );
}
