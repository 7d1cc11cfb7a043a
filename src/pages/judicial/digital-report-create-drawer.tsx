import { Alert, Button, Drawer, Form, Input, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useEndpointMutation, useEndpointQuery } from "../../providers/use-endpoint";
import { DIGITAL_REPORT_ENDPOINTS, DIGITAL_REPORT_MAX_ITEMS, DIGITAL_REPORT_NAME_MAX, DIGITAL_REPORT_PURPOSE_MAX, DigitalReportFormSchema } from "../../schema/digital-report";
import { EVIDENCE_KIND_LABELS } from "../../schema/evidence";
import type { EvidenceKind } from "../../schema/evidence-entry";
import { EVIDENCE_LIBRARY_ENDPOINTS, type LibraryEvidence } from "../../schema/evidence-library";
import { formatDateTime } from "../../schema/format";
import { refusalOf } from "../kinds/server-refusal";

const PAGE_SIZE = 10;
const KIND_OPTIONS = Object.entries(EVIDENCE_KIND_LABELS).map(([value, label]) => ({ value: value as EvidenceKind, label }));

/**
 * 生成报告: the holder chooses 1–50 of their stored evidence of any kind from the library (kept
 * across pages and filters), names the report and says what it is for. The form is checked by the
 * contract's schema before it is sent; the server's refusal is shown as it comes.
 */
export function DigitalReportCreateDrawer({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const [selected, setSelected] = useState<number[]>([]);
  const [name, setName] = useState("");
  const [purpose, setPurpose] = useState("");
  const [search, setSearch] = useState<{ keyName?: string; kind?: EvidenceKind; pageNumber: number }>({ pageNumber: 1 });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const evidences = useEndpointQuery(EVIDENCE_LIBRARY_ENDPOINTS.list, { ...search, pageSize: PAGE_SIZE });
  const create = useEndpointMutation(DIGITAL_REPORT_ENDPOINTS.create);
  const page = evidences.datas;
  const isFull = selected.length >= DIGITAL_REPORT_MAX_ITEMS;

  async function submit() {
    setRefusal(null);
    const checked = DigitalReportFormSchema.safeParse({ evidenceIds: selected, name, purpose });
    if (!checked.success) return setRefusal(checked.error.issues[0].message);
    setBusy(true);
    try {
      const report = await create.send(checked.data);
      onCreated(report.id);
    } catch (error) {
      setRefusal(refusalOf(error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Drawer
      open
      width={880}
      title="生成数据检验报告"
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Typography.Text type="secondary">
            已选 {selected.length} / {DIGITAL_REPORT_MAX_ITEMS} 条
          </Typography.Text>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={isBusy} disabled={selected.length === 0} onClick={() => void submit()}>
            {isBusy ? "检验中…" : "生成报告"}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label="报告名称（选填，默认为“数据检验报告”）">
          <Input value={name} maxLength={DIGITAL_REPORT_NAME_MAX} onChange={(event) => setName(event.target.value)} placeholder="例如：某某案证据检验报告" />
        </Form.Item>
        <Form.Item label="用途说明（选填）">
          <Input.TextArea value={purpose} maxLength={DIGITAL_REPORT_PURPOSE_MAX} rows={2} onChange={(event) => setPurpose(event.target.value)} placeholder="例如：提交某某人民法院" />
        </Form.Item>
        <Form.Item label={`选择要检验的证据（1-${DIGITAL_REPORT_MAX_ITEMS} 条，仅限已存证的证据）`} required>
          <Space wrap style={{ marginBottom: 12 }}>
            <Input.Search allowClear placeholder="证据名称" style={{ width: 220 }} onSearch={(value) => setSearch((current) => ({ ...current, keyName: value.trim() || undefined, pageNumber: 1 }))} />
            <Select
              allowClear
              placeholder="全部类型"
              style={{ width: 160 }}
              options={KIND_OPTIONS}
              onChange={(kind: EvidenceKind | undefined) => setSearch((current) => ({ ...current, kind, pageNumber: 1 }))}
            />
          </Space>
          <Table<LibraryEvidence>
            rowKey="id"
            size="small"
            loading={evidences.query.isLoading}
            dataSource={page?.list ?? []}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              hideSelectAll: true,
              onChange: (keys) => setSelected(keys.map(Number)),
              getCheckboxProps: (record) => ({ disabled: record.status !== "stored" || (isFull && !selected.includes(record.id)) }),
            }}
            pagination={{ current: search.pageNumber, pageSize: PAGE_SIZE, total: page?.totalRow ?? 0, showSizeChanger: false, onChange: (pageNumber) => setSearch((current) => ({ ...current, pageNumber })) }}
            locale={{ emptyText: "暂无证据" }}
            columns={[
              { title: "证据名称", dataIndex: "name", ellipsis: true },
              { title: "证据类型", dataIndex: "kind", width: 120, render: (kind: EvidenceKind) => EVIDENCE_KIND_LABELS[kind] },
              { title: "证书编号", dataIndex: "certificateNo", width: 220, render: (no: string) => <Typography.Text style={{ fontFamily: "monospace", fontSize: 12 }}>{no}</Typography.Text> },
              { title: "存证时间", dataIndex: "createTime", width: 160, render: (time: number) => formatDateTime(time) },
              { title: "状态", dataIndex: "status", width: 80, render: (status: string) => (status === "stored" ? <Tag color="success">已存证</Tag> : <Tag>未上链</Tag>) },
            ]}
          />
        </Form.Item>
        {refusal && <Alert type="error" showIcon message={refusal} />}
      </Form>
    </Drawer>
  );
}
