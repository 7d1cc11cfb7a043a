import type { HttpError } from "@refinedev/core";
import { App, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../providers/use-endpoint";
import { HIT_REVIEW_ACTION_LABELS, MONITOR_ENDPOINTS, MONITOR_LIMITS, MonitorHitReviewSchema, type HitReviewAction } from "../../schema/monitor";

const REVIEW_ENDPOINTS = { confirm: MONITOR_ENDPOINTS.confirmHit, dismiss: MONITOR_ENDPOINTS.dismissHit } as const satisfies Record<HitReviewAction, unknown>;

/** 确认侵权 / 排除 with an optional note, checked by the contract's rule before it is sent. */
export function HitReviewDialog({ id, title, action, onClose, onDone }: { id: number; title: string; action: HitReviewAction; onClose: () => void; onDone: () => void }) {
  const { send, mutation } = useEndpointMutation(REVIEW_ENDPOINTS[action]);
  const { message } = App.useApp();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const label = HIT_REVIEW_ACTION_LABELS[action];

  async function submit() {
    const checked = MonitorHitReviewSchema.safeParse({ id, note });
    if (!checked.success) return setProblem(checked.error.issues[0].message);
    try {
      await send(checked.data);
      message.success(`已${label}`);
      onDone();
    } catch (error) {
      setProblem((error as HttpError).message);
    }
  }

  return (
    <Modal open title={`${label}：${title}`} okText={label} cancelText="取消" okButtonProps={{ danger: action === "confirm", loading: mutation.isPending }} onOk={() => void submit()} onCancel={onClose}>
      {action === "confirm" && <Typography.Paragraph type="secondary">确认侵权后，尚未取证的结果将立即取证。</Typography.Paragraph>}
      <Input.TextArea
        aria-label="处理说明"
        placeholder="处理说明（选填）"
        value={note}
        maxLength={MONITOR_LIMITS.noteMax + 1}
        autoSize={{ minRows: 3, maxRows: 6 }}
        onChange={(event) => {
          setNote(event.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Modal>
  );
}
