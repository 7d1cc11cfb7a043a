import { Card, Space } from "antd";
import { useNavigate, useSearchParams } from "react-router";
import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { useEvidenceLibraryClient } from "../../../providers/evidence-library-client";
import { EXTRACT_NO_PATTERN } from "../../../schema/evidence-library";
import { EXTRACT_LOGIN } from "../ledger-queries/extract-login";
import { ExtractLoginForm } from "./extract-login-form";

/** /info/extractLogin: a court or the other party logs in with the number and code the holder gave them. */
export function ExtractLoginPage() {
  const client = useEvidenceLibraryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // A link or QR code may carry the number (?extractNo=); the code never travels in a link.
  const given = (search.get("extractNo") ?? "").toUpperCase();
  return (
    <PublicPageLayout title={EXTRACT_LOGIN.title} lead={EXTRACT_LOGIN.lead}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <Card title={<h2 style={{ margin: 0, fontSize: 20 }}>提取登录</h2>}>
          <ExtractLoginForm client={client} initialNo={EXTRACT_NO_PATTERN.test(given) ? given : ""} onLoggedIn={() => navigate(PUBLIC_PAGE_PATHS.extractList)} />
        </Card>
        <ContentSections sections={EXTRACT_LOGIN.sections} />
      </Space>
    </PublicPageLayout>
  );
}
