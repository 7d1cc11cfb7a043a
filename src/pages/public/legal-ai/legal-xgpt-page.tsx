import { Button, Card, Empty, Input, Space, Typography } from "antd";
import { Link } from "react-router";
import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { AssistantNotConnected } from "./assistant-not-connected";

/**
 * /legalXGPT: the conversation page. Without a language model there is nothing to talk to, so the
 * input is disabled and labelled as such rather than answering with canned text.
 */
export function LegalXgptPage() {
  return (
    <PublicPageLayout title="法律AI助手对话">
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <AssistantNotConnected />
        <Card>
          <Empty description="暂无对话：助手未接入，无法开始对话" style={{ margin: "32px 0" }} />
          <Space.Compact style={{ width: "100%" }}>
            <Input.TextArea aria-label="输入问题（助手未接入，暂不可用）" placeholder="助手未接入，暂不可用" disabled autoSize={{ minRows: 2, maxRows: 4 }} />
            <Button type="primary" disabled style={{ height: "auto" }}>
              发送
            </Button>
          </Space.Compact>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            使用前请阅读<Link to={PUBLIC_PAGE_PATHS.legalXGPTagreement}>《法律AI助手使用协议》</Link>。了解助手能做什么，请看
            <Link to={PUBLIC_PAGE_PATHS.legalAI}>法律AI助手介绍</Link>。
          </Typography.Paragraph>
        </Card>
      </Space>
    </PublicPageLayout>
  );
}
