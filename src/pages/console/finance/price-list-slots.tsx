import { App, Button } from "antd";
import { useState } from "react";
import type { PageSlots, RowActionsProps } from "../../../resources/types";
import type { PriceRow } from "../../../schema/console/finance-prices";
import { EditPriceDialog } from "./edit-price-dialog";

/** What the price list adds to the generic list: each row's 修改价格. */
function PriceActions({ record, refresh }: RowActionsProps) {
  const { message } = App.useApp();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        修改价格
      </Button>
      {/* Mounted only while open, as the operators list does. */}
      {isOpen && (
        <EditPriceDialog
          row={record as PriceRow}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            message.success("价格已保存");
            refresh();
          }}
        />
      )}
    </>
  );
}

const slots: PageSlots = { rowActions: PriceActions };
export default slots;
