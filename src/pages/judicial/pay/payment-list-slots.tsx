import { Link } from "react-router";
import { siblingPath } from "../../../resources/derive";
import type { PageSlots, RowActionsProps } from "../../../resources/types";
import { withRecordId } from "../../kinds/record-links";

/** Each judicial payment's 详情 (seeJudicialPay is the section's sibling page, not one below the list). */
function PaymentRowActions({ route, record }: RowActionsProps) {
  const detail = siblingPath(route, "seeJudicialPay");
  return detail ? <Link to={withRecordId(detail, String(record.id))}>详情</Link> : null;
}

const slots: PageSlots = { rowActions: PaymentRowActions };
export default slots;
