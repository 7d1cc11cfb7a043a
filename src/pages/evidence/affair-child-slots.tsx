import { useOne } from "@refinedev/core";
import { Button, Descriptions, Modal, Space } from "antd";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { pageData } from "../../resources/define";
import { siblingPath, type SectionRoute } from "../../resources/derive";
import { describeField, describeFields, formatFieldValue } from "../../resources/field-meta";
import type { ListSlotProps, PageSlots } from "../../resources/types";
import type { EvidenceRecordView } from "../../schema/evidence";
import { EvidenceForm } from "./evidence-form";
import { AFFAIR_CHILDREN_FORM } from "./evidence-form-config";
import { EVIDENCE_CELLS, EvidenceRowActions, isEvidenceSettling } from "./evidence-list-slots";

/**
 * /evidenceSave/affairEvidence/dataList/childDataList?id=<affair>: the affair above its child
 * evidences, and more children added here at any time (the affair's own certificate keeps what it
 * covered when it was created).
 */

/** The affair the page is about: one record of the section, named as the list's scope says. */
function useAffair(route: SectionRoute) {
  const [params] = useSearchParams();
  const id = params.get(pageData(route.section, route.page).scope?.from ?? "id") ?? "";
  const { result, query } = useOne<EvidenceRecordView>({
    resource: route.resource,
    id,
    meta: { endpoints: route.section.endpoints },
    queryOptions: { enabled: id !== "" },
  });
  return { affair: result?.kind === "affair" ? result : undefined, query };
}

function AffairActions({ route, refresh }: ListSlotProps) {
  const { affair } = useAffair(route);
  const [isAdding, setAdding] = useState(false);
  const list = siblingPath(route, "dataList");
  const { endpoints } = pageData(route.section, route.page);
  return (
    <Space>
      {affair?.status === "stored" && (
        <Button type="primary" onClick={() => setAdding(true)}>
          追加子存证
        </Button>
      )}
      {list && <Link to={list}>返回存证列表</Link>}
      {affair && (
        <Modal title={`向“${affair.name}”追加子存证`} open={isAdding} onCancel={() => setAdding(false)} footer={null} destroyOnHidden width={640}>
          <EvidenceForm
            kind="affair"
            resource={route.resource}
            variant={{ config: AFFAIR_CHILDREN_FORM, create: endpoints!.create!, fixedValues: { parentId: affair.id } }}
            onStored={() => {
              setAdding(false);
              refresh();
            }}
          />
        </Modal>
      )}
    </Space>
  );
}

/** The affair's name, certificate number, time and children, labelled as its record schema labels them. */
function AffairPanel({ route }: ListSlotProps) {
  const { affair } = useAffair(route);
  const record = route.section.record;
  if (!affair || !record) return null;
  const [time, children] = describeFields(record, ["createTime", "childCount"]);
  const names = describeField("affair", record.shape.affair).entries?.labels ?? {};
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      style={{ marginBottom: 16 }}
      items={[
        { key: "name", label: names.name, children: affair.name },
        { key: "no", label: names.certificateNo, children: affair.certificateNo },
        { key: "time", label: time.label, children: formatFieldValue(time, affair.createTime) },
        { key: "count", label: children.label, children: childCountText(affair) },
      ]}
    />
  );
}

/** Now and at creation: the affair's own certificate covers the children it had when it was created. */
function childCountText(affair: EvidenceRecordView): string {
  const now = affair.childCount ?? 0;
  const atCreation = typeof affair.details.childCount === "number" ? affair.details.childCount : now;
  return now === atCreation ? `${now} 条` : `${now} 条（创建时 ${atCreation} 条，其后追加 ${now - atCreation} 条）`;
}

const slots: PageSlots = { toolbar: AffairActions, panel: AffairPanel, rowActions: EvidenceRowActions, cells: EVIDENCE_CELLS, isSettling: isEvidenceSettling };
export default slots;
