import { useDelete, useList } from "@refinedev/core";
import { Alert, App, Button, Modal, Popconfirm, Space, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ListFilterBar, listFilterNames } from "../../components/list-filter/list-filter-bar";
import { PaginationBar } from "../../components/pagination/pagination-bar";
import { useClearPageBeyond, useUrlPaging } from "../../components/pagination/use-url-paging";
import { useTableMaxHeight } from "../../components/use-table-max-height";
import type { ListFilter } from "../../resources/types";
import { EVIDENCE_KIND_LABELS, EVIDENCE_NAME_MAX, type EvidenceRecordView } from "../../schema/evidence";
import { formatDateTime, formatFileSize } from "../../schema/format";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { EvidenceForm } from "./evidence-form";
import { useEvidenceRoute, withId, type EvidenceRoute } from "./evidence-route";
import { EvidenceStatusTag } from "./evidence-status-tag";

const FILTERS: readonly ListFilter[] = [
  { kind: "keyword", field: "keyName", label: "存证名称", maxLength: EVIDENCE_NAME_MAX },
  { kind: "dateRange", start: "startTime", stop: "endTime", label: "存证时间" },
];
const FILTER_NAMES = listFilterNames(FILTERS);

/**
 * The holder's evidence of one kind (/evidenceSave/<kind>/dataList, /rights/<kind>/dataList): status,
 * certificate number and the certificate of each; storing new evidence starts here (evidenceSave
 * has no "new" page in the spec) or on the rights section's "new" page; deleting hides a record.
 */
export default function EvidenceListPage() {
  const evidence = useEvidenceRoute();
  const { route, kind } = evidence;
  const navigate = useNavigate();
  const [isCreating, setCreating] = useState(false);
  const newPage = evidence.pathOf("new");
  const createLabel = `新建${EVIDENCE_KIND_LABELS[kind]}`;
  const create = (
    <Button type="primary" onClick={() => (newPage ? navigate(newPage) : setCreating(true))}>
      {createLabel}
    </Button>
  );
  return (
    <SectionPageFrame route={route} extra={create}>
      <EvidenceTable evidence={evidence} />
      <Modal title={createLabel} open={isCreating} onCancel={() => setCreating(false)} footer={null} destroyOnHidden width={640}>
        <EvidenceForm kind={kind} resource={route.resource} onStored={() => setCreating(false)} />
      </Modal>
    </SectionPageFrame>
  );
}

function EvidenceTable({ evidence }: { evidence: EvidenceRoute }) {
  const { route, endpoints } = evidence;
  const paging = useUrlPaging(FILTER_NAMES);
  const { pageNumber, pageSize, filters } = paging;
  const { result, query } = useList<EvidenceRecordView>({
    resource: route.resource,
    pagination: { currentPage: pageNumber, pageSize, mode: "server" },
    filters: Object.entries(filters).map(([field, value]) => ({ field, operator: "eq" as const, value })),
    meta: { endpoints },
    // A record still pending (its block not yet signed) turns stored within a second or two.
    queryOptions: { refetchInterval: (latest) => (latest.state.data?.data.some((record) => record.status === "pending") ? 2000 : false) },
  });
  useClearPageBeyond(paging, result.total === undefined ? undefined : Math.ceil(result.total / pageSize));
  const maxHeight = useTableMaxHeight(true);
  return (
    <>
      <ListFilterBar filters={FILTERS} values={filters} onApply={paging.setFilters} />
      {query.error && <Alert type="error" showIcon message={query.error.message} style={{ marginBottom: 16 }} />}
      <Table<EvidenceRecordView>
        rowKey="id"
        columns={useColumns(evidence)}
        dataSource={result.data}
        loading={query.isFetching && !result.data.length}
        locale={{ emptyText: "暂无数据" }}
        pagination={false}
        scroll={{ y: maxHeight, x: "max-content" }}
      />
      <PaginationBar pageNumber={pageNumber} pageSize={pageSize} total={result.total ?? 0} onChange={paging.setPaging} />
    </>
  );
}

function useColumns(evidence: EvidenceRoute): ColumnsType<EvidenceRecordView> {
  const { route, kind, endpoints } = evidence;
  const { mutateAsync: remove } = useDelete();
  const { message } = App.useApp();
  const certificate = evidence.pathOf("dataList/Certificate");
  const children = evidence.pathOf("dataList/childDataList");
  const apply = evidence.pathOf("dataList/ApplyCertificateProcess");
  const notice = evidence.pathOf("dataList/NoticeCertificate");
  return [
    { key: "name", title: "存证名称", dataIndex: "name", render: (name: string) => <Typography.Text ellipsis style={{ maxWidth: 240 }}>{name}</Typography.Text> },
    { key: "size", title: kind === "affair" ? "子存证数" : "大小", render: (_: unknown, record) => (kind === "affair" ? (record.childCount ?? 0) : formatFileSize(record.size)) },
    { key: "status", title: "状态", dataIndex: "status", render: (status: EvidenceRecordView["status"]) => <EvidenceStatusTag status={status} /> },
    { key: "createTime", title: "存证时间", dataIndex: "createTime", render: (time: number) => formatDateTime(time) },
    { key: "certificateNo", title: "证书编号", dataIndex: "certificateNo", render: (no: string) => <Typography.Text copyable>{no}</Typography.Text> },
    {
      key: "actions",
      title: "操作",
      fixed: "right",
      render: (_: unknown, record) => (
        <Space size="small" wrap>
          {record.status === "stored" && certificate && <Link to={withId(certificate, record.id)}>查看证书</Link>}
          {children && <Link to={withId(children, record.id)}>子存证</Link>}
          {notice && record.status === "stored" && <Link to={withId(notice, record.id)}>存证告知书</Link>}
          {apply && record.status === "stored" && !record.hasContent && <Link to={withId(apply, record.id)}>申请出证</Link>}
          <Popconfirm
            title="删除后该记录不再显示在列表中，账本中的存证记录仍永久保留，证书仍可公开核验。确定删除？"
            okText="删除"
            cancelText="取消"
            onConfirm={async () => {
              try {
                await remove({ resource: route.resource, id: record.id, meta: { endpoints }, successNotification: false, errorNotification: false });
                message.success("已删除");
              } catch (error) {
                message.error((error as Error).message);
              }
            }}
          >
            <Button type="link" size="small" danger style={{ padding: 0 }}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
