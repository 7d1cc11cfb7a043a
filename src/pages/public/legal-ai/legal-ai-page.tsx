import { Space } from "antd";
import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { AssistantNotConnected } from "./assistant-not-connected";
import { LEGAL_AI_LEAD, LEGAL_AI_SECTIONS, LEGAL_AI_TITLE } from "./legal-ai-content";

/** /legalAI: what the legal AI assistant is for, and that it is not connected here. */
export function LegalAiPage() {
  return (
    <PublicPageLayout title={LEGAL_AI_TITLE} lead={LEGAL_AI_LEAD}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <AssistantNotConnected />
        <ContentSections sections={LEGAL_AI_SECTIONS} />
      </Space>
    </PublicPageLayout>
  );
}
