import { useList } from "@refinedev/core";
import { Alert, Button, Descriptions, Modal, Result, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { PaginationBar } from "../../components/pagination/pagination-bar";
import { useUrlPaging } from "../../components/pagination/use-url-paging";
import { EVIDENCE_ENDPOINTS, type EvidenceRecordView } from "../../schema/evidence";
import { formatDateTime, formatFileSize } from "../../schema/format";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { EvidenceForm } from "./evidence-form";
import { AFFAIR_CHILDREN_FORM } from "./evidence-form-config";
import { useEvidenceRoute, withId } from "./evidence-route";
import { EvidenceStatusTag } from "./evidence-status-tag";
import { useEvidenceRecord } from "./use-evidence-record";

/**
 * /evidenceSave/affairEvidence/dataList/childDataList?id=<affair>: the affair and its child
 * evidences, each with its own time and certificate; more children can be added here at any time
 * (the affair's own certificate keeps what it covered when it was created).
 */
export default function AffairChildListPage() {
  const evidence = useEvidenceRoute();
  const { id, record: affair, query } = useEvidenceRecord(evidence);
  const [isAdding, setAdding] = useState(false);
  const list = evidence.pathOf("dataList");
  const back = list && <Link to={list}>返回存证列表</Link>;
  const childResource = `${evidence.route.resource}/children`;
  const canAdd = affair?.kind === "affair" && affair.status === "stored";
  const add = canAdd && (
    <Button type="primary" onClick={() => setAdding(true)}>
      追加子存证
    </Button>
  );
  return (
    <SectionPageFrame
      route={evidence.route}
      extra={
        <Space>
          {add}
          {back}
        </Space>
      }
    >
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
                { key: "count", label: "子存证数", children: childCountText(affair) },
              ]}
            />
          )}
          <ChildTable parentId={id} resource={childResource} certificatePath={evidence.pathOf("dataList/childDataList/Certificate")} />
          {affair && (
            <Modal title={`向“${affair.name}”追加子存证`} open={isAdding} onCancel={() => setAdding(false)} footer={null} destroyOnHidden width={640}>
              <EvidenceForm
                kind="affair"
                resource={childResource}
                variant={{ config: AFFAIR_CHILDREN_FORM, create: EVIDENCE_ENDPOINTS.addAffairChildren, fixedValues: { parentId: affair.id } }}
                onStored={() => {
                  setAdding(false);
                  void query.refetch();
                }}
              />
            </Modal>
          )}
        </>
      )}
    </SectionPageFrame>
  );
}

/** Now and at creation: the affair's own certificate covers the children it had when it was created. */
function childCountText(affair: EvidenceRecordView): string {
  const now = affair.childCount ?? 0;
  const atCreation = typeof affair.details.childCount === "number" ? affair.details.childCount : now;
  return now === atCreation ? `${now} 条` : `${now} 条（创建时 ${atCreation} 条，其后追加 ${now - atCreation} 条）`;
}

function ChildTable({ parentId, resource, certificatePath }: { parentId: string; resource: string; certificatePath?: string }) {
  const paging = useUrlPaging([]);
  const { result, query } = useList<EvidenceRecordView>({
    resource,
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
          {
            key: "name",
            title: "文件名称",
            dataIndex: "name",
            render: (name: string, child) => (
              <>
                {name}
                {child.details.addedLater === true && (
                  <Tag color="blue" style={{ marginLeft: 8 }}>
                    事务创建后追加
                  </Tag>
                )}
              </>
            ),
          },
          { key: "size", title: "大小", dataIndex: "size", render: (size: number) => formatFileSize(size) },
          { key: "time", title: "存证时间", dataIndex: "createTime", render: (time: number) => formatDateTime(time) },
          { key: "status", title: "状态", dataIndex: "status", render: (status: EvidenceRecordView["status"]) => <EvidenceStatusTag status={status} /> },
          { key: "no", title: "证书编号", dataIndex: "certificateNo", render: (no: string) => <Typography.Text copyable>{no}</Typography.Text> },
          { key: "actions", title: "操作", render: (_: unknown, child) => certificatePath && child.status === "stored" && <Link to={withId(certificatePath, child.id)}>查看证书</Link> },
        ]}
      />
      <PaginationBar pageNumber={paging.pageNumber} pageSize={paging.pageSize} total={result.total ?? 0} onChange={paging.setPaging} />
    </>
  );
}
