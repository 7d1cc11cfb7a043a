import { Card, Space } from "antd";
import { Link } from "react-router";
import type { ListRecord, ListSlotProps, PageSlots } from "../../resources/types";
import type { NotarizationDetail } from "../../schema/notarization";
import { NotarizationTimeline } from "../notarization/notarization-timeline";
import { DecisionBar } from "./decision-bar";
import { requestHref } from "./request-links";

/** infoAudit below the application's facts: the decisions open now, the evidence's page, the timeline so far. */
function DecisionPanel({ route, record, refresh }: ListSlotProps & { record?: ListRecord }) {
  if (!record) return null;
  const application = record as unknown as NotarizationDetail;
  return (
    <Space direction="vertical" size="large" style={{ width: "100%", marginTop: 24 }}>
      <Card title="审核决定" type="inner" extra={<Link to={requestHref(route, "requestContent", application.id)}>查看证据与核验结果</Link>}>
        <DecisionBar application={application} onDecided={refresh} />
        {application.state === "approved" && (
          <p style={{ marginTop: 12, marginBottom: 0 }}>
            <Link to={requestHref(route, "certificate", application.id)}>去出具公证书</Link>
          </p>
        )}
      </Card>
      <Card title="办理进度" type="inner">
        <NotarizationTimeline events={application.events} />
      </Card>
    </Space>
  );
}

const slots: PageSlots = { panel: DecisionPanel };
export default slots;
