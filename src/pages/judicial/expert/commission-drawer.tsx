import { Alert, Card, Drawer, Skeleton, Space } from "antd";
import { useCommissionFiles } from "../../../providers/appraisal-files";
import { useEndpointQuery } from "../../../providers/use-endpoint";
import { EXPERT_ENDPOINTS, EXPERT_EVIDENCE_STATES, type CommissionDetail } from "../../../schema/judicial-expert";
import { CommissionEvidence, CommissionFacts, CommissionStateTag, CommissionTimeline, OpinionCard } from "../appraisal/commission-parts";
import { ExpertActions } from "./expert-actions";

/** One commission of the expert's institution: its facts, what to do now, the evidence with its files, the opinion and the timeline. */
export function CommissionDrawer({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const detail = useEndpointQuery(EXPERT_ENDPOINTS.detail, { id });
  // refine answers an empty object until the first answer arrives.
  const commission = detail.datas?.id ? detail.datas : undefined;
  return (
    <Drawer open width={1080} title={commission ? <Space>委托 {commission.commissionNo}<CommissionStateTag state={commission.state} /></Space> : "鉴定委托"} onClose={onClose} destroyOnHidden>
      {detail.query.isLoading && <Skeleton active />}
      {detail.query.error && <Alert type="error" showIcon message={detail.query.error.message} />}
      {commission && (
        <CommissionView
          commission={commission}
          onDone={() => {
            void detail.query.refetch();
            onChanged();
          }}
        />
      )}
    </Drawer>
  );
}

function CommissionView({ commission, onDone }: { commission: CommissionDetail; onDone: () => void }) {
  const files = useCommissionFiles(commission.id);
  const isOpenToInstitution = EXPERT_EVIDENCE_STATES.includes(commission.state);
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card size="small" title="办理">
        <ExpertActions commission={commission} onDone={onDone} />
      </Card>
      <CommissionFacts commission={commission} />
      {isOpenToInstitution ? (
        <CommissionEvidence evidence={commission.evidence} urlOf={files.itemUrl} packages={files.packages} />
      ) : (
        <Alert type="info" showIcon message="委托已被拒绝或撤回，委托证据不再向本机构开放。" />
      )}
      <OpinionCard opinion={commission.opinion} downloadUrl={files.opinionUrl} />
      <Card size="small" title="办理进度">
        <CommissionTimeline events={commission.events} />
      </Card>
    </Space>
  );
}
