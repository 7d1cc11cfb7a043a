import { Card, Descriptions, Divider, Result, Skeleton, Space, Tag, Typography } from "antd";
import { Link } from "react-router";
import { helpCenterPath } from "../../../app/public-page-paths";
import { DICTIONARIES, type HelpArticleDetail, type HelpMenuKind } from "../../../schema/help-center";
import type { ArticleLink } from "../../../schema/news";
import { getRegionTree } from "../../../schema/regions";
import "../../info/details-product/news-article.css";
import { useHelpArticle } from "./help-queries";

/** An article of a leaf (存证知识, 司法案例, 常见问题, 用户手册) with 上一篇 / 下一篇 in the same menu. */
export function HelpArticleDetailView({ leaf, articleId }: { leaf: { id: number; code: HelpMenuKind }; articleId: number }) {
  const { datas, query } = useHelpArticle(leaf.code, articleId);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!datas) {
    return <Result status="warning" title={query.error?.message ?? "文章暂时无法读取，请稍后刷新重试"} extra={<Link to={helpCenterPath({ code: leaf.code, menuId: leaf.id })}>返回列表</Link>} />;
  }
  return <HelpArticleCard detail={datas} leaf={leaf} />;
}

const labelOf = (entries: readonly { typecode: string; typename: string }[], code: string | null) => entries.find((entry) => entry.typecode === code)?.typename ?? code ?? "";
const provinceName = (id: string | null) => getRegionTree().find((province) => province.id === id)?.name ?? "";

/** The article as the help centre shows it; the console's preview draws a draft with it too. */
export function HelpArticleCard({ detail, leaf }: { detail: HelpArticleDetail; leaf: { id: number; code: HelpMenuKind } }) {
  const { cmsArticle: article, lastPage, nextPage } = detail;
  const isLawCase = leaf.code === "HLLAWCASE";
  const tags = article.typeName.split(",").filter((tag) => tag.trim() !== "");
  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 24 }}>
        {article.title}
      </Typography.Title>
      {isLawCase ? (
        <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="审理法院">{article.courtName}</Descriptions.Item>
          <Descriptions.Item label="案号">{article.caseNo}</Descriptions.Item>
          <Descriptions.Item label="裁判日期">{article.time}</Descriptions.Item>
          <Descriptions.Item label="取证渠道">{labelOf(DICTIONARIES.eviChannel, article.evidenceChannelId)}</Descriptions.Item>
          <Descriptions.Item label="案件类型">{labelOf(DICTIONARIES.eviScene, article.caseType)}</Descriptions.Item>
          {article.area && <Descriptions.Item label="地区">{provinceName(article.area)}</Descriptions.Item>}
        </Descriptions>
      ) : (
        <Space wrap size="middle" style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">发布日期：{article.time}</Typography.Text>
          {tags.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </Space>
      )}
      {isLawCase && (
        <section aria-label="裁判理由" style={{ background: "#fafafa", padding: "12px 16px", borderRadius: 6, marginBottom: 16 }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            裁判理由
          </Typography.Title>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{article.brief}</Typography.Paragraph>
        </section>
      )}
      {/* Written by content editors in the console and cleaned by the server's allow-list before it is stored. */}
      <div className="news-article-content" style={{ fontSize: 15, lineHeight: 1.9 }} dangerouslySetInnerHTML={{ __html: article.content }} />
      <Divider />
      <nav aria-label="文章导航" style={{ display: "flex", flexDirection: "column", gap: 8 }}>
        <NeighbourLink label="上一篇" link={lastPage} leaf={leaf} />
        <NeighbourLink label="下一篇" link={nextPage} leaf={leaf} />
      </nav>
    </Card>
  );
}

function NeighbourLink({ label, link, leaf }: { label: string; link: ArticleLink; leaf: { id: number; code: HelpMenuKind } }) {
  return (
    <Typography.Text>
      {label}：
      {link ? (
        <Link to={helpCenterPath({ code: leaf.code, menuId: leaf.id, articleId: link.articleId })}>{link.title}</Link>
      ) : (
        <Typography.Text type="secondary">没有了</Typography.Text>
      )}
    </Typography.Text>
  );
}
