import { Typography } from "antd";
import type { CaptureQaFinding } from "../../schema/capture";

/** QA findings, each as what was found and what was measured. */
export function QaFindingList({ findings }: { findings: readonly CaptureQaFinding[] }) {
  return (
    <ul aria-label="质量检查发现" style={{ margin: 0, paddingLeft: 20 }}>
      {findings.map((finding) => (
        <li key={finding.code}>
          {finding.message}
          {finding.detail && <Typography.Text type="secondary">（{finding.detail}）</Typography.Text>}
        </li>
      ))}
    </ul>
  );
}
