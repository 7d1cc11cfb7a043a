import { Alert, Card, Col, Descriptions, Result, Row, Skeleton, Space, Tag, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { siblingPath, type SectionPageProps } from "../../resources/derive";
import { useEndpointMutation, useEndpointQuery } from "../../providers/use-endpoint";
import { formatDateTime } from "../../schema/format";
import { CONSULTATION_POLL_MS, CONSULTATION_STATE_COLORS, CONSULTATION_STATE_LABELS, LAWYER_SERVICE_ENDPOINTS, type ConsultationDetail } from "../../schema/lawyer-service";
import { RECORD_ID_PARAM } from "../kinds/record-links";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { CloseConsultationButton } from "./close-consultation-button";
import { LawyerCard } from "./lawyer-card";
import { LinkedEvidencePanel } from "./linked-evidence-panel";
import { MessageComposer } from "./message-composer";
import { ThreadMessages } from "./thread-messages";

/** How often the relative time labels are brought up to date between polls. */
const CLOCK_TICK_MS = 10_000;

/**
 * /lawService/wsLawyer/dataDetail?id=: one consultation as a chat. The thread is read again every
 * few seconds while the page is open (no socket), and what the other side wrote is marked read as
 * soon as it is shown. A closed thread shows the lawyer's summary and takes no more messages.
 */
export default function ConsultationThreadPage({ route }: SectionPageProps) {
  const [params] = useSearchParams();
  const id = Number(params.get(RECORD_ID_PARAM) ?? "");
  const isNamed = Number.isInteger(id) && id > 0;
  // A closed thread changes no more: the polling stops with it.
  const refetchInterval = (latest: { state: { data?: { data?: unknown } } }) => ((latest.state.data?.data as Partial<ConsultationDetail> | undefined)?.state === "closed" ? false : CONSULTATION_POLL_MS);
  const { datas, query } = useEndpointQuery(LAWYER_SERVICE_ENDPOINTS.detail, { id }, { enabled: isNamed, refetchInterval });
  const thread = query.isSuccess ? datas : undefined;
  const refresh = () => void query.refetch();
  useMarkRead(thread);
  const list = siblingPath(route, "dataList");
  const back = list && <Link to={list}>返回咨询记录</Link>;

  const body = !isNamed ? (
    <Result status="warning" title="未指定要查看的咨询" extra={back} />
  ) : query.isError && !thread ? (
    <Alert type="error" showIcon message={query.error.message} action={back} />
  ) : !thread ? (
    <Skeleton active />
  ) : (
    <ThreadView thread={thread} refresh={refresh} />
  );
  return (
    <SectionPageFrame route={route} extra={thread?.actions.includes("close") && <CloseConsultationButton consultationId={thread.id} onClosed={refresh} />}>
      {body}
      {back && <p style={{ marginTop: 16 }}>{back}</p>}
    </SectionPageFrame>
  );
}

function ThreadView({ thread, refresh }: { thread: ConsultationDetail; refresh: () => void }) {
  const now = useNow(CLOCK_TICK_MS);
  const counterpart = thread.side === "user" ? `律师：${thread.lawyerName}（${thread.lawFirm}）` : `咨询人：${thread.userName}`;
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={16}>
        <Space direction="vertical" size="middle" style={{ width: "100%" }}>
          <Space size="middle" wrap aria-label="咨询概要">
            <Typography.Title level={5} style={{ margin: 0 }}>
              {thread.title}
            </Typography.Title>
            <Tag color={CONSULTATION_STATE_COLORS[thread.state]}>{CONSULTATION_STATE_LABELS[thread.state]}</Tag>
            <Typography.Text type="secondary">{counterpart}</Typography.Text>
          </Space>
          <ThreadMessages messages={thread.messages} now={now} />
          {thread.summary !== null && <SummaryCard thread={thread} />}
          {thread.actions.includes("post") ? (
            <MessageComposer consultationId={thread.id} onSent={refresh} />
          ) : (
            <Alert type="info" showIcon message="咨询已结束，记录只读，不能再发送消息" />
          )}
        </Space>
      </Col>
      <Col xs={24} lg={8}>
        <Space direction="vertical" size="middle" style={{ width: "100%" }}>
          <Card size="small" title="律师">
            <LawyerCard lawyer={thread.lawyer} />
          </Card>
          <LinkedEvidencePanel evidence={thread.evidence} />
        </Space>
      </Col>
    </Row>
  );
}

function SummaryCard({ thread }: { thread: ConsultationDetail }) {
  return (
    <Card size="small" title="咨询总结" aria-label="咨询总结" style={{ borderColor: "#b7eb8f", background: "#f6ffed" }}>
      <Typography.Paragraph style={{ whiteSpace: "pre-wrap" }}>{thread.summary}</Typography.Paragraph>
      <Descriptions size="small" column={1} items={[{ key: "closeTime", label: "结束时间", children: thread.closeTime === null ? "—" : formatDateTime(thread.closeTime) }]} />
    </Card>
  );
}

/** Marks the other side's messages read once they are on screen (again whenever newer ones arrive). */
function useMarkRead(thread: ConsultationDetail | undefined) {
  const { send } = useEndpointMutation(LAWYER_SERVICE_ENDPOINTS.markRead);
  const marked = useRef(0);
  // Nothing unread: nothing to mark (the page was opened before, or only the caller wrote since).
  const newestTheirs = thread && thread.unreadCount > 0 ? (thread.messages.filter((message) => !message.isMine).at(-1)?.id ?? 0) : 0;
  const id = thread?.id;
  useEffect(() => {
    if (id === undefined || newestTheirs <= marked.current) return;
    marked.current = newestTheirs;
    send({ id, lastMessageId: newestTheirs }).catch(() => {
      // Tried again with the next poll.
      marked.current = 0;
    });
  }, [id, newestTheirs, send]);
}

function useNow(tickMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
