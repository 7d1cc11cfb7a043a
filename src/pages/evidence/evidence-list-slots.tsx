import { useDelete } from "@refinedev/core";
import { App, Button, Modal, Popconfirm, Space, Tag } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { pageData } from "../../resources/define";
import { siblingPath } from "../../resources/derive";
import type { ListRecord, ListSlotProps, PageSlots, RowActionsProps } from "../../resources/types";
import { EVIDENCE_KIND_LABELS } from "../../schema/evidence";
import { pageBelow, recordHref, recordPageBelow } from "../kinds/record-links";
import { EvidenceForm } from "./evidence-form";

/**
 * What the evidence lists (/evidenceSave/<kind>/dataList, /rights/<kind>/dataList and an affair's
 * child list) add to the generic list: storing new evidence, each record's pages and its removal,
 * the mark on children added after their affair, and a refresh while a record is still pending.
 */

const isStored = (record: ListRecord) => record.status === "stored";

/** evidenceSave has no "new" page in the spec: its form opens over the list; rights go to their "new" page. */
function CreateEvidence({ route }: ListSlotProps) {
  const navigate = useNavigate();
  const [isCreating, setCreating] = useState(false);
  const kind = route.section.evidenceKind!;
  const newPage = siblingPath(route, "new");
  const label = `新建${EVIDENCE_KIND_LABELS[kind]}`;
  return (
    <>
      <Button type="primary" onClick={() => (newPage ? navigate(newPage) : setCreating(true))}>
        {label}
      </Button>
      <Modal title={label} open={isCreating} onCancel={() => setCreating(false)} footer={null} destroyOnHidden width={640}>
        <EvidenceForm kind={kind} resource={route.resource} onStored={() => setCreating(false)} />
      </Modal>
    </>
  );
}

/** The pages below the list that a record has, then deleting it where the list's calls allow. */
export function EvidenceRowActions({ route, record }: RowActionsProps) {
  const certificate = recordPageBelow(route);
  const links = [
    { page: certificate, label: "查看证书", applies: isStored(record) },
    { page: pageBelow(route, "childDataList"), label: "子存证", applies: true },
    { page: pageBelow(route, "NoticeCertificate"), label: "存证告知书", applies: isStored(record) },
    { page: pageBelow(route, "ApplyCertificateProcess"), label: "申请出证", applies: isStored(record) && !record.hasContent },
  ];
  return (
    <Space size="small" wrap>
      {links.map(({ page, label, applies }) => page && applies && <Link key={label} to={recordHref(route, page, String(record.id))}>{label}</Link>)}
      {pageData(route.section, route.page).endpoints?.delete && <DeleteEvidence route={route} record={record} />}
    </Space>
  );
}

function DeleteEvidence({ route, record }: Pick<RowActionsProps, "route" | "record">) {
  const { mutateAsync: remove } = useDelete();
  const { message } = App.useApp();
  const { endpoints } = pageData(route.section, route.page);
  return (
    <Popconfirm
      title="删除后该记录不再显示在列表中，账本中的存证记录仍永久保留，证书仍可公开核验。确定删除？"
      okText="删除"
      cancelText="取消"
      onConfirm={async () => {
        try {
          await remove({ resource: route.resource, id: String(record.id), meta: { endpoints }, successNotification: false, errorNotification: false });
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
  );
}

/** A child evidence stored after its affair is marked beside its name (the affair's certificate does not cover it). */
export const EVIDENCE_CELLS: PageSlots["cells"] = {
  name: (_value, record, text) => (
    <>
      {text}
      {(record.details as Record<string, unknown> | undefined)?.addedLater === true && (
        <Tag color="blue" style={{ marginLeft: 8 }}>
          事务创建后追加
        </Tag>
      )}
    </>
  ),
};

/** A record still pending (its block not yet signed) turns stored within a second or two. */
export const isEvidenceSettling = (record: ListRecord) => record.status === "pending";

const slots: PageSlots = { toolbar: CreateEvidence, rowActions: EvidenceRowActions, cells: EVIDENCE_CELLS, isSettling: isEvidenceSettling };
export default slots;
