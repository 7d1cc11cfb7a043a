import { App, Button, Popconfirm } from "antd";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { INVOICE_ENDPOINTS, INVOICE_MESSAGES } from "../../../schema/invoice";
import { refusalOf } from "../../kinds/server-refusal";

/** 删除 of a title or an address, after a confirmation saying what it does. */
export function DeleteRecordButton({ endpoint, id, confirm, onDeleted }: { endpoint: typeof INVOICE_ENDPOINTS.deleteTitle | typeof INVOICE_ENDPOINTS.deleteAddress; id: number; confirm: string; onDeleted: () => void }) {
  const { message } = App.useApp();
  const remove = useEndpointMutation(endpoint);

  async function deleteRecord() {
    try {
      await remove.send({ id });
      message.success(INVOICE_MESSAGES.deleted);
    } catch (error) {
      message.error(refusalOf(error).message);
    }
    onDeleted();
  }

  return (
    <Popconfirm title={confirm} okText="删除" cancelText="取消" onConfirm={deleteRecord}>
      <Button type="link" size="small" danger loading={remove.mutation.isPending}>
        删除
      </Button>
    </Popconfirm>
  );
}
