import { App, Button, Space, Tag } from "antd";
import { useState } from "react";
import type { PageSlots, RowActionsProps } from "../../../../resources/types";
import type { OperatorRecord } from "../../../../schema/console/operators";
import { OPERATOR_ROLES, type OperatorRole } from "../../../../schema/console/permissions";
import { EditOperatorDialog } from "./edit-operator-dialog";
import { OperatorActionDialog } from "./operator-action-dialog";
import { OPERATOR_ROW_ACTIONS, type OperatorRowAction } from "./operator-row-actions";

/** What the operators list (/console/platform/operators/dataList) adds to the generic list: roles as tags, and each row's actions. */

const ROLE_COLOURS: Record<OperatorRole, string> = { administrator: "red", identityReviewer: "blue", finance: "gold", contentEditor: "green", notaryOfficeAdmin: "purple", appraisalAdmin: "cyan" };

function RoleTags({ roles }: { roles: OperatorRole[] }) {
  return (
    <Space size={[0, 4]} wrap>
      {roles.map((role) => (
        <Tag key={role} color={ROLE_COLOURS[role]}>
          {OPERATOR_ROLES[role].title}
        </Tag>
      ))}
    </Space>
  );
}

type Open = { kind: "edit" } | { kind: "confirm"; action: OperatorRowAction } | null;

function OperatorActions({ record, refresh }: RowActionsProps) {
  const operator = record as OperatorRecord;
  const { message } = App.useApp();
  const [open, setOpen] = useState<Open>(null);
  const finish = (text: string) => {
    setOpen(null);
    message.success(text);
    refresh();
  };

  return (
    <Space size="small" wrap>
      <Button type="link" size="small" onClick={() => setOpen({ kind: "edit" })}>
        编辑角色
      </Button>
      {OPERATOR_ROW_ACTIONS.filter((action) => action.isOffered(operator)).map((action) => (
        <Button key={action.key} type="link" size="small" danger={action.isDangerous} onClick={() => setOpen({ kind: "confirm", action })}>
          {action.label}
        </Button>
      ))}
      {/* Mounted only while open: a closed dialog in every row's cell kept the table from showing its rows. */}
      {open?.kind === "edit" && <EditOperatorDialog operator={operator} onClose={() => setOpen(null)} onDone={() => finish("已保存")} />}
      {open?.kind === "confirm" && <OperatorActionDialog operator={operator} action={open.action} onClose={() => setOpen(null)} onDone={() => finish(open.action.done)} />}
    </Space>
  );
}

const slots: PageSlots = {
  rowActions: OperatorActions,
  cells: {
    roles: (value) => <RoleTags roles={value as OperatorRole[]} />,
  },
};
export default slots;
