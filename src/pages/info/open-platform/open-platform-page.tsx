import { Alert, Button, Card, Space, Typography } from "antd";
import { ContentSectionCard, ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { AccountCode } from "../../../schema/account";
import {
  API_DOCS_LINK,
  APPLICATION_KEYS_NOTE,
  CONVENTION_SECTIONS,
  OPEN_PLATFORM_LEAD,
  OPEN_PLATFORM_TITLE,
  SIGNATURE_SECTION,
  TOKEN_SECTION,
} from "./open-platform-content";
import { ResultCodeTable } from "./result-code-table";
import { SignatureExampleView } from "./signature-example-view";
import { SIGNATURE_EXAMPLES } from "./signature-examples";

const cardTitle = (text: string) => <h2 style={{ margin: 0, fontSize: 20 }}>{text}</h2>;

/** /info/OpenPlatform: the /webapi conventions (DESIGN.md §4) and the way to the API documentation. */
export function OpenPlatformPage() {
  return (
    <PublicPageLayout title={OPEN_PLATFORM_TITLE} lead={OPEN_PLATFORM_LEAD}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <Card>
          <Space wrap align="center" size="large">
            {/* /opendocs is served by the server, not by the app: a full page load. */}
            <Button type="primary" size="large" href={API_DOCS_LINK.to}>
              {API_DOCS_LINK.label}
            </Button>
            <Typography.Text type="secondary">接口文档由与服务器校验相同的数据规则生成，可在线浏览；JSON 格式的 OpenAPI 描述在 /opendocs/json。</Typography.Text>
          </Space>
        </Card>
        <ContentSections sections={CONVENTION_SECTIONS} />
        <Card title={cardTitle("结果代码")}>
          <Typography.Paragraph>
            所有接口通用的结果代码如下。各业务模块另有专用代码，例如登录接口的 {AccountCode.loginFailed}（账号或密码错误）、{AccountCode.passwordUpdateDue}（建议修改密码）和{" "}
            {AccountCode.secondStepRequired}（需要二次验证）；收到不认识的代码时，请直接向用户展示 message。
          </Typography.Paragraph>
          <ResultCodeTable />
        </Card>
        <ContentSectionCard section={SIGNATURE_SECTION} />
        <Card title={cardTitle("签名示例")}>
          {SIGNATURE_EXAMPLES.map((example) => (
            <SignatureExampleView key={example.title} example={example} />
          ))}
        </Card>
        <ContentSectionCard section={TOKEN_SECTION} />
        <Alert type="info" showIcon message="应用密钥" description={APPLICATION_KEYS_NOTE} />
      </Space>
    </PublicPageLayout>
  );
}
