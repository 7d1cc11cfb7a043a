import { Alert, Button, Card, Descriptions, Select, Space } from "antd";
import { useState } from "react";
import { PaginationBar } from "../../../components/pagination/pagination-bar";
import { useEndpointQuery } from "../../../providers/use-endpoint";
import { describeFields } from "../../../resources/field-meta";
import type { ListRecord } from "../../../resources/types";
import { COMMISSION_STATE_LABELS, COMMISSION_STATES, CommissionRowSchema, EXPERT_ENDPOINTS, type CommissionState, type ExpertProfile } from "../../../schema/judicial-expert";
import { DEFAULT_PAGE_SIZE } from "../../../schema/paging";
import { fieldColumns } from "../../kinds/field-cell";
import { RecordTable } from "../../kinds/record-table";
import { CommissionDrawer } from "./commission-drawer";

const COLUMNS = fieldColumns(describeFields(CommissionRowSchema, ["commissionNo", "applicantName", "matters", "evidenceCount", "feeFen", "state", "createTime"]));

/**
 * An institution's desk on /judicialStatus: the institution, its commissions (by state, paged) and,
 * for the one being handled, its drawer.
 */
export function ExpertWorkspace({ profile }: { profile: ExpertProfile }) {
  const [state, setState] = useState<CommissionState | undefined>(undefined);
  const [paging, setPaging] = useState({ pageNumber: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useEndpointQuery(EXPERT_ENDPOINTS.list, { ...paging, ...(state ? { state } : {}) });
  const institution = profile.institution!;
  const page = list.datas;
  const columns = [
    ...COLUMNS,
    {
      key: "actions",
      title: "操作",
      render: (_dom: unknown, record: ListRecord) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpenId(Number(record.id))}>
          办理
        </Button>
      ),
    },
  ];
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Card size="small" title="所属鉴定机构">
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="鉴定机构">{institution.name}</Descriptions.Item>
          <Descriptions.Item label="鉴定人">{profile.expertName}</Descriptions.Item>
          <Descriptions.Item label="许可证号">{institution.licenseNo}</Descriptions.Item>
          <Descriptions.Item label="业务范围">{institution.scope}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        title={<h2 style={{ margin: 0, fontSize: 18 }}>本机构的鉴定委托</h2>}
        extra={
          <Select
            aria-label="委托状态"
            allowClear
            placeholder="全部状态"
            style={{ width: 160 }}
            value={state}
            onChange={(value?: CommissionState) => {
              setState(value);
              setPaging((current) => ({ ...current, pageNumber: 1 }));
            }}
            options={COMMISSION_STATES.map((value) => ({ value, label: COMMISSION_STATE_LABELS[value] }))}
          />
        }
      >
        {list.query.error && <Alert type="error" showIcon message={list.query.error.message} style={{ marginBottom: 16 }} />}
        <RecordTable rowKey="id" columns={columns} records={(page?.list ?? []) as unknown as ListRecord[]} loading={list.query.isLoading} emptyText="暂无鉴定委托" scroll={{ x: "max-content" }} />
        <PaginationBar pageNumber={paging.pageNumber} pageSize={paging.pageSize} total={page?.totalRow ?? 0} onChange={(pageNumber, pageSize) => setPaging({ pageNumber, pageSize: pageSize as typeof paging.pageSize })} showTotal />
      </Card>
      {openId !== null && <CommissionDrawer id={openId} onClose={() => setOpenId(null)} onChanged={() => void list.query.refetch()} />}
    </Space>
  );
}
