import { Alert, Card, Col, Empty, Result, Row, Space, Typography } from "antd";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { loginPath } from "../../../app/path-rules";
import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { RouterLinkButton } from "../../../components/router-link-button";
import { useUserSession } from "../../../providers/session-context";
import { hasSignedInAccount } from "../../../providers/session-rules";
import { useLoadedEndpointQuery } from "../../../providers/use-endpoint";
import { LEGAL_AI_ENDPOINTS } from "../../../schema/legal-ai";
import { AssistantNotices } from "./assistant-status";
import { CertificateReview } from "./certificate-review";
import { ConversationHistory, HISTORY_PAGE_SIZE } from "./conversation-history";
import { LEGAL_XGPT_INTRO } from "./legal-ai-content";
import { AnswerCard, MessageList, QuestionBubble } from "./message-view";
import { QuestionBox } from "./question-box";
import { ShareControls } from "./share-controls";
import { SourceDrawer } from "./source-drawer";
import { STOPPED_NOTE, useAskStream } from "./use-ask-stream";

/**
 * /legalXGPT: the assistant. Everyone sees what it is, what answers here (a model or the extractive
 * retrieval) and that it is not legal advice, and can open a cited source (`?source=`); a
 * signed-in user asks, reads the answer as it streams in with its citations, keeps a history,
 * shares a conversation and has a certificate reviewed.
 */
export function LegalXgptPage() {
  const user = useUserSession();
  const { pathname, search } = useLocation();
  return (
    <PublicPageLayout title="法律AI助手" lead={LEGAL_XGPT_INTRO}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <AssistantNotices />
        {hasSignedInAccount(user) ? (
          <AssistantWorkspace />
        ) : (
          <Card>
            <Result
              status="info"
              title="登录后即可向助手提问"
              subTitle="提问、保存对话历史和分享对话需要登录；引用的法律规定原文任何人都可以查看。"
              extra={
                <RouterLinkButton type="primary" to={loginPath(pathname + search)}>
                  登录后提问
                </RouterLinkButton>
              }
            />
          </Card>
        )}
        <Typography.Paragraph type="secondary">
          使用前请阅读<Link to={PUBLIC_PAGE_PATHS.legalXGPTagreement}>《法律AI助手使用协议》</Link>。了解助手能做什么，请看
          <Link to={PUBLIC_PAGE_PATHS.legalAI}>法律AI助手介绍</Link>。
        </Typography.Paragraph>
      </Space>
      <SourceDrawer />
    </PublicPageLayout>
  );
}

function AssistantWorkspace() {
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [historyPage, setHistoryPage] = useState(1);
  const history = useLoadedEndpointQuery(LEGAL_AI_ENDPOINTS.getConversationList, { pageNumber: historyPage, pageSize: HISTORY_PAGE_SIZE });
  const conversation = useLoadedEndpointQuery(LEGAL_AI_ENDPOINTS.getConversation, { conversationId: conversationId ?? "" }, { enabled: conversationId !== null });
  const stream = useAskStream((askedIn) => {
    if (askedIn !== null && askedIn !== conversationId) setConversationId(askedIn);
    else if (askedIn !== null) void conversation.query.refetch();
    void history.query.refetch();
  });

  const open = (id: string | null) => {
    stream.reset();
    setConversationId(id);
  };
  const current = conversation.datas?.conversationId === conversationId ? conversation.datas : undefined;
  const messages = current?.messages ?? [];
  const savedIds = new Set(messages.map((message) => message.messageId));
  const { answer } = stream;
  const isSaved = (message: { messageId: number } | null) => message !== null && savedIds.has(message.messageId);
  const showsQuestion = answer !== null && answer.state !== "failed" && !isSaved(answer.savedQuestion);
  const showsAnswer = answer !== null && answer.state !== "failed" && !isSaved(answer.savedAnswer);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={7}>
        <Card size="small" title="对话历史">
          <ConversationHistory
            page={history.datas?.pageP}
            activeId={conversationId}
            onOpen={open}
            onNew={() => open(null)}
            onDeleted={(id) => {
              if (id === conversationId) open(null);
              void history.query.refetch();
            }}
            onPage={setHistoryPage}
          />
        </Card>
      </Col>
      <Col xs={24} md={17}>
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Card
            title={current?.title ?? "新对话"}
            extra={
              current && (
                <ShareControls
                  conversationId={current.conversationId}
                  shared={current.shared}
                  onChanged={() => {
                    void conversation.query.refetch();
                    void history.query.refetch();
                  }}
                />
              )
            }
          >
            <Space direction="vertical" style={{ width: "100%" }}>
              {conversation.query.isError && <Alert type="error" showIcon message={conversation.query.error?.message} />}
              {messages.length === 0 && answer === null && <Empty description="输入问题，助手会从帮助文章、司法案例和法律规定中查找依据并注明出处" />}
              <MessageList messages={messages} />
              {showsQuestion && <QuestionBubble content={answer.question} />}
              {showsAnswer && (
                <AnswerCard
                  messageKey="streaming"
                  mode={answer.mode}
                  text={answer.text}
                  citations={answer.citations}
                  footer={
                    answer.state === "streaming" ? (
                      <Typography.Text type="secondary">正在回答…</Typography.Text>
                    ) : (
                      answer.state === "stopped" && <Typography.Text type="warning">{STOPPED_NOTE}</Typography.Text>
                    )
                  }
                />
              )}
              {stream.error && <Alert type="error" showIcon role="alert" message={stream.error} description="问题仍保留在输入框中，可以稍后重新发送。" />}
              <QuestionBox isStreaming={stream.isStreaming} onAsk={(question) => stream.ask(question, conversationId ?? undefined)} onStop={stream.stop} />
            </Space>
          </Card>
          <CertificateReview />
        </Space>
      </Col>
    </Row>
  );
}
