import { Alert, Drawer, Input, List, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { helpCenterPath } from "../../../app/public-page-paths";
import { PaginationBar } from "../../../components/pagination/pagination-bar";
import { HELP_CENTER_ENDPOINTS, SEARCH_KEYWORD_MAX, SearchKeywordSchema } from "../../../schema/help-center";
import { DEFAULT_PAGE_SIZE } from "../../../schema/paging";
import { useAnsweredQuery } from "./help-queries";

export const SEARCH_PLACEHOLDER = "输入关键词搜索";

/** The search drawer (spec §2): full-text search over the published help articles, paged; a result opens its article. */
export function HelpSearchDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState("");
  const [search, setSearch] = useState<{ keyName: string; pageNumber: number; pageSize: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { datas, query } = useAnsweredQuery(HELP_CENTER_ENDPOINTS.findArticleLikeKey, search ?? { keyName: "", pageNumber: 1, pageSize: DEFAULT_PAGE_SIZE }, { enabled: search !== null });

  function submit(value: string) {
    const checked = SearchKeywordSchema.safeParse(value);
    if (!checked.success) {
      setProblem(checked.error.issues[0].message);
      return;
    }
    setProblem(null);
    setSearch({ keyName: checked.data, pageNumber: 1, pageSize: search?.pageSize ?? DEFAULT_PAGE_SIZE });
  }

  const page = search ? datas?.pageP : undefined;
  return (
    <Drawer title="搜索帮助文章" open={open} onClose={onClose} width={560}>
      <Input.Search
        aria-label="搜索关键词"
        placeholder={SEARCH_PLACEHOLDER}
        enterButton="搜索"
        maxLength={SEARCH_KEYWORD_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onSearch={submit}
        status={problem ? "error" : undefined}
      />
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
      {search && query.isError && <Alert type="warning" showIcon message={query.error?.message ?? "搜索暂时不可用，请稍后重试。"} style={{ marginTop: 16 }} />}
      {search && !query.isError && (
        <List
          aria-label="搜索结果"
          itemLayout="vertical"
          loading={query.isLoading}
          dataSource={page?.list}
          locale={{ emptyText: `没有找到与“${search.keyName}”相关的文章` }}
          style={{ marginTop: 16 }}
          renderItem={(result) => (
            <List.Item key={result.articleId}>
              <List.Item.Meta
                title={
                  <Link to={helpCenterPath({ code: result.code, menuId: result.menuId, articleId: result.articleId })} onClick={onClose}>
                    {result.title}
                  </Link>
                }
                description={result.nameList.join(" › ")}
              />
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                {result.brief}
              </Typography.Paragraph>
            </List.Item>
          )}
        />
      )}
      {search && page && <PaginationBar pageNumber={search.pageNumber} pageSize={search.pageSize} total={page.totalRow} onChange={(pageNumber, pageSize) => setSearch({ ...search, pageNumber, pageSize })} />}
    </Drawer>
  );
}
