import { PaperClipOutlined } from "@ant-design/icons";
import { App, Button, Space, Tag, Typography } from "antd";
import { useEffect, useRef } from "react";
import { useConsultationAttachments } from "../../providers/consultation-attachments";
import { saveFile } from "../../providers/signed-file";
import { formatDateTime, formatFileSize, formatRelativeTime } from "../../schema/format";
import { CONSULTATION_SIDE_LABELS, type ConsultationAttachment, type ConsultationMessage } from "../../schema/lawyer-service";

const BUBBLE = { borderRadius: 8, padding: "8px 12px", whiteSpace: "pre-wrap", wordBreak: "break-word" } as const;

/**
 * The thread's messages, oldest first: the caller's own on the right with whether the other side
 * has read them, the other side's on the left; each with its relative time (spec §9) and its
 * attachments. New messages scroll into view.
 */
export function ThreadMessages({ messages, now }: { messages: readonly ConsultationMessage[]; now: number }) {
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  // A block body: newer browsers answer scrollIntoView with a promise, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [newest]);
  return (
    <div role="list" aria-label="咨询消息" style={{ maxHeight: 520, overflowY: "auto", display: "flex", flexDirection: "column", gap: 16, padding: "4px 4px 8px" }}>
      {messages.map((message) => (
        <MessageBubble key={message.id} message={message} now={now} />
      ))}
      <div ref={end} />
    </div>
  );
}

function MessageBubble({ message, now }: { message: ConsultationMessage; now: number }) {
  const { isMine } = message;
  return (
    <div role="listitem" aria-label={`${message.senderName}的消息`} style={{ display: "flex", justifyContent: isMine ? "flex-end" : "flex-start" }}>
      <div style={{ maxWidth: "78%", display: "flex", flexDirection: "column", alignItems: isMine ? "flex-end" : "flex-start", gap: 4 }}>
        <Space size={6}>
          <Typography.Text strong>{message.senderName}</Typography.Text>
          <Tag bordered={false} color={message.side === "lawyer" ? "gold" : "default"}>
            {CONSULTATION_SIDE_LABELS[message.side]}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} title={formatDateTime(message.time)}>
            {formatRelativeTime(message.time, now)}
          </Typography.Text>
        </Space>
        <div style={{ ...BUBBLE, background: isMine ? "#e6f4ff" : "#f5f5f5" }}>
          {message.text && <div>{message.text}</div>}
          {message.attachments.map((attachment) => (
            <AttachmentLink key={attachment.id} attachment={attachment} />
          ))}
        </div>
        {isMine && (
          <Typography.Text type={message.isRead ? "secondary" : undefined} style={{ fontSize: 12, color: message.isRead ? undefined : "#1677ff" }}>
            {message.isRead ? "已读" : "未读"}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}

function AttachmentLink({ attachment }: { attachment: ConsultationAttachment }) {
  const { fetchAttachment } = useConsultationAttachments();
  const { message } = App.useApp();
  async function download() {
    const answer = await fetchAttachment(attachment);
    if ("file" in answer) saveFile(answer.file, answer.fileName);
    else message.error(answer.message);
  }
  return (
    <div>
      <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={download} style={{ paddingInline: 0 }} title={`SHA-256 ${attachment.sha256}`}>
        {attachment.fileName}（{formatFileSize(attachment.size)}）
      </Button>
    </div>
  );
}
