import { Modal } from "antd";
import { useEndpointMutation } from "../../../../providers/use-endpoint";
import { EditOperatorFormSchema, type EditOperatorForm } from "../../../../schema/console/operator-forms";
import { OPERATOR_ENDPOINTS, type OperatorRecord } from "../../../../schema/console/operators";
import { SchemaForm } from "../../../kinds/schema-form";
import { refusalOf } from "../../../kinds/server-refusal";

/** 编辑角色: the operator's name and roles (with what each role may do), and a reason for the audit trail. */
export function EditOperatorDialog({ operator, onClose, onDone }: { operator: OperatorRecord; onClose: () => void; onDone: () => void }) {
  const { send } = useEndpointMutation(OPERATOR_ENDPOINTS.update);
  return (
    <Modal open title={`编辑角色：${operator.name}（${operator.account}）`} footer={null} onCancel={onClose} destroyOnHidden>
      <SchemaForm
        schema={EditOperatorFormSchema}
        submitLabel="保存"
        initialValues={{ name: operator.name, roles: operator.roles }}
        onSubmit={async (values) => {
          try {
            await send({ id: operator.id, ...(values as EditOperatorForm) });
          } catch (error) {
            return refusalOf(error);
          }
          onDone();
          return null;
        }}
      />
    </Modal>
  );
}
