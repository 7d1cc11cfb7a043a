import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Popconfirm, Space } from "antd";
import { useState } from "react";
import { RouterLinkButton } from "../../../components/router-link-button";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { siblingPath } from "../../../resources/derive";
import type { ListSlotProps, PageSlots, RowActionsProps } from "../../../resources/types";
import { INVOICE_ENDPOINTS, INVOICE_MESSAGES, invoiceActionsFor, type InvoiceApplicationRow } from "../../../schema/invoice";
import { refusalOf } from "../../kinds/server-refusal";
import { ApplicationDetailDrawer } from "./application-detail-drawer";

/** What the application list (开票记录) adds to the generic list: 申请开票, and each row's 详情 and 撤销. */

export const WITHDRAW_CONFIRM_TEXT = "撤销后该申请不再处理，所选订单可以重新申请开票。确定撤销吗？";

function ApplyButton({ route }: ListSlotProps) {
  const orders = siblingPath(route, "invoiceOrder");
  return (
    orders && (
      <RouterLinkButton type="primary" icon={<PlusOutlined />} to={orders}>
        申请开票
      </RouterLinkButton>
    )
  );
}

function ApplicationActions({ route, record, refresh }: RowActionsProps) {
  const application = record as InvoiceApplicationRow;
  const { message } = App.useApp();
  const withdraw = useEndpointMutation(INVOICE_ENDPOINTS.withdraw);
  const [isOpen, setOpen] = useState(false);
  // The machine says what the customer may do; the server checks it again.
  const canWithdraw = invoiceActionsFor(application.state, "user").includes("withdraw");

  async function withdrawApplication() {
    try {
      await withdraw.send({ id: application.id });
      message.success(INVOICE_MESSAGES.withdrawn);
    } catch (error) {
      message.error(refusalOf(error).message);
    }
    refresh();
  }

  return (
    <Space size="small">
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        详情
      </Button>
      {canWithdraw && (
        <Popconfirm title={WITHDRAW_CONFIRM_TEXT} okText="撤销" cancelText="取消" onConfirm={withdrawApplication}>
          <Button type="link" size="small" danger loading={withdraw.mutation.isPending}>
            撤销
          </Button>
        </Popconfirm>
      )}
      {isOpen && <ApplicationDetailDrawer place={route} id={application.id} onClose={() => setOpen(false)} />}
    </Space>
  );
}

const slots: PageSlots = { toolbar: ApplyButton, rowActions: ApplicationActions };
export default slots;
