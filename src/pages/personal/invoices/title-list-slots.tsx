import { PlusOutlined } from "@ant-design/icons";
import { Space, Tag } from "antd";
import { Link } from "react-router";
import { RouterLinkButton } from "../../../components/router-link-button";
import { siblingPath } from "../../../resources/derive";
import type { ListRecord, ListSlotProps, PageSlots, RowActionsProps } from "../../../resources/types";
import { INVOICE_ENDPOINTS, type InvoiceTitle } from "../../../schema/invoice";
import { withRecordId } from "../../kinds/record-links";
import { DeleteRecordButton } from "./delete-record-button";

/** What the list of invoice titles (发票信息) adds: 新增, and each title's 编辑 and 删除; a title fit for a 专票 says so. */

export const DELETE_TITLE_CONFIRM = "删除后不能恢复；已提交的开票申请保留申请时的抬头信息。确定删除吗？";

function AddTitle({ route }: ListSlotProps) {
  const detail = siblingPath(route, "invoiceInfoDetail");
  return (
    detail && (
      <RouterLinkButton type="primary" icon={<PlusOutlined />} to={detail}>
        新增发票信息
      </RouterLinkButton>
    )
  );
}

function TitleActions({ route, record, refresh }: RowActionsProps) {
  const title = record as InvoiceTitle;
  const detail = siblingPath(route, "invoiceInfoDetail");
  return (
    <Space size="small">
      {detail && <Link to={withRecordId(detail, title.id)}>编辑</Link>}
      <DeleteRecordButton endpoint={INVOICE_ENDPOINTS.deleteTitle} id={title.id} confirm={DELETE_TITLE_CONFIRM} onDeleted={refresh} />
    </Space>
  );
}

const slots: PageSlots = {
  toolbar: AddTitle,
  rowActions: TitleActions,
  cells: {
    name: (_value, record: ListRecord, text) => (
      <Space size={4}>
        {text}
        {(record as InvoiceTitle).allowsSpecial && <Tag color="gold">可开专票</Tag>}
      </Space>
    ),
  },
};
export default slots;
