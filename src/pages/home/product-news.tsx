import { useCustom } from "@refinedev/core";
import { Card, List, Typography } from "antd";
import { COMMON_ENDPOINTS } from "../../providers/common-endpoints";
import { GetCmsArticleQuerySchema, type CmsArticleSummary } from "../../schema/common";

// The contract's defaults are exactly the spec's request: pageNewSize=6, pageNumber=1, pageSize=10.
const NEWS_QUERY = GetCmsArticleQuerySchema.parse({});

/** Product news titles, newest first (spec §2 ticker, §7 getCmsArticle). */
export function ProductNews() {
  const { result, query } = useCustom<{ cmsNewArticleList: CmsArticleSummary[] }>({
    url: COMMON_ENDPOINTS.getCmsArticle,
    method: "get",
    config: { query: NEWS_QUERY },
  });
  const articles = sortNewestFirst(result.data?.cmsNewArticleList ?? []);

  return (
    <Card title="产品动态">
      <List
        loading={query.isLoading}
        dataSource={articles}
        locale={{ emptyText: "暂无产品动态" }}
        renderItem={(article) => (
          <List.Item key={article.articleId} extra={<Typography.Text type="secondary">{article.time}</Typography.Text>}>
            {article.title}
          </List.Item>
        )}
      />
    </Card>
  );
}

/** createDate is "YYYY-MM-DD HH:mm:ss", so text order is time order. */
function sortNewestFirst(articles: CmsArticleSummary[]): CmsArticleSummary[] {
  return [...articles].sort((a, b) => (a.createDate < b.createDate ? 1 : a.createDate > b.createDate ? -1 : 0));
}
