import { Link } from "react-router";
import { pagePath } from "../../../resources/derive";
import type { PageSlots, RowActionsProps } from "../../../resources/types";
import type { IdentityApplicationRow } from "../../../schema/console/identity-review";
import { pageBelow } from "../../kinds/record-links";

/** The review page of a row: 审核 while it waits, 查看 once decided (kind and number name it). */
function ReviewLink({ route, record }: RowActionsProps) {
  const row = record as IdentityApplicationRow;
  const page = pageBelow(route, "review");
  if (!page) return null;
  const query = new URLSearchParams({ kind: row.kind, id: String(row.id) });
  return <Link to={`${pagePath(route, page)}?${query}`}>{row.status === "pending" ? "审核" : "查看"}</Link>;
}

const slots: PageSlots = { rowActions: ReviewLink };
export default slots;
