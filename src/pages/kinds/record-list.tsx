import { useInvalidate, useList } from "@refinedev/core";
import type { ProColumns } from "@ant-design/pro-components";
import { Alert, Result, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { ListFilterBar, listFilterNames } from "../../components/list-filter/list-filter-bar";
import { PaginationBar } from "../../components/pagination/pagination-bar";
import { useClearPageBeyond } from "../../components/pagination/use-url-paging";
import { useTableMaxHeight } from "../../components/use-table-max-height";
import type { SectionRoute } from "../../resources/derive";
import { describeFields } from "../../resources/field-meta";
import type { ListRecord, PageSlots, SectionData } from "../../resources/types";
import { fieldColumns } from "./field-cell";
import { recordHref, recordPageBelow } from "./record-links";
import { RecordTable, type RowSelection } from "./record-table";
import { useListPaging } from "./use-list-paging";

const SETTLING_REFRESH_MS = 2000;

export interface RecordListProps {
  route: SectionRoute;
  /** The records, columns, filters and calls (the page's data over its section's). */
  data: SectionData;
  slots?: PageSlots;
  /** Rows can be chosen: the chosen ids (kept across pages), and the buttons acting on them. */
  selection?: RowSelection & { actions?: ReactNode };
  /** Paging kept in the page's state rather than the URL (a second list on one page). */
  isPagedLocally?: boolean;
}

/** The list of the dataList kind: the filter bar, the records of the current page (ProTable), the paging widget. */
export function RecordList({ route, data, slots = {}, selection, isPagedLocally = false }: RecordListProps) {
  const [params] = useSearchParams();
  const scopeId = data.scope ? (params.get(data.scope.from) ?? "") : undefined;
  if (data.scope && scopeId === "") return <Result status="warning" title={`未指定要查看的${data.scope.label}`} />;
  return <ScopedList route={route} data={data} slots={slots} selection={selection} isPagedLocally={isPagedLocally} scopeId={scopeId} />;
}

function ScopedList({ route, data, slots = {}, selection, isPagedLocally, scopeId }: RecordListProps & { scopeId?: string }) {
  const filters = data.filters ?? [];
  const paging = useListPaging(listFilterNames(filters), isPagedLocally);
  const { pageNumber, pageSize } = paging;
  const { result, query } = useList<ListRecord>({
    resource: route.resource,
    pagination: { currentPage: pageNumber, pageSize, mode: "server" },
    filters: Object.entries(paging.filters).map(([field, value]) => ({ field, operator: "eq" as const, value })),
    meta: { endpoints: data.endpoints, query: { ...data.fixedParams, ...(data.scope && scopeId ? { [data.scope.param]: scopeId } : {}) } },
    queryOptions: slots.isSettling && {
      refetchInterval: (latest) => (latest.state.data?.data.some(slots.isSettling!) ? SETTLING_REFRESH_MS : false),
    },
  });
  const total = result.total;
  useClearPageBeyond(paging, total === undefined ? undefined : Math.ceil(total / pageSize));
  const invalidate = useInvalidate();
  const refresh = () => void invalidate({ resource: route.resource, invalidates: ["resourceAll"] });
  const maxHeight = useTableMaxHeight(true);

  return (
    <>
      {filters.length > 0 && <ListFilterBar filters={filters} values={paging.filters} onApply={paging.setFilters} />}
      {query.error && <Alert type="error" showIcon message={query.error.message} style={{ marginBottom: 16 }} />}
      {selection && (
        <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8, marginBottom: 12, minHeight: 32 }}>
          <Typography.Text type="secondary">已选择 {selection.selected.length} 条</Typography.Text>
          {selection.actions && <Space wrap>{selection.actions}</Space>}
        </div>
      )}
      <RecordTable
        rowKey={data.idParam ?? "id"}
        columns={listColumns(route, data, slots, refresh)}
        records={result.data}
        // A background refresh (a pending record settling) keeps the rows on screen.
        loading={query.isLoading}
        emptyText={data.emptyText}
        selection={selection}
        scroll={{ y: maxHeight, x: "max-content" }}
      />
      <PaginationBar pageNumber={pageNumber} pageSize={pageSize} total={total ?? 0} onChange={paging.setPaging} showTotal />
    </>
  );
}

/** The record's fields, then its actions: the section's own, or a link to the record's page below the list. */
function listColumns(route: SectionRoute, data: SectionData, slots: PageSlots, refresh: () => void): ProColumns<ListRecord>[] {
  const columns = fieldColumns(describeFields(data.record!, data.columns), slots.cells);
  const RowActions = slots.rowActions;
  const recordPage = recordPageBelow(route);
  const idField = data.idParam ?? "id";
  const render = RowActions
    ? (record: ListRecord) => <RowActions route={route} record={record} refresh={refresh} />
    : recordPage && ((record: ListRecord) => <Link to={recordHref(route, recordPage, String(record[idField]))}>查看{recordPage.title}</Link>);
  if (!render) return columns;
  return [...columns, { key: "actions", title: "操作", fixed: "right", render: (_dom, record) => render(record) }];
}
