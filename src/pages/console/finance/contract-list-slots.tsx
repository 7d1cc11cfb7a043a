import { App, Button, Space } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import type { PageSlots, RowActionsProps } from "../../../resources/types";
import type { ContractRecord } from "../../../schema/console/finance-contracts";
import { CONTRACT_LIFECYCLE } from "../../../schema/console/offline-contract-lifecycle";
import { recordHref, recordPageBelow } from "../../kinds/record-links";
import { TerminateContractDialog } from "./terminate-contract-dialog";

/** What the contract list adds to the generic list: each row's 查看, and 终止 while the lifecycle allows it. */
function ContractActions({ route, record, refresh }: RowActionsProps) {
  const contract = record as ContractRecord;
  const { message } = App.useApp();
  const [isOpen, setOpen] = useState(false);
  const detail = recordPageBelow(route);
  const canTerminate = CONTRACT_LIFECYCLE.can(contract.status, "terminate");
  return (
    <Space size="small">
      {detail && <Link to={recordHref(route, detail, contract.id)}>查看</Link>}
      {canTerminate && (
        <Button type="link" size="small" danger onClick={() => setOpen(true)}>
          终止
        </Button>
      )}
      {isOpen && (
        <TerminateContractDialog
          contract={contract}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            message.success("合同已终止");
            refresh();
          }}
        />
      )}
    </Space>
  );
}

const slots: PageSlots = { rowActions: ContractActions };
export default slots;
