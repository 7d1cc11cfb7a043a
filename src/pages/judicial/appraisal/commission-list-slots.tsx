import { AuditOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useAppLinks } from "../../../providers/app-links-context";
import { siblingPath } from "../../../resources/derive";
import type { ListSlotProps, PageSlots, RowActionsProps } from "../../../resources/types";
import { JUDICIAL_PAY_PARAMS } from "../../../schema/judicial-pay";
import type { CommissionRow } from "../../../schema/judicial-expert";
import { withRecordId } from "../../kinds/record-links";
import { NewCommissionDialog } from "./new-commission-dialog";

/** The commission list's 委托鉴定 (the new commission's dialog, then on to its detail) and each row's 详情 and 支付. */

const DETAIL_PAGE = "dataDetail";

function CommissionToolbar({ route, refresh }: ListSlotProps) {
  const [isOpen, setOpen] = useState(false);
  const navigate = useNavigate();
  const detail = siblingPath(route, DETAIL_PAGE);
  return (
    <>
      <Button type="primary" icon={<AuditOutlined />} onClick={() => setOpen(true)}>
        委托鉴定
      </Button>
      {isOpen && (
        <NewCommissionDialog
          onClose={() => setOpen(false)}
          onCreated={(commission) => {
            setOpen(false);
            refresh();
            if (detail) navigate(withRecordId(detail, commission.id));
          }}
        />
      )}
    </>
  );
}

function CommissionRowActions({ route, record }: RowActionsProps) {
  const commission = record as unknown as CommissionRow;
  const links = useAppLinks();
  const detail = siblingPath(route, DETAIL_PAGE);
  return (
    <Space size="small">
      {detail && <Link to={withRecordId(detail, commission.id)}>详情</Link>}
      {commission.state === "quoted" && <Link to={`${links.judicialPay}?${new URLSearchParams({ [JUDICIAL_PAY_PARAMS.commission]: String(commission.id) })}`}>支付鉴定费</Link>}
    </Space>
  );
}

const slots: PageSlots = { toolbar: CommissionToolbar, rowActions: CommissionRowActions };
export default slots;
