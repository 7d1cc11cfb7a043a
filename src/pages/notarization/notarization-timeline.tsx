import { Tag, Timeline, Typography } from "antd";
import { formatDateTime } from "../../schema/format";
import { NOTARIZATION_ACTION_LABELS, NOTARIZATION_STATE_COLORS, NOTARIZATION_STATE_LABELS, type NotarizationEvent } from "../../schema/notarization";

const ACTOR_COLOURS = { applicant: "blue", notary: "green" } as const;

/**
 * Every state change of an application, oldest first: when, who, what, the note said with it
 * (a rejection's reason, the material asked for, the supplement), the state it led to and the
 * ledger entry recording it (or that it is still being appended).
 */
export function NotarizationTimeline({ events }: { events: readonly NotarizationEvent[] }) {
  if (events.length === 0) return <Typography.Text type="secondary">暂无办理记录</Typography.Text>;
  return (
    <Timeline
      aria-label="办理进度"
      items={events.map((event) => ({
        key: event.id,
        color: ACTOR_COLOURS[event.actor],
        children: (
          <div data-testid="timeline-event" data-action={event.action}>
            <Typography.Text strong>{NOTARIZATION_ACTION_LABELS[event.action]}</Typography.Text>
            <Tag color={NOTARIZATION_STATE_COLORS[event.toState]} style={{ marginLeft: 8 }}>
              {NOTARIZATION_STATE_LABELS[event.toState]}
            </Tag>
            <div>
              <Typography.Text type="secondary">
                {formatDateTime(event.time)} · {event.actorName}
              </Typography.Text>
            </div>
            {event.note && <div style={{ whiteSpace: "pre-line", marginTop: 4 }}>{event.note}</div>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {event.ledgerIndex === null ? "账本记录写入中" : `账本序号 ${event.ledgerIndex}`}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
