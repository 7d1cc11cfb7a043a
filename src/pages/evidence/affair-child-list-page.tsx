import { useList } from "@refinedev/core";
import { Alert, Descriptions, Result, Table, Typography } from "antd";
import { Link } from "react-router";
import { PaginationBar } from "../../components/pagination/pagination-bar";
import { useUrlPaging } from "../../components/pagination/use-url-paging";
import { EVIDENCE_ENDPOINTS, type EvidenceRecordView } from "../../schema/evidence";
import { formatDateTime, formatFileSize } from "../../schema/format";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { useEvidenceRoute, withId } from "./evidence-route";
import { EvidenceStatusTag } from "./evidence-status-tag";
import { useEvidenceRecord } from "./use-evidence-record";

/** /evidenceSave/affairEvidence/dataList/childDataList?id=<affair>: the affair and its child evidences, each with its certificate. */
export default function AffairChildListPage() {
  const evidence = useEvidenceRoute();
  const { id, record: affair, query } = useEvidenceRecord(evidence);
  const list = evidence.pathOf("dataList");
  const back = list && <Link to={list}>返回存证列表</Link>;
  return (
    <SectionPageFrame route={evidence.route} extra={back}>
      {id === "" ? (
        <Result status="warning" title="未指定要查看的事务" extra={back} />
      ) : query.error ? (
        <Alert type="error" showIcon message={query.error.message} />
      ) : (
        <>
          {affair && (
            <Descriptions
              size="small"
              bordered
              column={2}
              style={{ marginBottom: 16 }}
              items={[
                { key: "name", label: "事务名称", children: affair.name },
                { key: "no", label: "事务证书编号", children: affair.certificateNo },
                { key: "time", label: "存证时间", children: formatDateTime(affair.createTime) },
                { key: "count", label: "子存证数", children: affair.childCount },
              ]}
            />
          )}
          <ChildTable parentId={id} resource={evidence.route.resource} certificatePath={evidence.pathOf("dataList/childDataList/Certificate")} />
        </>
      )}
    </SectionPageFrame>
  );
}

function ChildTable({ parentId, resource, certificatePath }: { parentId: string; resource: string; certificatePath?: string }) {
  const paging = useUrlPaging([]);
  const { result, query } = useList<EvidenceRecordView>({
    resource: `${resource}/children`,
    pagination: { currentPage: paging.pageNumber, pageSize: paging.pageSize, mode: "server" },
    meta: { endpoints: { list: EVIDENCE_ENDPOINTS.affairChildList }, query: { parentId } },
  });
  return (
    <>
      <Table<EvidenceRecordView>
        rowKey="id"
        dataSource={result.data}
        loading={query.isFetching}
        pagination={false}
        locale={{ emptyText: "暂无数据" }}
        columns={[
          { key: "name", title: "文件名称", dataIndex: "name" },
          { key: "size", title: "大小", dataIndex: "size", render: (size: number) => formatFileSize(size) },
          { key: "status", title: "状态", dataIndex: "status", render: (status: EvidenceRecordView["status"]) => <EvidenceStatusTag status={status} /> },
          { key: "no", title: "证书编号", dataIndex: "certificateNo", render: (no: string) => <Typography.Text copyable>{no}</Typography.Text> },
          { key: "actions", title: "操作", render: (_: unknown, child) => certificatePath && child.status === "stored" && <Link to={withId(certificatePath, child.id)}>查看证书</Link> },
        ]}
      />
      <PaginationBar pageNumber={paging.pageNumber} pageSize={paging.pageSize} total={result.total ?? 0} onChange={paging.setPaging} />
    </>
  );
}
