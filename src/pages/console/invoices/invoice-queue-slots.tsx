import { Link } from "react-router";
import { pagePath } from "../../../resources/derive";
import type { PageSlots, RowActionsProps } from "../../../resources/types";
import { invoiceActionsFor, type ConsoleApplicationRow } from "../../../schema/invoice";
import { pageBelow, withRecordId } from "../../kinds/record-links";

/** A row's review page: 审核 while finance has something to decide, 查看 otherwise. */
function ReviewLink({ route, record }: RowActionsProps) {
  const row = record as ConsoleApplicationRow;
  const page = pageBelow(route, "review");
  if (!page) return null;
  const hasDecision = invoiceActionsFor(row.state, "finance").length > 0;
  return <Link to={withRecordId(pagePath(route, page), row.id)}>{hasDecision ? "处理" : "查看"}</Link>;
}

const slots: PageSlots = { rowActions: ReviewLink };
export default slots;
