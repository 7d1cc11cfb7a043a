import { useList } from "@refinedev/core";
import { Alert, Card, List, Space, Tag, Typography } from "antd";
import { Link } from "react-router";
import { newsDetailPath } from "../../../app/public-page-paths";
import { PaginationBar } from "../../../components/pagination/pagination-bar";
import { useClearPageBeyond, useUrlPaging } from "../../../components/pagination/use-url-paging";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import type { CmsArticleSummary } from "../../../schema/common";
import { NEWS_META, NEWS_RESOURCE } from "./news-resource";

export const NEWS_LIST_TITLE = "产品动态";
const NO_FILTERS = [] as const;

/** /info/activityProduct: product news, newest first, paged in the URL (spec §2 pagination). */
export function NewsListPage() {
  const paging = useUrlPaging(NO_FILTERS);
  const { pageNumber, pageSize } = paging;
  const { result, query } = useList<CmsArticleSummary>({
    resource: NEWS_RESOURCE,
    pagination: { currentPage: pageNumber, pageSize, mode: "server" },
    meta: NEWS_META,
  });
  const total = result.total;
  useClearPageBeyond(paging, total === undefined ? undefined : Math.ceil(total / pageSize));

  return (
    <PublicPageLayout title={NEWS_LIST_TITLE} lead="平台的功能更新、规则说明和电子证据知识。">
      <Card>
        {query.isError ? (
          <Alert type="warning" showIcon message={query.error?.message ?? "产品动态暂时无法读取，请稍后刷新重试。"} />
        ) : (
          <List
            itemLayout="vertical"
            loading={query.isLoading}
            dataSource={result.data}
            locale={{ emptyText: "暂无产品动态" }}
            renderItem={(article) => <NewsListItem article={article} />}
          />
        )}
        {total !== undefined && <PaginationBar pageNumber={pageNumber} pageSize={pageSize} total={total} onChange={paging.setPaging} />}
      </Card>
    </PublicPageLayout>
  );
}

function NewsListItem({ article }: { article: CmsArticleSummary }) {
  const tags = article.typeName.split(",").filter((tag) => tag.trim() !== "");
  return (
    <List.Item key={article.articleId} extra={<Typography.Text type="secondary">{article.time}</Typography.Text>}>
      <List.Item.Meta title={<Link to={newsDetailPath(article.articleId)}>{article.title}</Link>} description={article.brief} />
      {tags.length > 0 && (
        <Space size={[4, 4]} wrap>
          {tags.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </Space>
      )}
    </List.Item>
  );
}
