import { useList } from "@refinedev/core";
import { Alert, Space, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ListFilterBar, listFilterNames } from "../../components/list-filter/list-filter-bar";
import { PaginationBar } from "../../components/pagination/pagination-bar";
import { useClearPageBeyond, useUrlPaging } from "../../components/pagination/use-url-paging";
import { useTableMaxHeight } from "../../components/use-table-max-height";
import type { ListFilter } from "../../resources/types";
import { EVIDENCE_KIND_LABELS, EVIDENCE_NAME_MAX } from "../../schema/evidence";
import { EVIDENCE_KINDS } from "../../schema/evidence-entry";
import { EVIDENCE_LIBRARY_ENDPOINTS, type LibraryEvidence } from "../../schema/evidence-library";
import { formatDateTime, formatFileSize } from "../../schema/format";
import { EVIDENCES_PATHS } from "./evidence-paths";

const FILTERS: readonly ListFilter[] = [
  { kind: "select", field: "kind", label: "证据类型", placeholder: "全部类型", options: EVIDENCE_KINDS.map((kind) => ({ value: kind, label: EVIDENCE_KIND_LABELS[kind] })) },
  { kind: "keyword", field: "keyName", label: "证据名称", maxLength: EVIDENCE_NAME_MAX, width: 220 },
  { kind: "dateRange", start: "startTime", stop: "endTime", label: "存证时间" },
];
const FILTER_NAMES = listFilterNames(FILTERS);
/** The resource the access-control provider knows the library by. */
const RESOURCE = "evidences/dataList";
const META = { endpoints: { list: EVIDENCE_LIBRARY_ENDPOINTS.list } };

export interface EvidenceTableProps {
  /** Chosen ids, kept across pages and filters. */
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  /** Buttons that act on the selection, beside the filters. */
  actions?: ReactNode;
}

/**
 * All the holder's evidence across types (spec §2 /evidences dataList), filtered by type, name and
 * date range in the URL (spec §5), with a selection the library's actions work on.
 */
export function EvidenceTable({ selected, onSelect, actions }: EvidenceTableProps) {
  const paging = useUrlPaging(FILTER_NAMES);
  const { pageNumber, pageSize, filters } = paging;
  const { result, query } = useList<LibraryEvidence>({
    resource: RESOURCE,
    pagination: { currentPage: pageNumber, pageSize, mode: "server" },
    filters: FILTER_NAMES.map((field) => ({ field, operator: "eq" as const, value: filters[field] })),
    meta: META,
  });
  const total = result.total;
  useClearPageBeyond(paging, total === undefined ? undefined : Math.ceil(total / pageSize));
  const maxHeight = useTableMaxHeight(true);

  return (
    <>
      <ListFilterBar filters={FILTERS} values={filters} onApply={paging.setFilters} />
      {query.error && <Alert type="error" showIcon message={query.error.message} style={{ marginBottom: 16 }} />}
      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8, marginBottom: 12, minHeight: 32 }}>
        <Typography.Text type="secondary">已选择 {selected.length} 条</Typography.Text>
        {actions && <Space wrap>{actions}</Space>}
      </div>
      <Table<LibraryEvidence>
        rowKey="id"
        columns={COLUMNS}
        dataSource={result.data}
        loading={query.isFetching}
        locale={{ emptyText: "暂无数据" }}
        pagination={false}
        scroll={{ y: maxHeight, x: 1040 }}
        rowSelection={{
          selectedRowKeys: [...selected],
          preserveSelectedRowKeys: true,
          onChange: (keys) => onSelect(keys.map(Number)),
        }}
      />
      <PaginationBar pageNumber={pageNumber} pageSize={pageSize} total={total ?? 0} onChange={paging.setPaging} />
    </>
  );
}

const COLUMNS: ColumnsType<LibraryEvidence> = [
  { key: "name", title: "证据名称", dataIndex: "name", ellipsis: true },
  { key: "kind", title: "证据类型", dataIndex: "kind", width: 120, render: (kind: LibraryEvidence["kind"]) => EVIDENCE_KIND_LABELS[kind] },
  {
    key: "certificateNo",
    title: "证书编号",
    dataIndex: "certificateNo",
    width: 270,
    render: (no: string) => (
      <Typography.Text copyable style={{ fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: 13, whiteSpace: "nowrap" }}>
        {no}
      </Typography.Text>
    ),
  },
  { key: "size", title: "大小", dataIndex: "size", width: 100, render: (size: number) => formatFileSize(size) },
  { key: "createTime", title: "存证时间", dataIndex: "createTime", width: 170, render: (time: number) => formatDateTime(time) },
  {
    key: "actions",
    title: "操作",
    width: 170,
    fixed: "right",
    render: (_value, record) => (
      <Space size={12}>
        <Link to={`${EVIDENCES_PATHS.certificate}?id=${record.id}`}>查看证书</Link>
        <Link to={`${EVIDENCES_PATHS.evidenceSaveInfo}?id=${record.id}`}>存证信息</Link>
      </Space>
    ),
  },
];
