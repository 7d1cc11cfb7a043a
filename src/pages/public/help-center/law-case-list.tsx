import { List, Typography } from "antd";
import { Link } from "react-router";
import { helpCenterPath } from "../../../app/public-page-paths";
import { listFilterNames, ListFilterBar } from "../../../components/list-filter/list-filter-bar";
import type { ListFilter } from "../../../resources/types";
import { DICT_GROUPS, HELP_CENTER_ENDPOINTS, type DictGroup, type LawCaseFilter } from "../../../schema/help-center";
import { getRegionTree } from "../../../schema/regions";
import { useAnsweredQuery } from "./help-queries";
import { PagedArticles, type Leaf } from "./help-article-lists";

const PROVINCE_OPTIONS = getRegionTree().map((province) => ({ value: province.id, label: province.name }));

/** The dictionary of a group (getDictData) as select options; none until it has arrived. */
function useDictOptions(group: DictGroup) {
  const { datas } = useAnsweredQuery(HELP_CENTER_ENDPOINTS.getDictData, { typeGroupCode: group }, { staleTime: Infinity });
  return (datas ?? []).map((entry) => ({ value: entry.typecode, label: entry.typename }));
}

/**
 * HLLAWCASE: law cases with the filters of spec §2 (judgment date range, 取证渠道, 地区, 案件类型,
 * 关键词), kept in the URL with the page; the list shows title, court, case number and date.
 */
export function LawCaseList({ leaf }: { leaf: Leaf }) {
  const filters: readonly ListFilter[] = [
    { kind: "dateRange", start: "startTime", stop: "endTime", label: "裁判日期" },
    { kind: "select", field: "evidenceChannelId", label: DICT_GROUPS.eviChannel, placeholder: DICT_GROUPS.eviChannel, options: useDictOptions("eviChannel") },
    { kind: "select", field: "caseType", label: DICT_GROUPS.eviScene, placeholder: DICT_GROUPS.eviScene, options: useDictOptions("eviScene") },
    { kind: "select", field: "area", label: "地区", placeholder: "地区", options: PROVINCE_OPTIONS },
    { kind: "keyword", field: "keyName", label: "关键词", placeholder: "标题、法院、案号或正文", maxLength: 50 },
  ];
  const names = listFilterNames(filters) as (keyof LawCaseFilter)[];
  return (
    <PagedArticles
      leaf={leaf}
      filterNames={names}
      header={(paging) => <ListFilterBar filters={filters} values={paging.filters} onApply={(values) => paging.setFilters(values)} />}
      emptyText="暂无符合条件的案例"
      renderItem={(article) => (
        <List.Item key={article.articleId} extra={<Typography.Text type="secondary">{article.time}</Typography.Text>}>
          <List.Item.Meta
            title={<Link to={helpCenterPath({ code: leaf.code, menuId: leaf.id, articleId: article.articleId })}>{article.title}</Link>}
            description={
              <>
                <span>{article.courtName}</span>
                <span style={{ marginInlineStart: 16 }}>{article.caseNo}</span>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
