import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, Modal } from "antd";
import { useState } from "react";
import { z } from "zod";
import { useNotaryServices } from "../../../providers/notary-context";
import { useNotarySession } from "../../../providers/session-context";
import { useEndpointMutation, useEndpointQuery } from "../../../providers/use-endpoint";
import { toHttpError } from "../../../providers/data-provider";
import { describeFields } from "../../../resources/field-meta";
import type { ListRecord } from "../../../resources/types";
import { PasswordSchema } from "../../../schema/credentials";
import { ResultCode } from "../../../schema/envelope";
import { NewStaffFormSchema, NOTARY_CONSOLE_ENDPOINTS, NOTARY_ROLE_LABELS, NotaryStaffSchema, type NotaryStaff } from "../../../schema/notary-console";
import { fieldColumns } from "../../kinds/field-cell";
import { RecordTable } from "../../kinds/record-table";
import { SchemaForm } from "../../kinds/schema-form";
import { refusalOf } from "../../kinds/server-refusal";

const STAFF_COLUMNS = fieldColumns(describeFields(NotaryStaffSchema, ["account", "name", "role", "status", "lastLoginTime", "createTime"]));

/** The new staff member as the administrator types it; the initial password is encrypted on its way (notary-client.ts). */
const NewStaffInputSchema = z.object({
  account: NewStaffFormSchema.shape.account.meta({ title: "账号" }),
  name: NewStaffFormSchema.shape.name.meta({ title: "姓名" }),
  role: NewStaffFormSchema.shape.role.meta({ title: "角色", labels: NOTARY_ROLE_LABELS }),
  password: PasswordSchema.meta({ title: "初始密码", widget: "password" }),
});

/**
 * The office's staff: who they are, their role and status. The administrator adds staff and
 * disables or restores them (not themselves, not the last administrator: the server says so);
 * others see the list only.
 */
export function StaffCard({ canEdit }: { canEdit: boolean }) {
  const { message } = App.useApp();
  const me = useNotarySession();
  const { client } = useNotaryServices();
  const staff = useEndpointQuery(NOTARY_CONSOLE_ENDPOINTS.staffList, {});
  const setStatus = useEndpointMutation(NOTARY_CONSOLE_ENDPOINTS.setStaffStatus);
  const [isAdding, setAdding] = useState(false);
  const refresh = () => void staff.query.refetch();

  async function toggle(member: NotaryStaff) {
    const status = member.status === "active" ? "disabled" : "active";
    try {
      await setStatus.send({ id: member.id, status });
      message.success(status === "disabled" ? `已停用 ${member.name}` : `已恢复 ${member.name}`);
      refresh();
    } catch (error) {
      message.error(refusalOf(error).message);
    }
  }

  const actions = canEdit
    ? [
        {
          key: "actions",
          title: "操作",
          render: (_dom: unknown, record: ListRecord) => {
            const member = record as unknown as NotaryStaff;
            if (member.id === me?.id) return "本人";
            return (
              <Button type="link" size="small" danger={member.status === "active"} style={{ padding: 0 }} onClick={() => void toggle(member)}>
                {member.status === "active" ? "停用" : "恢复"}
              </Button>
            );
          },
        },
      ]
    : [];

  return (
    <Card
      title="工作人员"
      type="inner"
      extra={
        canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            新增工作人员
          </Button>
        )
      }
    >
      <RecordTable rowKey="id" columns={[...STAFF_COLUMNS, ...actions]} records={(staff.query.isSuccess ? staff.datas : []) as unknown as ListRecord[]} loading={staff.query.isLoading} emptyText="暂无工作人员" />
      {isAdding && (
        <Modal open title="新增工作人员" footer={null} onCancel={() => setAdding(false)} destroyOnHidden>
          <SchemaForm
            schema={NewStaffInputSchema}
            submitLabel="新增"
            initialValues={{ role: "notary" }}
            onSubmit={async (values) => {
              const answer = await client.addStaff(values as z.output<typeof NewStaffInputSchema>);
              if (answer.code !== ResultCode.success) return refusalOf(toHttpError(answer));
              message.success(`已新增工作人员 ${answer.datas.name}`);
              setAdding(false);
              refresh();
              return null;
            }}
          />
        </Modal>
      )}
    </Card>
  );
}
