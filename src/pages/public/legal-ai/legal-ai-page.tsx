import { Card, Space, Typography } from "antd";
import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { RouterLinkButton } from "../../../components/router-link-button";
import { AssistantNotices } from "./assistant-status";
import { CertificateReview } from "./certificate-review";
import { LEGAL_AI_LEAD, LEGAL_AI_SECTIONS, LEGAL_AI_TITLE } from "./legal-ai-content";

/** /legalAI (signed-in users): what the assistant does and how, its status, the way in, and the certificate review. */
export function LegalAiPage() {
  return (
    <PublicPageLayout title={LEGAL_AI_TITLE} lead={LEGAL_AI_LEAD}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <AssistantNotices />
        <Card>
          <Space wrap align="center">
            <RouterLinkButton type="primary" size="large" to={PUBLIC_PAGE_PATHS.legalXGPT}>
              开始提问
            </RouterLinkButton>
            <Typography.Text type="secondary">打开对话页面，查看对话历史、分享对话。</Typography.Text>
          </Space>
        </Card>
        <CertificateReview />
        <ContentSections sections={LEGAL_AI_SECTIONS} />
      </Space>
    </PublicPageLayout>
  );
}
