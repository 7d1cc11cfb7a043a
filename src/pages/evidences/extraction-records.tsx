import { useList } from "@refinedev/core";
import { Alert, App, Button, Popconfirm, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { PaginationBar } from "../../components/pagination/pagination-bar";
import type { EvidenceLibraryClient } from "../../providers/evidence-library-client";
import { EVIDENCE_LIBRARY_ENDPOINTS, EXTRACTION_STATUS_LABELS, type Extraction } from "../../schema/evidence-library";
import { useState } from "react";
import { formatDateTime } from "../../schema/format";

const STATUS_COLOURS: Record<Extraction["status"], string> = { active: "green", expired: "default", revoked: "red" };

/** The holder's extraction codes with their state, logins and a way to end one early. */
export function ExtractionRecords({ client, refreshKey }: { client: EvidenceLibraryClient; refreshKey: number }) {
  const { message } = App.useApp();
  const [paging, setPaging] = useState({ pageNumber: 1, pageSize: 10 });
  const { result, query } = useList<Extraction>({
    resource: "evidences/evidenceExtract",
    pagination: { currentPage: paging.pageNumber, pageSize: paging.pageSize, mode: "server" },
    meta: { endpoints: { list: EVIDENCE_LIBRARY_ENDPOINTS.extractionList }, refreshKey },
  });

  async function revoke(extraction: Extraction) {
    try {
      await client.revokeExtraction(extraction.id);
      message.success(`提取 ${extraction.extractNo} 已撤销`);
    } catch (error) {
      message.error((error as Error).message);
    }
    await query.refetch();
  }

  const columns: ColumnsType<Extraction> = [
    { key: "extractNo", title: "提取编号", dataIndex: "extractNo", width: 120 },
    { key: "remark", title: "用途说明", dataIndex: "remark", ellipsis: true, render: (remark: string) => remark || "—" },
    { key: "itemCount", title: "证据数", dataIndex: "itemCount", width: 80 },
    { key: "createdAt", title: "创建时间", dataIndex: "createdAt", width: 170, render: formatDateTime },
    { key: "expiresAt", title: "有效期至", dataIndex: "expiresAt", width: 170, render: formatDateTime },
    { key: "loginCount", title: "登录次数", dataIndex: "loginCount", width: 90 },
    { key: "status", title: "状态", dataIndex: "status", width: 90, render: (status: Extraction["status"]) => <Tag color={STATUS_COLOURS[status]}>{EXTRACTION_STATUS_LABELS[status]}</Tag> },
    {
      key: "actions",
      title: "操作",
      width: 90,
      render: (_value, extraction) =>
        extraction.status === "active" ? (
          <Popconfirm title="撤销后提取码立即失效，确定撤销？" okText="撤销" cancelText="取消" onConfirm={() => revoke(extraction)}>
            <Button type="link" danger size="small">
              撤销
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <>
      {query.error && <Alert type="error" showIcon message={query.error.message} style={{ marginBottom: 16 }} />}
      <Table<Extraction> rowKey="id" columns={columns} dataSource={result.data} loading={query.isFetching} locale={{ emptyText: "暂无提取记录" }} pagination={false} scroll={{ x: 900 }} />
      <PaginationBar pageNumber={paging.pageNumber} pageSize={paging.pageSize} total={result.total ?? 0} onChange={(pageNumber, pageSize) => setPaging({ pageNumber, pageSize })} />
    </>
  );
}
