import { Button, Popover, Space, Tag } from "antd";
import { CheckList } from "../../verification/check-list";
import type { EvidenceCheck } from "./use-evidence-checks";

/** One evidence's live verdict; the individual checks (or why it could not be checked) on demand. */
export function EvidenceCheckCell({ check, onRecheck }: { check: EvidenceCheck | undefined; onRecheck: () => void }) {
  if (!check || check.status === "checking") {
    return (
      <Tag data-testid="evidence-check" data-status="checking" color="processing">
        核验中
      </Tag>
    );
  }
  if (check.status === "error") {
    return (
      <Space size={4} data-testid="evidence-check" data-status="error">
        <Popover content={check.message} title="未能核验">
          <Tag color="warning">未能核验</Tag>
        </Popover>
        <Button type="link" size="small" style={{ padding: 0 }} onClick={onRecheck}>
          重试
        </Button>
      </Space>
    );
  }
  return (
    <Popover trigger="click" title="逐项核验结果（在本浏览器中计算）" content={<div style={{ width: 520 }}><CheckList checks={check.checks} /></div>}>
      <Tag data-testid="evidence-check" data-status={check.ok ? "pass" : "fail"} color={check.ok ? "success" : "error"} style={{ cursor: "pointer" }}>
        {check.ok ? "核验通过" : "核验未通过"}
      </Tag>
    </Popover>
  );
}
