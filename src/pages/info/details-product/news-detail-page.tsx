import { useOne } from "@refinedev/core";
import { Card, Divider, Result, Skeleton, Space, Tag, Typography } from "antd";
import { Link, useSearchParams } from "react-router";
import { newsDetailPath, PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { ArticleIdSchema, type ArticleLink, type NewsDetail } from "../../../schema/news";
import { NEWS_META, NEWS_RESOURCE } from "../activity-product/news-resource";
import "./news-article.css";

const BACK_TO_LIST = <Link to={PUBLIC_PAGE_PATHS.activityProduct}>返回产品动态</Link>;

/** /info/detailsProduct?articleId=: one news article with links to the previous and next one. */
export function NewsDetailPage() {
  const [params] = useSearchParams();
  const articleId = ArticleIdSchema.safeParse(params.get("articleId") ?? "");
  if (!articleId.success) {
    return (
      <PublicPageLayout title="产品动态">
        <Result status="warning" title="文章编号不正确" subTitle={articleId.error.issues[0].message} extra={BACK_TO_LIST} />
      </PublicPageLayout>
    );
  }
  return <NewsArticle articleId={articleId.data} />;
}

function NewsArticle({ articleId }: { articleId: number }) {
  const { result, query } = useOne<NewsDetail>({ resource: NEWS_RESOURCE, id: articleId, meta: NEWS_META });
  if (query.isLoading) {
    return (
      <PublicPageLayout title="产品动态">
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </PublicPageLayout>
    );
  }
  if (query.isError || !result) {
    return (
      <PublicPageLayout title="产品动态">
        <Result status="warning" title={query.error?.message ?? "文章暂时无法读取，请稍后刷新重试"} extra={BACK_TO_LIST} />
      </PublicPageLayout>
    );
  }

  return (
    <PublicPageLayout title={result.cmsArticle.title}>
      <NewsArticleCard detail={result} />
    </PublicPageLayout>
  );
}

/** The article itself; the console's preview draws a draft with it, as the article page will show it. */
export function NewsArticleCard({ detail }: { detail: NewsDetail }) {
  const { cmsArticle: article, lastPage, nextPage } = detail;
  const tags = article.typeName.split(",").filter((tag) => tag.trim() !== "");
  return (
    <Card>
      <Space wrap size="middle" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">发布日期：{article.time}</Typography.Text>
        {tags.map((tag) => (
          <Tag key={tag}>{tag}</Tag>
        ))}
      </Space>
      {/* Written by the platform's operators in the console and cleaned by the server's allow-list before it is stored. */}
      <div className="news-article-content" style={{ fontSize: 15, lineHeight: 1.9 }} dangerouslySetInnerHTML={{ __html: article.content }} />
      <Divider />
      <nav aria-label="文章导航" style={{ display: "flex", flexDirection: "column", gap: 8 }}>
        <NeighbourLink label="上一篇" link={lastPage} />
        <NeighbourLink label="下一篇" link={nextPage} />
        {BACK_TO_LIST}
      </nav>
    </Card>
  );
}

function NeighbourLink({ label, link }: { label: string; link: ArticleLink }) {
  return (
    <Typography.Text>
      {label}：{link ? <Link to={newsDetailPath(link.articleId)}>{link.title}</Link> : <Typography.Text type="secondary">没有了</Typography.Text>}
    </Typography.Text>
  );
}
