import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Space } from "antd";
import { useState } from "react";
import type { ListSlotProps, PageSlots, RowActionsProps } from "../../../resources/types";
import { INVOICE_ENDPOINTS, INVOICE_MESSAGES, type InvoiceAddress } from "../../../schema/invoice";
import { AddressDialog } from "./address-dialog";
import { DeleteRecordButton } from "./delete-record-button";

/** What the list of mailing addresses (收件地址) adds: 新增地址, and each address's 编辑 and 删除, the form in a dialog. */

export const DELETE_ADDRESS_CONFIRM = "删除后不能恢复；已提交的开票申请保留申请时的地址。确定删除吗？";

function useSaved(refresh: () => void, close: () => void) {
  const { message } = App.useApp();
  return () => {
    message.success(INVOICE_MESSAGES.saved);
    close();
    refresh();
  };
}

function AddAddress({ refresh }: ListSlotProps) {
  const [isOpen, setOpen] = useState(false);
  const saved = useSaved(refresh, () => setOpen(false));
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        新增地址
      </Button>
      {isOpen && <AddressDialog onCancel={() => setOpen(false)} onSaved={saved} />}
    </>
  );
}

function AddressActions({ record, refresh }: RowActionsProps) {
  const address = record as InvoiceAddress;
  const [isEditing, setEditing] = useState(false);
  const saved = useSaved(refresh, () => setEditing(false));
  return (
    <Space size="small">
      <Button type="link" size="small" onClick={() => setEditing(true)}>
        编辑
      </Button>
      <DeleteRecordButton endpoint={INVOICE_ENDPOINTS.deleteAddress} id={address.id} confirm={DELETE_ADDRESS_CONFIRM} onDeleted={refresh} />
      {/* Mounted only while open, as the child-account list's rename dialog. */}
      {isEditing && <AddressDialog address={address} onCancel={() => setEditing(false)} onSaved={saved} />}
    </Space>
  );
}

const slots: PageSlots = { toolbar: AddAddress, rowActions: AddressActions };
export default slots;
