import { Alert, Card, Space, Spin, Typography } from "antd";
import { Link, useSearchParams } from "react-router";
import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { useLoadedEndpointQuery } from "../../../providers/use-endpoint";
import { formatDateTime } from "../../../schema/format";
import { LEGAL_AI_ENDPOINTS, LEGAL_AI_MESSAGES, ShareIdSchema } from "../../../schema/legal-ai";
import { NotLegalAdvice } from "./assistant-status";
import { MessageList } from "./message-view";

/**
 * /legalXGPTShare?shareId=: a read-only copy of a conversation someone shared, rendered as the
 * owner sees it (answers, citations and their hashes) without any input or share controls. A link
 * that was revoked, or never was, says so.
 */
export function LegalXgptSharePage() {
  const [searchParams] = useSearchParams();
  const shareId = ShareIdSchema.safeParse(searchParams.get("shareId") ?? "");
  const { datas: shared, query } = useLoadedEndpointQuery(LEGAL_AI_ENDPOINTS.getSharedConversation, { shareId: shareId.data ?? "" }, { enabled: shareId.success });
  const refusal = shareId.success ? query.error?.message : LEGAL_AI_MESSAGES.shareNotFound;

  return (
    <PublicPageLayout title={shared?.title ?? "法律AI助手对话分享"} lead={shared && `分享于 ${formatDateTime(shared.sharedAt)} · 只读副本`}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <NotLegalAdvice />
        {refusal && <Alert type="error" showIcon role="alert" message={refusal} />}
        {query.isLoading && shareId.success && <Spin />}
        {shared && (
          <Card>
            <Space direction="vertical" style={{ width: "100%" }}>
              <MessageList messages={shared.messages} />
            </Space>
          </Card>
        )}
        <Typography.Paragraph type="secondary">
          这是法律AI助手一次对话的只读副本。想自己提问，请前往<Link to={PUBLIC_PAGE_PATHS.legalXGPT}>法律AI助手</Link>。
        </Typography.Paragraph>
      </Space>
    </PublicPageLayout>
  );
}
