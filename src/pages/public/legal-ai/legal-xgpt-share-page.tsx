import { Card, Result, Space } from "antd";
import { Link } from "react-router";
import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { AssistantNotConnected } from "./assistant-not-connected";

/** /legalXGPTShare: a shared conversation would open here; with no assistant there are none. */
export function LegalXgptSharePage() {
  return (
    <PublicPageLayout title="法律AI助手对话分享" lead="用户分享的法律AI助手对话会在这个页面以只读方式显示。">
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <AssistantNotConnected />
        <Card>
          <Result
            status="info"
            title="没有可显示的对话"
            subTitle="本安装未接入法律AI助手，因此不存在可以分享的对话。如果有人向您发送了这样的分享链接，它并非来自本安装。"
            extra={<Link to={PUBLIC_PAGE_PATHS.legalAI}>了解法律AI助手</Link>}
          />
        </Card>
      </Space>
    </PublicPageLayout>
  );
}
