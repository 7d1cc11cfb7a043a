import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import type { HelpCenterClient } from "../../../providers/help-center-client";
import { LAWSUIT_PACKAGE_ENDPOINTS } from "../../../schema/lawsuit-package";
import "../../info/details-product/news-article.css";
import { useAnsweredQuery } from "./help-queries";

/** HLELEEVIDENCE: the principles document's introduction, its pages as images one at a time, and the PDF. */
export function EleEvidenceView({ client }: { client: HelpCenterClient }) {
  const { datas, query } = useAnsweredQuery(LAWSUIT_PACKAGE_ENDPOINTS.getEleEvidencePdf, {}, { staleTime: Infinity });
  const [index, setIndex] = useState(0);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!datas) return <Alert type="warning" showIcon message={query.error?.message ?? "文档暂时无法读取，请稍后刷新重试。"} />;
  const pages = [...datas.pngList].sort((a, b) => a.page - b.page);
  const current = pages[Math.min(index, pages.length - 1)];
  return (
    <Card
      title={datas.subTitle}
      extra={
        <Button type="primary" href={client.principlesPdfUrl()} target="_blank" rel="noopener">
          下载 PDF
        </Button>
      }
    >
      <Typography.Paragraph strong>{datas.brief}</Typography.Paragraph>
      {/* Written by the server. */}
      <div className="news-article-content" style={{ lineHeight: 1.9 }} dangerouslySetInnerHTML={{ __html: datas.content }} />
      {current && (
        <figure aria-label="文档页面" style={{ margin: "16px 0 0", textAlign: "center" }}>
          <img src={current.filePath} alt={`第${current.page}页`} style={{ maxWidth: "100%", border: "1px solid #f0f0f0", boxShadow: "0 1px 4px rgba(0,0,0,0.08)" }} />
          <figcaption>
            <Space style={{ marginTop: 12 }}>
              <Button icon={<LeftOutlined />} disabled={index === 0} onClick={() => setIndex(index - 1)}>
                上一页
              </Button>
              <Typography.Text>
                第 {index + 1} / {pages.length} 页
              </Typography.Text>
              <Button disabled={index >= pages.length - 1} onClick={() => setIndex(index + 1)}>
                下一页 <RightOutlined />
              </Button>
            </Space>
          </figcaption>
        </figure>
      )}
    </Card>
  );
}
