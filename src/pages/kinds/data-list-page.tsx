import { useList, type BaseRecord } from "@refinedev/core";
import { Alert, Input, Space, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { Link } from "react-router";
import { DateRangeFilter } from "../../components/date-range/date-range-filter";
import { PaginationBar } from "../../components/pagination/pagination-bar";
import { useClearPageBeyond, useUrlPaging } from "../../components/pagination/use-url-paging";
import { useTableMaxHeight } from "../../components/use-table-max-height";
import { describeFields, formatFieldValue } from "../../resources/field-meta";
import type { ListFilter, SectionDefinition } from "../../resources/types";
import { FeaturePending } from "./feature-pending";
import { recordHref, recordPageBelow } from "./record-links";
import { SectionPageFrame } from "./section-page-frame";
import type { SectionPageProps } from "./section-page-props";

/** The dataList kind: the section's records, paged and filtered in the URL, with a link to each record's page. */
export default function DataListPage({ route }: SectionPageProps) {
  const { section } = route;
  const isReady = Boolean(section.endpoints?.list && section.record);
  return <SectionPageFrame route={route}>{isReady ? <RecordList route={route} /> : <FeaturePending route={route} />}</SectionPageFrame>;
}

/** URL parameter names of a section's filters, in order. */
function filterNames(filters: readonly ListFilter[] = []): string[] {
  return filters.flatMap((filter) => (filter.kind === "dateRange" ? [filter.start, filter.stop] : [filter.field]));
}

function RecordList({ route }: SectionPageProps) {
  const { section } = route;
  const paging = useUrlPaging(filterNames(section.filters));
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
      {section.filters && section.filters.length > 0 && (
        <Space wrap align="start" style={{ marginBottom: 16 }}>
          {section.filters.map((filter) =>
            filter.kind === "dateRange" ? (
              <DateRangeFilter
                key={filter.start}
                label={filter.label}
                value={{ start: filters[filter.start] ?? "", stop: filters[filter.stop] ?? "" }}
                onApply={({ start, stop }) => paging.setFilters({ [filter.start]: start, [filter.stop]: stop })}
              />
            ) : (
              <Input.Search
                key={filter.field}
                allowClear
                aria-label={filter.label}
                placeholder={filter.label}
                defaultValue={filters[filter.field]}
                maxLength={filter.maxLength}
                onSearch={(value) => paging.setFilter(filter.field, value.trim())}
                style={{ width: 240 }}
              />
            ),
          )}
        </Space>
      )}
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
