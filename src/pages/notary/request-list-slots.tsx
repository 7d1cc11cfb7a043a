import { Space } from "antd";
import { Link } from "react-router";
import type { PageSlots, RowActionsProps } from "../../resources/types";
import { NOTARIZATION_LIFECYCLE, type NotarizationRow } from "../../schema/notarization";
import { requestHref } from "./request-links";

/** Each application's 查看 (its content, evidence checked live), 审核 while the office has a decision to make, 出证 once approved or issued. */
function RequestRowActions({ route, record }: RowActionsProps) {
  const row = record as unknown as NotarizationRow;
  const decisions = NOTARIZATION_LIFECYCLE.actionsFrom(row.state, "notary").filter((action) => action !== "issue");
  return (
    <Space size={12}>
      <Link to={requestHref(route, "requestContent", row.id)}>查看</Link>
      {decisions.length > 0 && <Link to={requestHref(route, "infoAudit", row.id)}>审核</Link>}
      {(row.state === "approved" || row.state === "issued") && <Link to={requestHref(route, "certificate", row.id)}>{row.state === "approved" ? "出证" : "公证书"}</Link>}
    </Space>
  );
}

const slots: PageSlots = { rowActions: RequestRowActions };
export default slots;
