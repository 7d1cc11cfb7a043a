import { useList, type BaseRecord } from "@refinedev/core";
import { Alert, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { Link } from "react-router";
import { ListFilterBar, listFilterNames } from "../../components/list-filter/list-filter-bar";
import { PaginationBar } from "../../components/pagination/pagination-bar";
import { useClearPageBeyond, useUrlPaging } from "../../components/pagination/use-url-paging";
import { useTableMaxHeight } from "../../components/use-table-max-height";
import { describeFields, formatFieldValue } from "../../resources/field-meta";
import type { SectionDefinition } from "../../resources/types";
import { isPageOpen } from "../../resources/availability";
import { FeaturePending } from "./feature-pending";
import { recordHref, recordPageBelow } from "./record-links";
import { SectionPageFrame } from "./section-page-frame";
import type { SectionPageProps } from "../../resources/derive";

/** The dataList kind: the section's records, paged and filtered in the URL, with a link to each record's page. */
export default function DataListPage({ route }: SectionPageProps) {
  const { section } = route;
  const isReady = isPageOpen(section, route.page);
  return <SectionPageFrame route={route}>{isReady ? <RecordList route={route} /> : <FeaturePending route={route} />}</SectionPageFrame>;
}

function RecordList({ route }: SectionPageProps) {
  const { section } = route;
  const paging = useUrlPaging(listFilterNames(section.filters ?? []));
  const { pageNumber, pageSize, filters } = paging;
  const { result, query } = useList<BaseRecord>({
    resource: route.resource,
    pagination: { currentPage: pageNumber, pageSize, mode: "server" },
    filters: Object.entries(filters).map(([field, value]) => ({ field, operator: "eq" as const, value })),
    meta: { endpoints: section.endpoints },
  });
  const total = result.total;
  useClearPageBeyond(paging, total === undefined ? undefined : Math.ceil(total / pageSize));
  const maxHeight = useTableMaxHeight(true);

  return (
    <>
      {section.filters && section.filters.length > 0 && <ListFilterBar filters={section.filters} values={filters} onApply={paging.setFilters} />}
      {query.error && <Alert type="error" showIcon message={query.error.message} style={{ marginBottom: 16 }} />}
      <Table<BaseRecord>
        rowKey={(record) => String(record[section.idParam ?? "id"])}
        columns={recordColumns(route)}
        dataSource={result.data}
        loading={query.isFetching}
        locale={{ emptyText: "暂无数据" }}
        pagination={false}
        scroll={{ y: maxHeight, x: "max-content" }}
      />
      <PaginationBar pageNumber={pageNumber} pageSize={pageSize} total={total ?? 0} onChange={paging.setPaging} />
    </>
  );
}

function recordColumns(route: SectionPageProps["route"]): ColumnsType<BaseRecord> {
  const section: SectionDefinition = route.section;
  const fields = describeFields(section.record!, section.columns);
  const columns: ColumnsType<BaseRecord> = fields.map((field) => ({
    key: field.name,
    title: field.label,
    dataIndex: field.name,
    render: (value: unknown) => formatFieldValue(field, value),
  }));
  const recordPage = recordPageBelow(route);
  if (!recordPage) return columns;
  const idField = section.idParam ?? "id";
  return [
    ...columns,
    {
      key: "actions",
      title: "操作",
      fixed: "right",
      render: (_value: unknown, record: BaseRecord) => <Link to={recordHref(route, recordPage, String(record[idField]))}>查看{recordPage.title}</Link>,
    },
  ];
}
