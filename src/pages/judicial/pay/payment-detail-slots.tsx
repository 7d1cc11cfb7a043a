import { Alert } from "antd";
import { Link } from "react-router";
import { useAppLinks } from "../../../providers/app-links-context";
import type { ListSlotProps, PageSlots } from "../../../resources/types";
import type { JudicialPaymentDetail } from "../../../schema/judicial-pay";
import { withRecordId } from "../../kinds/record-links";

/** Below one judicial payment: where the money stands, and the appraisal it paid for. */
function PaymentPanel({ record }: ListSlotProps & { record?: Record<string, unknown> }) {
  const payment = record as unknown as JudicialPaymentDetail | undefined;
  const links = useAppLinks();
  if (!payment?.id) return null;
  return (
    <Alert
      style={{ marginTop: 16 }}
      type={payment.state === "held" ? "warning" : "info"}
      showIcon
      message={payment.stateNote}
      action={payment.commissionId !== null && <Link to={withRecordId(links.appraisalCommission, payment.commissionId)}>查看鉴定委托</Link>}
    />
  );
}

const slots: PageSlots = { panel: PaymentPanel };
export default slots;
