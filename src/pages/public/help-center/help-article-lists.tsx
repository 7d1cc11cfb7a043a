import { Alert, Card, List, Menu, Space, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { helpCenterPath } from "../../../app/public-page-paths";
import { PaginationBar } from "../../../components/pagination/pagination-bar";
import { useClearPageBeyond, useUrlPaging } from "../../../components/pagination/use-url-paging";
import { PAGE_SIZE_OPTIONS } from "../../../schema/paging";
import { HELP_ARTICLES_PER_PAGE, type HelpArticleSummary, type HelpMenuKind, type LawCaseFilter } from "../../../schema/help-center";
import { faqSummary, useHelpArticles } from "./help-queries";

export type Leaf = { id: number; code: HelpMenuKind; name: string };

const NO_FILTERS: readonly (keyof LawCaseFilter)[] = [];
const articlePath = (leaf: Leaf, article: HelpArticleSummary) => helpCenterPath({ code: leaf.code, menuId: leaf.id, articleId: article.articleId });

/**
 * One paged list of a leaf's articles, the page in the URL like every other list (spec §2), with
 * the way each kind draws a row. The law-case list passes its filters (from the URL too).
 */
export function PagedArticles(props: {
  leaf: Leaf;
  filterNames?: readonly (keyof LawCaseFilter)[];
  header?: (paging: ReturnType<typeof useUrlPaging<keyof LawCaseFilter>>) => ReactNode;
  emptyText: string;
  renderItem: (article: HelpArticleSummary) => ReactNode;
  grid?: boolean;
}) {
  const paging = useUrlPaging(props.filterNames ?? NO_FILTERS, { defaultSize: HELP_ARTICLES_PER_PAGE });
  const { pageNumber, pageSize } = paging;
  const { datas, query } = useHelpArticles(props.leaf, { pageNumber, pageSize }, paging.filters);
  const page = datas?.pageP;
  useClearPageBeyond(paging, page?.totalPage);
  return (
    <Card>
      {props.header?.(paging)}
      {query.isError ? (
        <Alert type="warning" showIcon message={query.error?.message ?? "文章暂时无法读取，请稍后刷新重试。"} />
      ) : (
        <List
          itemLayout="vertical"
          grid={props.grid ? { gutter: 16, column: 1 } : undefined}
          loading={query.isLoading}
          dataSource={page?.list}
          locale={{ emptyText: props.emptyText }}
          renderItem={props.renderItem}
        />
      )}
      {page && <PaginationBar pageNumber={pageNumber} pageSize={pageSize} total={page.totalRow} onChange={paging.setPaging} />}
    </Card>
  );
}

const tagsOf = (article: HelpArticleSummary) => article.typeName.split(",").filter((tag) => tag.trim() !== "");

/** HLEVIDENCE: evidence know-how, title, brief, date and tags (spec §2). */
export function EvidenceArticleList({ leaf }: { leaf: Leaf }) {
  return (
    <PagedArticles
      leaf={leaf}
      emptyText="暂无文章"
      renderItem={(article) => (
        <List.Item key={article.articleId} extra={<Typography.Text type="secondary">{article.time}</Typography.Text>}>
          <List.Item.Meta title={<Link to={articlePath(leaf, article)}>{article.title}</Link>} description={article.brief} />
          {tagsOf(article).length > 0 && (
            <Space size={[4, 4]} wrap>
              {tagsOf(article).map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </Space>
          )}
        </List.Item>
      )}
    />
  );
}

/** HLUSERBOOK: the manual's chapters in the editors' order. */
export function UserBookChapterList({ leaf }: { leaf: Leaf }) {
  return (
    <PagedArticles
      leaf={leaf}
      emptyText="用户手册正在编写"
      renderItem={(article) => (
        <List.Item key={article.articleId}>
          <List.Item.Meta title={<Link to={articlePath(leaf, article)}>{article.title}</Link>} description={article.brief} />
        </List.Item>
      )}
    />
  );
}

/** The manual's chapters beside the one being read (a manual has far fewer than one page of the largest size). */
export function UserBookChapterNav({ leaf, articleId }: { leaf: Leaf; articleId: number }) {
  const { datas } = useHelpArticles(leaf, { pageNumber: 1, pageSize: PAGE_SIZE_OPTIONS[PAGE_SIZE_OPTIONS.length - 1] });
  const chapters = datas?.pageP.list ?? [];
  return (
    <nav aria-label="手册目录">
      <Menu
        mode="inline"
        selectedKeys={[String(articleId)]}
        items={chapters.map((chapter) => ({ key: String(chapter.articleId), label: <Link to={articlePath(leaf, chapter)}>{chapter.title}</Link> }))}
        style={{ borderInlineEnd: "none" }}
      />
    </nav>
  );
}

/**
 * HLQUESTION: one card per question. The summary is cut at 114 characters with an ellipsis, and
 * only then does the card open the detail: a short answer is already all there (spec §2).
 */
export function FaqList({ leaf }: { leaf: Leaf }) {
  return <PagedArticles leaf={leaf} emptyText="暂无常见问题" grid renderItem={(article) => <FaqCard key={article.articleId} leaf={leaf} article={article} />} />;
}

export function FaqCard({ leaf, article }: { leaf: Leaf; article: HelpArticleSummary }) {
  const summary = faqSummary(article.summary);
  const card = (
    <Card size="small" title={article.title} hoverable={summary.isCut} aria-label={article.title}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>{summary.text}</Typography.Paragraph>
    </Card>
  );
  return (
    <List.Item>
      {summary.isCut ? (
        <Link to={articlePath(leaf, article)} aria-label={`查看${article.title}`} style={{ display: "block", color: "inherit" }}>
          {card}
        </Link>
      ) : (
        card
      )}
    </List.Item>
  );
}
