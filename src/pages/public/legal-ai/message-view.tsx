import { Alert, Card, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { EXTRACTIVE_LABEL, LEGAL_AI_MODES, MESSAGE_ROLES, type Citation, type LegalAiMode, type LegalMessage } from "../../../schema/legal-ai";
import { formatDateTime } from "../../../schema/format";
import { AnswerText } from "./answer-text";
import { CitationList } from "./citation-list";

/** One question as the user asked it. */
export function QuestionBubble({ content, createdAt }: { content: string; createdAt?: number }) {
  return (
    <Card size="small" aria-label={MESSAGE_ROLES.user} style={{ marginLeft: "15%", background: "#f0f5ff" }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {MESSAGE_ROLES.user}
        {createdAt !== undefined && ` · ${formatDateTime(createdAt)}`}
      </Typography.Text>
      <div style={{ whiteSpace: "pre-wrap" }}>{content}</div>
    </Card>
  );
}

/**
 * One answer: its mode, the extractive label when no model wrote it, the text with its [n]
 * superscripts and the citations they link to. `footer` carries the streaming state.
 */
export function AnswerCard(props: { messageKey: string; mode: LegalAiMode | null; text: string; citations: readonly Citation[]; createdAt?: number; footer?: ReactNode }) {
  const isExtractive = props.mode === "extractive";
  return (
    <Card size="small" aria-label={MESSAGE_ROLES.assistant} style={{ marginRight: "5%" }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {MESSAGE_ROLES.assistant}
        {props.createdAt !== undefined && ` · ${formatDateTime(props.createdAt)}`}
      </Typography.Text>
      {props.mode && (
        <Tag color={isExtractive ? "gold" : "blue"} style={{ marginLeft: 8 }}>
          {LEGAL_AI_MODES[props.mode]}
        </Tag>
      )}
      {isExtractive && <Alert type="warning" showIcon message={EXTRACTIVE_LABEL} style={{ margin: "8px 0" }} />}
      <AnswerText messageKey={props.messageKey} text={props.text} citations={props.citations} />
      <CitationList messageKey={props.messageKey} citations={props.citations} showScores={isExtractive} />
      {props.footer}
    </Card>
  );
}

/** The saved messages of a conversation, in order; the same rendering for the owner and for a shared copy. */
export function MessageList({ messages }: { messages: readonly LegalMessage[] }) {
  return (
    <>
      {messages.map((message) =>
        message.role === "user" ? (
          <QuestionBubble key={message.messageId} content={message.content} createdAt={message.createdAt} />
        ) : (
          <AnswerCard key={message.messageId} messageKey={String(message.messageId)} mode={message.mode} text={message.content} citations={message.citations} createdAt={message.createdAt} />
        ),
      )}
    </>
  );
}
