import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useDataProvider } from "@refinedev/core";
import { Button, Modal, Space, Table, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import type { SectionRoute } from "../../resources/derive";
import { defineSectionData } from "../../resources/define";
import { describeFilters } from "../../resources/field-meta";
import { queryEndpoint } from "../../providers/use-endpoint";
import type { ListRecord } from "../../resources/types";
import { EVIDENCE_KIND_LABELS } from "../../schema/evidence";
import type { EvidenceKind } from "../../schema/evidence-entry";
import { EVIDENCE_LIBRARY_ENDPOINTS, LibraryEvidenceSchema, LibraryListQuerySchema } from "../../schema/evidence-library";
import { NOTARIZATION_LIMITS } from "../../schema/notarization";
import { RecordList } from "../kinds/record-list";

/** An evidence the application is to cover, as far as the form shows it and the bundle rule needs it. */
export interface ChosenEvidence {
  id: number;
  name: string;
  /** Null when the library no longer answers for it (deleted, not the caller's). */
  kind: EvidenceKind | null;
  certificateNo: string;
}

/** The holder's evidence of every kind, searched by name or certificate number and by kind. */
const PICKER_DATA = defineSectionData({
  record: LibraryEvidenceSchema,
  columns: ["name", "kind", "certificateNo", "createTime", "status"],
  filters: describeFilters(LibraryListQuerySchema, ["kind", "keyName"]),
  endpoints: { list: EVIDENCE_LIBRARY_ENDPOINTS.list },
  emptyText: "证据库中暂无证据",
});

const toChosen = (record: ListRecord): ChosenEvidence => ({
  id: Number(record.id),
  name: String(record.name),
  kind: record.kind as EvidenceKind,
  certificateNo: String(record.certificateNo),
});

/**
 * The application's evidence: what is chosen (name, kind, certificate number; removable), and
 * 选择证据 opening the evidence library's list in a dialog, searched and paged on its own, rows
 * chosen across pages.
 */
export function EvidencePicker({
  route,
  value = [],
  onChange,
  chosen,
  title = "选择要公证的证据",
  max = NOTARIZATION_LIMITS.maxEvidence,
}: {
  route: SectionRoute;
  value?: number[];
  onChange?: (ids: number[]) => void;
  chosen: ChosenRecords;
  /** The dialog's heading and the most that may be chosen (another form than a notarisation's). */
  title?: string;
  max?: number;
}) {
  const [isPicking, setPicking] = useState(false);
  const rows = value.map((id) => chosen.records.get(id) ?? { id, name: "读取中…", kind: null, certificateNo: "" });
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Space>
        <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
          选择证据
        </Button>
        <Typography.Text type="secondary">
          已选择 {value.length} 条（最多 {max} 条）
        </Typography.Text>
      </Space>
      {value.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ y: 240 }}
          aria-label="已选证据"
          dataSource={rows}
          columns={[
            { key: "name", title: "证据名称", dataIndex: "name", ellipsis: true },
            { key: "kind", title: "类型", dataIndex: "kind", width: 110, render: (kind: EvidenceKind | null) => (kind ? <Tag>{EVIDENCE_KIND_LABELS[kind]}</Tag> : "—") },
            { key: "certificateNo", title: "证书编号", dataIndex: "certificateNo", render: (text: string) => text && <Typography.Text code>{text}</Typography.Text> },
            {
              key: "remove",
              title: "操作",
              width: 70,
              render: (_: unknown, row: { id: number; name: string }) => (
                <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`移除 ${row.name}`} onClick={() => onChange?.(value.filter((id) => id !== row.id))} />
              ),
            },
          ]}
        />
      )}
      {isPicking && (
        <Modal open title={title} width={1000} okText="确定" cancelText="取消" onOk={() => setPicking(false)} onCancel={() => setPicking(false)} destroyOnHidden>
          <RecordList
            route={{ ...route, resource: PICKER_RESOURCE }}
            data={PICKER_DATA}
            isPagedLocally
            selection={{
              selected: value,
              onSelect: (ids: number[], records: readonly ListRecord[]) => {
                chosen.remember(records.map(toChosen));
                onChange?.(ids);
              },
            }}
          />
        </Modal>
      )}
    </Space>
  );
}

/** The picker's list is the library's records, cached apart from the page's own list. */
const PICKER_RESOURCE = "evidences/dataList#notarization";

export interface ChosenRecords {
  records: ReadonlyMap<number, ChosenEvidence>;
  remember: (list: readonly ChosenEvidence[]) => void;
}

/**
 * What is known of the chosen ids: given at the start (a draft's evidence), remembered from the
 * picker's rows, else read once from the library (ids handed over by the library's selection).
 */
export function useChosenRecords(ids: readonly number[], initial: readonly ChosenEvidence[]): ChosenRecords {
  const dataProvider = useDataProvider()();
  const [records, setRecords] = useState<ReadonlyMap<number, ChosenEvidence>>(() => new Map(initial.map((record) => [record.id, record])));
  const remember = (list: readonly ChosenEvidence[]) => setRecords((current) => new Map([...current, ...list.map((record) => [record.id, record] as const)]));
  const missingKey = ids.filter((id) => !records.has(id)).join(",");
  useEffect(() => {
    if (missingKey === "") return;
    let isCurrent = true;
    void Promise.all(
      missingKey.split(",").map((text) =>
        queryEndpoint(dataProvider, EVIDENCE_LIBRARY_ENDPOINTS.detail, { id: Number(text) }).then(
          (record) => toChosen(record as unknown as ListRecord),
          () => ({ id: Number(text), name: "证据不存在或不属于本账号", kind: null, certificateNo: "" }),
        ),
      ),
    ).then((found) => isCurrent && remember(found));
    return () => {
      isCurrent = false;
    };
  }, [missingKey, dataProvider]);
  return { records, remember };
}

/** The kinds of the chosen evidence; an unknown one counts as not a snapshot. */
export function chosenKinds(ids: readonly number[], chosen: ChosenRecords): (EvidenceKind | null)[] {
  return ids.map((id) => chosen.records.get(id)?.kind ?? null);
}
